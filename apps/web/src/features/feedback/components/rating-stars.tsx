import { RATING_MAX, RATING_MIN } from '@cosa/contracts';
import { cn } from '../../../lib/cn';

const STARS = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/** A given rating as five stars, read as 'Rated 4 out of 5'; 'Not rated' when there is none. */
export function RatingStars({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-ink-muted">Not rated</span>;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_MAX}`}
      className="inline-flex items-center gap-0.5"
    >
      {STARS.map((star) => (
        <svg
          key={star}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={cn(
            'size-5',
            star <= rating ? 'fill-gold-400 text-warning-700' : 'fill-transparent text-ink-muted',
          )}
          stroke="currentColor"
          strokeWidth="1.2"
        >
          <path
            d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.7L10 14.8l-5.1 2.7 1-5.7-4.1-4 5.7-.8z"
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}
