import { useId, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export type ReportColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Figures line up on the right. */
  numeric?: boolean;
};

/**
 * A chart's data table, the same rows as its CSV file. The first column names the row. On a phone
 * the table scrolls within its own frame, which the keyboard reaches too, so the page never
 * scrolls sideways.
 */
export function ReportTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
}: {
  caption: string;
  columns: readonly ReportColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** A last row (the totals), set apart. */
  footer?: T;
}) {
  const captionId = useId();
  const line = (row: T, key: string, total = false) => (
    <tr key={key} className={cn('border-b border-line-soft', total && 'font-semibold')}>
      {columns.map((column, index) => {
        const Cell = index === 0 ? 'th' : 'td';
        return (
          <Cell
            key={column.header}
            scope={index === 0 ? 'row' : undefined}
            className={cn(
              'px-3 py-2 text-ink',
              index === 0 ? 'text-left font-medium' : 'whitespace-nowrap',
              column.numeric && 'text-right tabular-nums',
            )}
          >
            {column.cell(row)}
          </Cell>
        );
      })}
    </tr>
  );
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="max-w-full min-w-0 overflow-x-auto rounded-card border border-line-soft focus-visible:outline-2 focus-visible:outline-accent"
    >
      <table className="w-full text-sm">
        <caption id={captionId} className="px-3 py-2 text-left font-semibold text-ink">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={cn(
                  'px-3 py-2 align-bottom font-semibold text-ink',
                  column.numeric ? 'text-right' : 'text-left',
                )}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{rows.map((row, index) => line(row, rowKey(row, index)))}</tbody>
        {footer !== undefined && <tfoot>{line(footer, 'total', true)}</tfoot>}
      </table>
    </div>
  );
}
