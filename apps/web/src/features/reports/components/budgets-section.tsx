import type { ReactNode } from 'react';
import type { BudgetRow, TermReport } from '@cosa/contracts';
import { FEWER_THAN_5, formatCount, formatMoney } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable } from './report-table';

type Budgets = TermReport['budgets'];
type Row = Omit<BudgetRow, 'unitId'>;

/** 'Budget lines of 2025-2026: ₹2,00,000 allocated, ₹12,500 committed and ₹15,000 paid; ₹150 per attendee.' */
function budgetsSummary({ tenures, rows, total }: Budgets, wholeTenure: boolean): string {
  if (rows.length === 0) return 'No budget lines for this period.';
  const cost = !wholeTenure
    ? '. Cost per attendee is given for a whole tenure: a range of days against a tenure’s payments would mislead'
    : total.costPerAttendee === null
      ? ''
      : `; ${formatMoney(total.costPerAttendee)} per attendee`;
  return `Budget lines of ${tenures.join(' and ')}: ${formatMoney(total.allocated)} allocated, ${formatMoney(total.committed)} committed and ${formatMoney(total.paid)} paid${cost}.`;
}

/** Budgets: each council's and club's lines, what they paid, and what each attendance cost. */
export function BudgetsSection({
  budgets,
  wholeTenure,
  download,
}: {
  budgets: Budgets;
  /** Whether the report is of a whole tenure (cost per attendee is given only then). */
  wholeTenure: boolean;
  download: ReactNode;
}) {
  const summary = budgetsSummary(budgets, wholeTenure);
  return (
    <ReportSection
      title="Budgets"
      summary={summary}
      empty={budgets.rows.length === 0 ? 'No budget lines for this period.' : undefined}
      download={download}
    >
      <ChartAndTable
        wide
        chart={
          <BarChart
            summary={`Cost per attendee by council and club. ${summary}`}
            rows={budgets.rows.map((row) => ({ label: row.unit, values: [row.costPerAttendee] }))}
            series={[{ label: 'Cost per attendee' }]}
            format={(value) => formatMoney(value)}
            // A cost is missing when the attendances are hidden, or when there were none.
            missing={(index) =>
              budgets.rows[index]?.attendances === null ? FEWER_THAN_5 : 'no attendances'
            }
          />
        }
        table={
          <ReportTable<Row>
            caption="Budgets and cost per attendee"
            columns={[
              { header: 'Council or club', cell: (row) => row.unit },
              { header: 'Allocated', cell: (row) => formatMoney(row.allocated), numeric: true },
              { header: 'Committed', cell: (row) => formatMoney(row.committed), numeric: true },
              { header: 'Paid', cell: (row) => formatMoney(row.paid), numeric: true },
              { header: 'Attendances', cell: (row) => formatCount(row.attendances), numeric: true },
              {
                header: 'Cost per attendee',
                cell: (row) => formatMoney(row.costPerAttendee),
                numeric: true,
              },
            ]}
            rows={budgets.rows}
            rowKey={(row, index) => `${index}-${row.unit}`}
            footer={budgets.total}
          />
        }
      />
    </ReportSection>
  );
}
