import type { ReactNode } from 'react';
import type { FeedbackGroup, ReviewGroup, TermReport } from '@cosa/contracts';
import { countToStart, formatCount, formatHours, formatShare } from '../report-format';
import { BarChart } from './bar-chart';
import { ChartAndTable, ReportSection } from './report-section';
import { ReportTable } from './report-table';

type Feedback = TermReport['feedback'];

/** '120 feedback received, 90 resolved (75%). Half were resolved within 36 h, nine in ten within 5 days.' */
function feedbackSummary({ total }: Feedback): string {
  if (total.received === 0) return 'No feedback in this period.';
  const share = total.resolvedShare === null ? '' : ` (${formatShare(total.resolvedShare)})`;
  const counts = `${countToStart(total.received)} feedback received, ${formatCount(total.resolved)} resolved${share}.`;
  if (total.p50Hours === null) return `${counts} Too few were resolved to show how fast.`;
  const p90 = total.p90Hours === null ? '' : `, nine in ten within ${formatHours(total.p90Hours)}`;
  return `${counts} Half were resolved within ${formatHours(total.p50Hours)}${p90}.`;
}

/** The p50 and p90 columns both tables end with: how long half, and nine in ten, took. */
const timeColumns = <Row extends { p50Hours: number | null; p90Hours: number | null }>() => [
  { header: 'Half within (p50)', cell: (row: Row) => formatHours(row.p50Hours), numeric: true },
  { header: 'Nine in ten within (p90)', cell: (row: Row) => formatHours(row.p90Hours), numeric: true },
];

/** Feedback: received and resolved by type, and how long resolving took. */
export function FeedbackSection({ feedback, download }: { feedback: Feedback; download: ReactNode }) {
  const summary = feedbackSummary(feedback);
  return (
    <ReportSection
      title="Feedback"
      summary={summary}
      empty={feedback.total.received === 0 ? 'No feedback in this period.' : undefined}
      download={download}
    >
      <ChartAndTable
        wide
        chart={
          <BarChart
            summary={summary}
            rows={feedback.byType.map((row) => ({
              label: row.group,
              values: [row.received, row.resolved],
            }))}
            series={[{ label: 'Received' }, { label: 'Resolved' }]}
            format={(value) => formatCount(value)}
          />
        }
        table={
          <ReportTable<FeedbackGroup>
            caption="Feedback by type"
            columns={[
              { header: 'Type', cell: (row) => row.group },
              { header: 'Received', cell: (row) => formatCount(row.received), numeric: true },
              { header: 'Resolved', cell: (row) => formatCount(row.resolved), numeric: true },
              { header: 'Share resolved', cell: (row) => formatShare(row.resolvedShare), numeric: true },
              ...timeColumns(),
            ]}
            rows={feedback.byType}
            rowKey={(row) => row.group}
            footer={feedback.total}
          />
        }
      />
    </ReportSection>
  );
}

/** 'Achievements: 40 decided, 6 waiting, half within 1.5 days; Skills: ...' */
function reviewsSummary(reviews: readonly ReviewGroup[]): string {
  if (reviews.every((row) => row.decided === 0 && row.waiting === 0))
    return 'Nothing was submitted for review in this period.';
  const parts = reviews.map((row) => {
    const speed = row.p50Hours === null ? '' : `, half within ${formatHours(row.p50Hours)}`;
    return `${row.group}: ${formatCount(row.decided)} decided, ${formatCount(row.waiting)} waiting${speed}`;
  });
  return `${parts.join('; ')}.`;
}

/** Endorsements and verifications: per kind, decided and waiting, and the time in the queue. */
export function ReviewsSection({
  reviews,
  download,
}: {
  reviews: readonly ReviewGroup[];
  download: ReactNode;
}) {
  const summary = reviewsSummary(reviews);
  const empty = reviews.every((row) => row.decided === 0 && row.waiting === 0);
  return (
    <ReportSection
      title="Endorsements and verifications"
      summary={summary}
      empty={empty ? 'Nothing was submitted for review in this period.' : undefined}
      download={download}
    >
      <ChartAndTable
        wide
        chart={
          <BarChart
            summary={summary}
            rows={reviews.map((row) => ({ label: row.group, values: [row.decided, row.waiting] }))}
            series={[{ label: 'Decided' }, { label: 'Waiting' }]}
            format={(value) => formatCount(value)}
          />
        }
        table={
          <ReportTable<ReviewGroup>
            caption="Reviews by kind"
            columns={[
              { header: 'Kind', cell: (row) => row.group },
              { header: 'Decided', cell: (row) => formatCount(row.decided), numeric: true },
              { header: 'Waiting', cell: (row) => formatCount(row.waiting), numeric: true },
              ...timeColumns(),
            ]}
            rows={reviews}
            rowKey={(row) => row.group}
          />
        }
      />
    </ReportSection>
  );
}
