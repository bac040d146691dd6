import type { LookupItem } from '@cosa/contracts';
import { LazySearchPicker } from '../../../components/ui/lazy-search-picker';
import { searchUsers, userLookupKey } from '../api/search-lookups';

type ProposersFieldProps = {
  value: LookupItem[];
  onChange: (people: LookupItem[]) => void;
  /** e.g. 'This post needs 2 proposers, each an eligible voter other than you.' */
  hint: string;
  error?: string;
};

/** Proposers: students chosen one at a time from the picker, shown as removable chips. */
export function ProposersField({ value, onChange, hint, error }: ProposersFieldProps) {
  const chosen = new Set(value.map((person) => person.id));
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <LazySearchPicker
        label="Proposers"
        required
        value={null}
        onChange={(item) => {
          if (item && !chosen.has(item.id)) onChange([...value, item]);
        }}
        search={searchUsers}
        queryKey={userLookupKey}
        placeholder="Search students"
        hint={hint}
        emptyText="No people match"
        error={error}
      />
      {value.length > 0 && (
        <ul aria-label="Chosen proposers" className="flex flex-wrap gap-2">
          {value.map((person) => (
            <li
              key={person.id}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-accent-soft py-1 pr-1 pl-3 text-sm text-accent-ink"
            >
              <span className="min-w-0 break-words">{person.label}</span>
              <button
                type="button"
                aria-label={`Remove ${person.label}`}
                onClick={() => onChange(value.filter((other) => other.id !== person.id))}
                className="inline-flex size-7 shrink-0 items-center justify-center rounded-full hover:bg-surface focus-visible:outline-2 focus-visible:outline-accent"
              >
                <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
                  <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
