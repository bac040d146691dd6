import type { UseFormRegisterReturn } from 'react-hook-form';
import { RATING_MAX } from '@cosa/contracts';
import { StarInput } from '../../../components/ui/star-input';

type StarRatingProps = {
  /** The chosen rating, '' for none. */
  value: string;
  radio: UseFormRegisterReturn;
  onClear: () => void;
  error?: string;
};

/** The 1-to-5 rating as a group of radio buttons drawn as stars; marked required, but a blank rating is allowed. */
export function StarRating({ value, radio, onClear, error }: StarRatingProps) {
  const chosen = Number(value) || 0;
  return (
    <StarInput
      legend="Rating"
      value={value}
      radio={radio}
      starLabel={(star) => (star === 1 ? '1 star' : `${star} stars`)}
      summary={chosen ? `${chosen} of ${RATING_MAX}` : 'Not rated'}
      error={error}
      errorId="rating-error"
      after={
        chosen > 0 && (
          <button
            type="button"
            onClick={onClear}
            className="ml-2 min-h-9 rounded-lg px-2 text-sm text-accent-ink underline hover:bg-accent-soft"
          >
            Clear rating
          </button>
        )
      }
    />
  );
}
