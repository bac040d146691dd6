import { Button } from '../../../components/ui/button';

/** "Endorse selected" of one list: its texts, the item names, and the request deciding the ids. */
export type BulkApproval = {
  approveText: string;
  busyText: string;
  /** The item's name for its checkbox and for a refusal, e.g. 'Guitar by Asha Verma'. */
  nameOf: (id: string) => string;
  approve: (ids: string[], options: { onSuccess: () => void }) => void;
  isPending: boolean;
};

type BulkBarProps = {
  approval: BulkApproval;
  onPage: string[];
  selected: string[];
  /** How many items match the list's filters, on every page. */
  total: number;
  onSelect: (ids: string[]) => void;
};

/** The list's count, "Select all on this page" and "Endorse selected" for the items ticked. */
export function BulkBar({ approval, onPage, selected, total, onSelect }: BulkBarProps) {
  const all = selected.length === onPage.length;
  return (
    <div className="flex flex-col gap-3 rounded-card border border-line-soft bg-canvas p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <label className="flex items-center gap-2 font-medium text-ink">
          <input
            type="checkbox"
            className="size-4 accent-accent"
            checked={all}
            onChange={(event) => onSelect(event.target.checked ? onPage : [])}
          />
          Select all on this page
        </label>
        <span className="text-ink-muted" aria-live="polite">
          {selected.length} selected of {total} awaiting
        </span>
      </div>
      <Button
        size="sm"
        disabled={selected.length === 0}
        loading={approval.isPending}
        loadingText={approval.busyText}
        onClick={() => approval.approve(selected, { onSuccess: () => onSelect([]) })}
      >
        {approval.approveText}
      </Button>
    </div>
  );
}
