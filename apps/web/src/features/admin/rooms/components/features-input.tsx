import { useId, useState, type KeyboardEvent } from 'react';
import { MAX_ROOM_FEATURE, MAX_ROOM_FEATURES } from '@cosa/contracts';
import { Button } from '../../../../components/ui/button';
import { TextField } from '../../../../components/ui/text-field';

type FeaturesInputProps = {
  value: readonly string[];
  onChange: (features: string[]) => void;
  error?: string;
};

/**
 * The room's features as removable chips, and a field to add one (Enter or the button). A
 * feature already there, whatever its case, is not added twice.
 */
export function FeaturesInput({ value, onChange, error }: FeaturesInputProps) {
  const [draft, setDraft] = useState('');
  const legendId = useId();
  const add = () => {
    const feature = draft.trim();
    if (!feature) return;
    if (!value.some((each) => each.toLowerCase() === feature.toLowerCase()))
      onChange([...value, feature]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the feature instead of sending the whole form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" aria-describedby={legendId}>
      <legend className="text-sm font-medium text-ink">Features</legend>
      <p id={legendId} className="text-xs text-ink-muted">
        What the room offers, such as a projector or a whiteboard (at most {MAX_ROOM_FEATURES}).
      </p>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Features added">
          {value.map((feature) => (
            <li
              key={feature}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-0.5 pr-1 pl-3 text-sm text-accent-ink"
            >
              <span className="break-all">{feature}</span>
              <button
                type="button"
                aria-label={`Remove ${feature}`}
                onClick={() => onChange(value.filter((each) => each !== feature))}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
              >
                <svg
                  aria-hidden="true"
                  viewBox="0 0 20 20"
                  className="size-3.5"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-end">
        <TextField
          label="New feature"
          value={draft}
          maxLength={MAX_ROOM_FEATURE}
          autoComplete="off"
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          error={error}
          containerClassName="min-w-0 flex-1"
        />
        <Button
          variant="secondary"
          onClick={add}
          disabled={!draft.trim() || value.length >= MAX_ROOM_FEATURES}
        >
          Add feature
        </Button>
      </div>
    </fieldset>
  );
}
