import type { ReactNode } from 'react';
import type { Booking } from '@cosa/contracts';
import { cn } from '../../../lib/cn';

export type BookingColumn = {
  header: string;
  cell: (booking: Booking) => ReactNode;
  className?: string;
};

/**
 * A column's cells hold what people wrote (a description, a name, a note): a word may break anywhere,
 * so a long URL or a word without spaces wraps instead of widening the table (break-words alone
 * still counts the whole word in the column's minimum width). The portal's own dates, times and
 * buttons keep their words whole.
 */
export const WRITTEN_TEXT = 'wrap-anywhere';

/**
 * A table of booking requests. On a phone each row becomes a card whose cells carry their column
 * name, so nothing scrolls sideways; from md up it is an ordinary table.
 */
export function BookingTable({
  caption,
  columns,
  items,
  busy,
}: {
  caption: string;
  columns: readonly BookingColumn[];
  items: readonly Booking[];
  busy?: boolean;
}) {
  return (
    <table className="w-full min-w-0 text-left text-sm max-md:block" aria-busy={busy || undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-line">
          {columns.map((column) => (
            <th key={column.header} scope="col" className="px-3 py-2 font-semibold text-ink">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:grid-cols-[minmax(0,1fr)] max-md:gap-3">
        {items.map((booking) => (
          <tr
            key={booking.id}
            className="border-b border-line-soft align-top max-md:grid max-md:min-w-0 max-md:gap-1 max-md:rounded-card max-md:border max-md:p-3"
          >
            {columns.map((column) => (
              <td
                key={column.header}
                data-label={column.header}
                className={cn(
                  'px-3 py-2 max-md:flex max-md:min-w-0 max-md:gap-2 max-md:p-0',
                  column.className,
                )}
              >
                <span aria-hidden="true" className="w-24 shrink-0 font-medium text-ink-muted md:hidden">
                  {column.header}
                </span>
                <span className="min-w-0 max-md:flex-1">{column.cell(booking)}</span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
