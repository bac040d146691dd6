import { RATING_MAX } from '@cosa/contracts';
import { RATING_STARS, StarIcon } from '../../../components/ui/star-input';

/** A given rating as five stars, read as 'Rated 4 out of 5'; 'Not rated' when there is none. */
export function RatingStars({ rating }: { rating: number | null }) {
  if (rating === null) return <span className="text-ink-muted">Not rated</span>;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating} out of ${RATING_MAX}`}
      className="inline-flex items-center gap-0.5"
    >
      {RATING_STARS.map((star) => (
        <StarIcon key={star} filled={star <= rating} className="size-5" />
      ))}
    </span>
  );
}
