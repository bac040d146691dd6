import { ROLL_IMPORT_REFUSED_LIST_LIMIT, type RollRefusal } from '@cosa/contracts';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { counted } from '../counted';
import { RollRowItem } from './roll-rows';

/**
 * A preview's refused rows by reason: how many rows each reason refuses and the first of them,
 * and the download of every refused row with its reasons (the page never holds them all).
 */
export function RefusalGroups({
  refusals,
  total,
  onDownload,
  downloading,
  error,
}: {
  refusals: RollRefusal[];
  total: number;
  onDownload: () => void;
  downloading: boolean;
  error: string | null;
}) {
  if (total === 0) return <EmptyState title="No refused rows" />;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-ink-muted">
          {counted(total, 'refused row', 'refused rows')}, counted by reason (a row refused for two
          reasons counts under both). Each reason lists its first{' '}
          {ROLL_IMPORT_REFUSED_LIST_LIMIT.toLocaleString('en-IN')} rows; the download has every refused
          row with its reasons, to correct in the spreadsheet.
        </p>
        <Button
          variant="secondary"
          size="sm"
          className="shrink-0"
          onClick={onDownload}
          loading={downloading}
          loadingText="Preparing..."
        >
          Download refused rows (CSV)
        </Button>
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <ul aria-label="Refused rows by reason" className="flex flex-col gap-2">
        {refusals.map((refusal, index) => (
          <li key={refusal.reason} className="min-w-0">
            <details
              open={index === 0}
              className="rounded-lg border border-line-soft bg-surface p-3 text-sm"
            >
              <summary className="cursor-pointer font-medium break-words text-ink">
                {refusal.reason}{' '}
                <span className="font-normal text-ink-muted">
                  ({counted(refusal.count, 'row', 'rows')})
                </span>
              </summary>
              <div className="mt-3 flex flex-col gap-2">
                {refusal.count > refusal.rows.length && (
                  <p className="text-ink-muted">
                    Listing the first {refusal.rows.length.toLocaleString('en-IN')} of{' '}
                    {refusal.count.toLocaleString('en-IN')} rows; the download has them all.
                  </p>
                )}
                <ul className="grid gap-2 lg:grid-cols-2">
                  {refusal.rows.map((row) => (
                    <RollRowItem key={row.row} row={row} />
                  ))}
                </ul>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}
