import type { ReactNode } from 'react';
import type { ReachGroup, TermReport } from '@cosa/contracts';
import { EmptyState } from '../../../components/ui/empty-state';
import { Tabs } from '../../../components/ui/tabs';
import { countToStart, formatCount, formatShare } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable, type ReportColumn } from './report-table';

type Reach = TermReport['reach'];

const DIMENSIONS = [
  { value: 'batch', label: 'By batch', name: 'batch', rows: (reach: Reach) => reach.byBatch },
  { value: 'program', label: 'By program', name: 'program', rows: (reach: Reach) => reach.byProgram },
  {
    value: 'discipline',
    label: 'By discipline',
    name: 'discipline',
    rows: (reach: Reach) => reach.byDiscipline,
  },
  { value: 'hostel', label: 'By hostel', name: 'hostel', rows: (reach: Reach) => reach.byHostel },
] as const;

const COLUMNS: readonly ReportColumn<ReachGroup>[] = [
  { header: 'Group', cell: (row) => row.group },
  { header: 'Students', cell: (row) => formatCount(row.students), numeric: true },
  { header: 'Took part', cell: (row) => formatCount(row.participants), numeric: true },
  { header: 'Share', cell: (row) => formatShare(row.share), numeric: true },
];

/** '412 of 1,980 students (21%) took part.' */
function reachSummary(reach: Reach): string {
  if (reach.students === 0) return 'No students were on the roll in this period.';
  const share = reach.share === null ? '' : ` (${formatShare(reach.share)})`;
  return `${countToStart(reach.participants)} of ${formatCount(reach.students)} students${share} took part.`;
}

/** Where the share was highest and lowest along one dimension. */
function spreadSummary(rows: readonly ReachGroup[], name: string): string {
  const shown = rows.filter((row) => row.share !== null).sort((a, b) => b.share! - a.share!);
  const [highest, lowest] = [shown[0], shown.at(-1)];
  if (!highest || !lowest) return `By ${name}, no share can be shown.`;
  if (highest === lowest)
    return `By ${name}: ${highest.group}, ${formatShare(highest.share)} took part.`;
  return `By ${name}, the share who took part ranged from ${formatShare(lowest.share)} (${lowest.group}) to ${formatShare(highest.share)} (${highest.group}).`;
}

function Dimension({
  rows,
  name,
  all,
}: {
  rows: readonly ReachGroup[];
  name: string;
  /** The last row: every student. */
  all: ReachGroup;
}) {
  if (rows.length === 0 && name === 'hostel')
    return (
      <EmptyState title="A hostel is a student's personal detail: only the administrator's report groups students by hostel." />
    );
  if (rows.length === 0) return <EmptyState title={`No students to group by ${name}.`} />;
  const summary = spreadSummary(rows, name);
  return (
    <div className="grid gap-3">
      <p className="text-sm text-ink">{summary}</p>
      <ChartAndTable
        chart={
          <BarChart
            summary={summary}
            rows={rows.map((row) => ({ label: row.group, values: [row.share] }))}
            series={[{ label: 'Share who took part' }]}
            format={(value) => formatShare(value)}
            max={1}
          />
        }
        table={
          <ReportTable
            caption={`Students who took part, by ${name}`}
            columns={COLUMNS}
            rows={rows}
            rowKey={(row) => row.group}
            footer={all}
          />
        }
      />
    </div>
  );
}

/** Reach: the share of the students who took part in anything, along four dimensions. */
export function ReachSection({ reach, download }: { reach: Reach; download: ReactNode }) {
  return (
    <ReportSection
      title="Reach"
      summary={reachSummary(reach)}
      empty={reach.students === 0 ? 'No students were on the roll in this period.' : undefined}
      download={download}
    >
      <Tabs
        label="Group the students"
        items={DIMENSIONS.map((dimension) => ({
          value: dimension.value,
          label: dimension.label,
          content: (
            <Dimension
              rows={dimension.rows(reach)}
              name={dimension.name}
              all={{
                group: 'All students',
                students: reach.students,
                participants: reach.participants,
                share: reach.share,
              }}
            />
          ),
        }))}
      />
    </ReportSection>
  );
}
