import type { ReactNode } from 'react';
import type { TurnoutRow } from '@cosa/contracts';
import { formatCount, formatShare } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable } from './report-table';

/** '3 posts were voted on; turnout ranged from 34% to 71%.' */
function electionsSummary(rows: readonly TurnoutRow[]): string {
  if (rows.length === 0) return 'No election closed its voting in this period.';
  const posts = rows.length === 1 ? '1 post was voted on' : `${rows.length} posts were voted on`;
  const shown = rows.flatMap((row) => (row.turnout === null ? [] : [row.turnout]));
  if (shown.length === 0) return `${posts}.`;
  const [low, high] = [Math.min(...shown), Math.max(...shown)];
  if (low === high) return `${posts}; turnout ${formatShare(low)}.`;
  return `${posts}; turnout ranged from ${formatShare(low)} to ${formatShare(high)}.`;
}

/** Elections: the turnout of each post whose voting closed in the period. */
export function ElectionsSection({
  rows,
  download,
}: {
  rows: readonly TurnoutRow[];
  download: ReactNode;
}) {
  const summary = electionsSummary(rows);
  return (
    <ReportSection
      title="Elections"
      summary={summary}
      empty={rows.length === 0 ? 'No election closed its voting in this period.' : undefined}
      download={download}
    >
      <ChartAndTable
        wide
        chart={
          <BarChart
            summary={summary}
            rows={rows.map((row) => ({ label: `${row.post}, ${row.election}`, values: [row.turnout] }))}
            series={[{ label: 'Turnout' }]}
            format={(value) => formatShare(value)}
            max={1}
          />
        }
        table={
          <ReportTable<TurnoutRow>
            caption="Turnout by post"
            columns={[
              // The post names the row: one election has several.
              { header: 'Post', cell: (row) => row.post },
              { header: 'Election', cell: (row) => row.election },
              { header: 'Eligible', cell: (row) => formatCount(row.eligible), numeric: true },
              { header: 'Voted', cell: (row) => formatCount(row.voted), numeric: true },
              { header: 'Turnout', cell: (row) => formatShare(row.turnout), numeric: true },
            ]}
            rows={rows}
            rowKey={(row) => row.postId}
          />
        }
      />
    </ReportSection>
  );
}
