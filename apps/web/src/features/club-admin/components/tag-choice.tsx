import { useId } from 'react';
import { CLUB_PAGE_MESSAGES } from '@cosa/contracts';
import { ErrorState } from '../../../components/ui/error-state';
import { Spinner } from '../../../components/ui/spinner';
import { useClubTags } from '../api/club-tags';
import { CLUB_ADMIN_TEXTS } from '../club-admin-texts';

/** A club carries at most this many tags (the contract's rule, said again where it is chosen). */
const MAX_TAGS = 4;

type TagChoiceProps = {
  value: string[];
  onChange: (ids: string[]) => void;
  /** The server's or the form check's message. */
  error?: string | undefined;
};

/** The administrator's tags as checkboxes; picking a fifth says at once that four is the most. */
export function TagChoice({ value, onChange, error }: TagChoiceProps) {
  const id = useId();
  const tags = useClubTags();
  const message = value.length > MAX_TAGS ? CLUB_PAGE_MESSAGES.tooManyTags : error;
  const toggle = (tagId: string, checked: boolean) =>
    onChange(checked ? [...value, tagId] : value.filter((chosen) => chosen !== tagId));

  return (
    <fieldset
      className="flex min-w-0 flex-col gap-2"
      aria-describedby={[`${id}-hint`, message ? `${id}-error` : null].filter(Boolean).join(' ')}
    >
      <legend className="text-sm font-medium text-ink">Tags</legend>
      <p id={`${id}-hint`} className="text-xs text-ink-muted">
        Choose up to four from the administrator&apos;s list; students find the club by them.
      </p>
      {tags.isPending ? (
        <Spinner label={CLUB_ADMIN_TEXTS.tagsLoading} visibleLabel size="sm" />
      ) : tags.isError ? (
        <ErrorState
          message={CLUB_ADMIN_TEXTS.tagsLoadFailed}
          onRetry={() => void tags.refetch()}
          retrying={tags.isFetching}
        />
      ) : tags.data.length === 0 ? (
        <p className="text-sm text-ink-muted">{CLUB_ADMIN_TEXTS.noTagsYet}</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {tags.data.map((tag) => (
            <li key={tag.id} className="min-w-0">
              <label className="flex min-h-9 items-center gap-2 text-sm break-words text-ink">
                <input
                  type="checkbox"
                  className="size-4 shrink-0 accent-accent"
                  checked={value.includes(tag.id)}
                  onChange={(event) => toggle(tag.id, event.target.checked)}
                />
                {tag.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {message}
        </p>
      )}
    </fieldset>
  );
}
