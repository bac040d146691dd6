import type { ReportChart, TermReport } from '@cosa/contracts';
import { ErrorState } from '../../components/ui/error-state';
import { PageHeader } from '../../components/ui/page-header';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatDateTime } from '../../lib/format';
import { reportExportHref, useTermReport } from './api/term-report';
import { BudgetsSection } from './components/budgets-section';
import { ConcentrationSection } from './components/concentration-section';
import { ElectionsSection } from './components/elections-section';
import { EventsSection } from './components/events-section';
import { FeedbackSection, ReviewsSection } from './components/feedback-section';
import { PeriodControl } from './components/period-control';
import { ReachSection } from './components/reach-section';
import { CsvLink } from './components/report-section';
import { NOT_SHOWN_NOTE } from './report-format';
import { useReportPeriod, type ReportPeriod } from './report-period';

const scopeName = (scope: TermReport['scope']) =>
  scope.kind === 'institute' ? 'All of the council' : scope.name;

function periodText({ tenure, from, to }: TermReport['period']): string {
  const days = `${formatDate(from)} to ${formatDate(to)}`;
  return tenure ? `Tenure ${tenure} (${days})` : days;
}

/** What went wrong, and what to do about it. */
function failureOf(error: unknown): { message: string; retry: boolean } {
  // 403: not a reader of reports; 404: a coordinator whose account is linked to no club.
  if (error instanceof ApiError && (error.status === 403 || error.status === 404))
    return { message: error.message, retry: false };
  // 429 and 503: too many reports just now; the server says when to try again.
  if (error instanceof ApiError && (error.status === 429 || error.status === 503))
    return { message: error.message, retry: true };
  if (error instanceof ApiError && error.status === 400) {
    const fields = error.fields ? Object.values(error.fields).join(' ') : error.message;
    return { message: `${fields} Choose another period above.`, retry: false };
  }
  return {
    message: 'The report could not be loaded. Check your connection and try again.',
    retry: true,
  };
}

function Report({ report, period, busy }: { report: TermReport; period: ReportPeriod; busy: boolean }) {
  const csv = (chart: ReportChart, of: string) => (
    <CsvLink href={reportExportHref(chart, period)} of={of} />
  );
  return (
    <div className="grid gap-4" aria-busy={busy || undefined}>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-ink-muted">Covers</dt>
        <dd className="text-ink">{scopeName(report.scope)}</dd>
        <dt className="font-medium text-ink-muted">Period</dt>
        <dd className="text-ink">{periodText(report.period)}</dd>
        <dt className="font-medium text-ink-muted">Figures as of</dt>
        <dd className="text-ink">{formatDateTime(report.generatedAt)}</dd>
      </dl>
      <p className="text-sm text-ink-muted">{NOT_SHOWN_NOTE}</p>
      <ReachSection reach={report.reach} download={csv('reach', 'the reach')} />
      <ConcentrationSection
        concentration={report.concentration}
        download={csv('concentration', 'the concentration')}
      />
      <EventsSection
        events={report.events}
        downloads={{
          byCategory: csv('events-by-category', 'the events by category'),
          byClub: csv('events-by-club', 'the events by club'),
        }}
      />
      <FeedbackSection feedback={report.feedback} download={csv('feedback', 'the feedback')} />
      <ReviewsSection
        reviews={report.reviews}
        download={csv('reviews', 'the endorsements and verifications')}
      />
      <BudgetsSection
        budgets={report.budgets}
        wholeTenure={report.period.tenure !== null}
        download={csv('budgets', 'the budgets')}
      />
      <ElectionsSection rows={report.elections} download={csv('elections', 'the elections')} />
    </div>
  );
}

/**
 * /reports: the term report (decision 0044). For a tenure or a range of days, within the reader's
 * scope: who took part, how the activity was spread, events, feedback, reviews, budgets and
 * elections, each as a chart with its table and CSV file. Groups of fewer than 5 are never shown
 * by their number.
 */
export function TermReportPage() {
  const { period, thisTenure, choose } = useReportPeriod();
  const report = useTermReport(period);
  const shown = report.isError ? undefined : report.data;
  // A reader with nothing to report on (a coordinator without a club) has no period to choose.
  const forbidden =
    report.error instanceof ApiError && (report.error.status === 403 || report.error.status === 404);

  let body;
  if (report.isError) {
    const failure = failureOf(report.error);
    body = (
      <ErrorState
        message={failure.message}
        onRetry={failure.retry ? () => void report.refetch() : undefined}
        retrying={report.isFetching}
      />
    );
  } else if (!shown)
    body = <Spinner label="Loading the report..." visibleLabel size="lg" className="py-10" />;
  else body = <Report report={shown} period={period} busy={report.isPlaceholderData} />;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-4">
      <PageHeader
        title="Term report"
        description="What the records say of a tenure or a range of days: who took part, events, feedback, reviews, budgets and elections."
        className="mb-0"
      />
      {!forbidden && (
        <PeriodControl
          // The address moving between a tenure and a range (the back button) starts it again.
          key={'tenure' in period ? 'tenure' : 'range'}
          period={period}
          thisTenure={thisTenure}
          shownDays={shown?.period}
          onChoose={choose}
        />
      )}
      {body}
    </div>
  );
}
