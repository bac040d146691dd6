import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export type MoneyColumn<T> = {
  header: string;
  cell: (item: T) => ReactNode;
  /** Amounts line up on the right from md up. */
  numeric?: boolean;
};

/**
 * A table of money rows. On a phone each row becomes a card whose cells carry their column name,
 * so nothing scrolls sideways at 375 px; from md up it is an ordinary table.
 */
export function MoneyTable<T>({
  caption,
  columns,
  items,
  itemKey,
  footer,
  busy,
}: {
  caption: string;
  columns: readonly MoneyColumn<T>[];
  items: readonly T[];
  itemKey: (item: T) => string;
  /** A last row (totals), laid out like the others. */
  footer?: T;
  busy?: boolean;
}) {
  const row = (item: T, key: string, total = false) => (
    <tr
      key={key}
      className={cn(
        'border-b border-line-soft align-top max-md:grid max-md:min-w-0 max-md:gap-1 max-md:rounded-card max-md:border max-md:p-3',
        total && 'font-semibold',
      )}
    >
      {columns.map((column) => (
        <td
          key={column.header}
          className={cn(
            'px-3 py-2 max-md:flex max-md:min-w-0 max-md:gap-2 max-md:p-0',
            column.numeric && 'tabular-nums md:text-right md:whitespace-nowrap',
          )}
        >
          <span aria-hidden="true" className="w-28 shrink-0 font-medium text-ink-muted md:hidden">
            {column.header}
          </span>
          <span className="min-w-0 wrap-anywhere max-md:flex-1">{column.cell(item)}</span>
        </td>
      ))}
    </tr>
  );
  return (
    <table className="w-full min-w-0 text-left text-sm max-md:block" aria-busy={busy || undefined}>
      <caption className="sr-only">{caption}</caption>
      <thead className="max-md:sr-only">
        <tr className="border-b border-line">
          {columns.map((column) => (
            <th
              key={column.header}
              scope="col"
              className={cn('px-3 py-2 font-semibold text-ink', column.numeric && 'md:text-right')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-md:grid max-md:grid-cols-[minmax(0,1fr)] max-md:gap-3">
        {items.map((item) => row(item, itemKey(item)))}
        {footer !== undefined && row(footer, 'footer', true)}
      </tbody>
    </table>
  );
}
