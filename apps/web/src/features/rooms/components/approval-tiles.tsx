import { APPROVAL_MESSAGES, type ApprovalList } from '@cosa/contracts';

/** The four summary tiles of the panel; a dash while the counts are unknown. */
export function ApprovalTiles({ counts }: { counts: ApprovalList['counts'] | undefined }) {
  const tiles = [
    { label: APPROVAL_MESSAGES.total, value: counts?.all },
    { label: APPROVAL_MESSAGES.pending, value: counts?.Pending },
    { label: APPROVAL_MESSAGES.approved, value: counts?.Approved },
    { label: APPROVAL_MESSAGES.rejected, value: counts?.Rejected },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map((tile) => (
        <div
          key={tile.label}
          className="rounded-card border border-line-soft bg-surface p-4 shadow-card"
        >
          <dt className="text-sm text-ink-muted">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-bold text-ink tabular-nums">{tile.value ?? '–'}</dd>
        </div>
      ))}
    </dl>
  );
}
