import { Link } from 'react-router';
import { formatRupees, type BudgetLine, type BudgetUnit } from '@cosa/contracts';
import { Card } from '../../../components/ui/card';
import { lineLabel } from '../money-labels';
import { moneyPaths } from '../money-paths';
import { UsageBar } from './figures';
import { MoneyTable, type MoneyColumn } from './money-table';
import { TransferDialog } from './transfer-dialog';

const linkClasses =
  'rounded-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

type Row = BudgetLine | ({ id: 'total'; heading: null; total: true } & BudgetUnit['totals']);
const isTotal = (row: Row): row is Extract<Row, { total: true }> => 'total' in row;

/** A unit's lines of the tenure, each linking to its ledger, with the unit's totals and a bar of what is used. */
export function BudgetUnitCard({ entry, mayTransfer }: { entry: BudgetUnit; mayTransfer: boolean }) {
  const { unit, lines, totals } = entry;
  const headingId = `unit-${unit.id}`;
  // Money is passed down from a council's own lines to its clubs.
  const passesDown = mayTransfer && unit.type === 'council';
  const columns: MoneyColumn<Row>[] = [
    {
      header: 'Line',
      cell: (row) =>
        isTotal(row) ? (
          'Total'
        ) : (
          <Link
            to={moneyPaths.line(row.id)}
            className={linkClasses}
            aria-label={`${lineLabel(row.heading)} line of ${unit.name}`}
          >
            {lineLabel(row.heading)}
          </Link>
        ),
    },
    { header: 'Allocated', numeric: true, cell: (row) => formatRupees(row.allocated) },
    { header: 'Committed', numeric: true, cell: (row) => formatRupees(row.committed) },
    { header: 'Paid', numeric: true, cell: (row) => formatRupees(row.paid) },
    { header: 'Available', numeric: true, cell: (row) => formatRupees(row.available) },
    { header: 'Used', cell: (row) => <UsageBar figures={row} /> },
  ];
  if (passesDown)
    columns.push({
      header: 'Actions',
      cell: (row) => (isTotal(row) ? null : <TransferDialog councilName={unit.name} line={row} />),
    });
  return (
    <Card aria-labelledby={headingId} className="p-3 sm:p-4">
      <h2 id={headingId} className="text-lg font-semibold wrap-anywhere text-ink">
        {unit.name}
        <span className="ml-2 text-sm font-normal text-ink-muted">
          {unit.type === 'council' ? 'Council' : unit.type === 'club' ? 'Club' : 'Committee'}
        </span>
      </h2>
      {lines.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No money allocated to {unit.name} this tenure.</p>
      ) : (
        <div className="mt-2">
          <MoneyTable
            caption={`Budget lines of ${unit.name}`}
            columns={columns}
            items={lines}
            itemKey={(row) => row.id}
            footer={
              lines.length > 1 ? { id: 'total', heading: null, total: true, ...totals } : undefined
            }
          />
        </div>
      )}
    </Card>
  );
}
