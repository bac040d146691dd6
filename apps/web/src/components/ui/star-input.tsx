import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { RATING_MAX, RATING_MIN } from '@cosa/contracts';
import { cn } from '../../lib/cn';

/** The ratings a star stands for, 1 to 5. */
export const RATING_STARS = Array.from(
  { length: RATING_MAX - RATING_MIN + 1 },
  (_, index) => RATING_MIN + index,
);

/** One star of a rating, filled when `filled`; drawn for the eye only (the text or label says the rating). */
export function StarIcon({ filled, className }: { filled: boolean; className: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className={cn(
        className,
        filled ? 'fill-gold-400 text-warning-700' : 'fill-transparent text-ink-muted',
      )}
      stroke="currentColor"
      strokeWidth="1.2"
    >
      <path
        d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
        strokeLinejoin="round"
      />
    </svg>
  );
}

type StarInputProps = {
  legend: string;
  /** The chosen rating, '' for none. */
  value: string;
  radio: UseFormRegisterReturn;
  /** The accessible name of each star's radio button. */
  starLabel: (star: number) => string;
  /** What is chosen, in words, read out as it changes. */
  summary: string;
  error?: string;
  errorId: string;
  /** Something beside the summary, such as a button that clears the rating. */
  after?: ReactNode;
};

/** A 1-to-5 rating as a group of radio buttons drawn as stars, marked required. */
export function StarInput({
  legend,
  value,
  radio,
  starLabel,
  summary,
  error,
  errorId,
  after,
}: StarInputProps) {
  const chosen = Number(value) || 0;
  return (
    <fieldset className="min-w-0" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium text-ink">
        {legend}
        <span aria-hidden="true" className="ml-0.5 text-danger-700">
          *
        </span>
      </legend>
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {RATING_STARS.map((star) => (
          <label
            key={star}
            className="relative inline-flex size-11 cursor-pointer items-center justify-center rounded-lg"
          >
            <input
              type="radio"
              value={String(star)}
              className="peer sr-only"
              aria-label={starLabel(star)}
              {...radio}
            />
            <StarIcon
              filled={star <= chosen}
              className="size-8 rounded peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-accent"
            />
          </label>
        ))}
        <span className="ml-1 text-sm text-ink-muted" aria-live="polite">
          {summary}
        </span>
        {after}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm text-danger-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
