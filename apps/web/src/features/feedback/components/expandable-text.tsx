import { useId, useState } from 'react';
import { FEEDBACK_DESK_MESSAGES } from '@cosa/contracts';
import { cn } from '../../../lib/cn';

type ExpandableTextProps = { text: string; limit: number; className?: string };

/**
 * A text cut at `limit` characters with a View More / View Less toggle, shown only when the
 * text is longer. Characters are counted as code points, so a cut never splits an emoji in half.
 */
export function ExpandableText({ text, limit, className }: ExpandableTextProps) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  const characters = Array.from(text);
  const long = characters.length > limit;
  const shown = long && !expanded ? `${characters.slice(0, limit).join('')}...` : text;
  return (
    <div className={cn('min-w-0', className)}>
      <p id={textId} className="text-sm break-words whitespace-pre-line text-ink">
        {shown}
      </p>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={textId}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 min-h-9 rounded-lg px-1 text-sm font-medium text-accent-ink underline underline-offset-2 hover:bg-accent-soft focus-visible:outline-2 focus-visible:outline-accent"
        >
          {expanded ? FEEDBACK_DESK_MESSAGES.viewLess : FEEDBACK_DESK_MESSAGES.viewMore}
        </button>
      )}
    </div>
  );
}
