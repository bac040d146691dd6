import type { ReactNode } from 'react';
import type { TermReport } from '@cosa/contracts';
import { formatCount, formatShare } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable } from './report-table';

type Concentration = TermReport['concentration'];
type Bucket = Concentration['buckets'][number];

const bucketLabel = (activities: string) =>
  activities === '1' ? '1 activity' : `${activities} activities`;

/** How much of all the activity the busiest tenth of the participants had. */
function concentrationSummary({ buckets, topTenthShare }: Concentration): string {
  if (buckets.length === 0) return 'No one took part in this period.';
  if (topTenthShare === null)
    return 'Participants by their number of activities; with fewer than 10 participants, the busiest tenth’s share is not shown.';
  return `The busiest tenth of participants had ${formatShare(topTenthShare)} of all activities.`;
}

/** Concentration: how many students had one activity, two, three or four, and so on. */
export function ConcentrationSection({
  concentration,
  download,
}: {
  concentration: Concentration;
  download: ReactNode;
}) {
  const summary = concentrationSummary(concentration);
  return (
    <ReportSection
      title="Concentration"
      summary={summary}
      empty={concentration.buckets.length === 0 ? 'No one took part in this period.' : undefined}
      download={download}
    >
      <ChartAndTable
        chart={
          <BarChart
            summary={summary}
            rows={concentration.buckets.map((bucket) => ({
              label: bucketLabel(bucket.activities),
              values: [bucket.students],
            }))}
            series={[{ label: 'Students' }]}
            format={(value) => formatCount(value)}
          />
        }
        table={
          <ReportTable<Bucket>
            caption="Participants by number of activities"
            columns={[
              { header: 'Activities', cell: (row) => row.activities },
              { header: 'Students', cell: (row) => formatCount(row.students), numeric: true },
            ]}
            rows={concentration.buckets}
            rowKey={(row) => row.activities}
          />
        }
      />
    </ReportSection>
  );
}
