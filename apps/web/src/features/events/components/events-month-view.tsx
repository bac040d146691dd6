import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { EVENT_APPROVAL_LABELS, EVENT_MESSAGES, type EventSummary } from '@cosa/contracts';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { cn } from '../../../lib/cn';
import { formatWeekdayDate } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import {
  eventsByDay,
  FIRST_MONTH,
  LAST_MONTH,
  monthTitle,
  monthWeeks,
  shiftMonth,
  startTime,
  todayIn,
} from '../month-calendar';

/** Below Tailwind's `sm` breakpoint: seven columns would not be readable, so the month is an agenda. */
const NARROW_QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(NARROW_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is phone-wide now; a browser without matchMedia gets the grid. */
function useNarrow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(NARROW_QUERY).matches ?? false,
    () => false,
  );
}

const WEEKDAYS = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
] as const;

/** The server lists at most this many events of a month. */
const MONTH_LIMIT = 500;

const linkClasses =
  'rounded-sm break-words text-accent-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent';

/** One event of a day: its start time and title, a link to its page; what is not plain said in words. */
function DayEvent({ event, timeZone }: { event: EventSummary; timeZone: string | undefined }) {
  const cancelled = event.status === 'cancelled';
  const note = cancelled
    ? EVENT_MESSAGES.cancelledBadge
    : event.approval === 'approved'
      ? null
      : EVENT_APPROVAL_LABELS[event.approval];
  return (
    <li className="min-w-0">
      <Link to={paths.event(event.id)} className={cn(linkClasses, 'block text-sm')}>
        <span className="font-medium text-ink-muted tabular-nums">{startTime(event, timeZone)}</span>{' '}
        <span className={cn(cancelled && 'line-through')}>{event.title}</span>
        {note && <span className="text-xs text-ink-muted"> ({note})</span>}
      </Link>
    </li>
  );
}

type DayProps = { day: string; events: EventSummary[]; today: boolean; timeZone: string | undefined };

/** A day of the grid: its number (its full date for screen readers), 'Today' marked, its events. */
function GridDay({ day, events, today, timeZone }: DayProps) {
  return (
    <td
      aria-current={today ? 'date' : undefined}
      className={cn('h-24 min-w-0 border border-line-soft p-1 align-top', today && 'bg-accent-soft')}
    >
      <p className="flex items-center gap-1 text-xs font-semibold text-ink">
        <span
          aria-hidden="true"
          className={cn(
            'inline-flex size-6 items-center justify-center rounded-full',
            today && 'bg-accent text-on-accent',
          )}
        >
          {Number(day.slice(8))}
        </span>
        <span className="sr-only">{formatWeekdayDate(day)}</span>
        {today && <span className="text-accent-ink">Today</span>}
      </p>
      {events.length > 0 && (
        <ul className="mt-1 flex flex-col gap-1">
          {events.map((event) => (
            <DayEvent key={event.id} event={event} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </td>
  );
}

type ViewProps = {
  month: string;
  byDay: Map<string, EventSummary[]>;
  today: string;
  timeZone: string | undefined;
};

/** The month as a table: a column for each weekday from Monday, a row for each week. */
function MonthGrid({ month, byDay, today, timeZone }: ViewProps) {
  return (
    <table className="w-full table-fixed border-collapse" aria-label={`Events in ${monthTitle(month)}`}>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th key={short} scope="col" className="py-1 text-xs font-semibold text-ink-muted">
              <abbr title={long} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((day, index) =>
              day ? (
                <GridDay
                  key={day}
                  day={day}
                  events={byDay.get(day) ?? []}
                  today={day === today}
                  timeZone={timeZone}
                />
              ) : (
                <td key={`blank-${index}`} className="border border-line-soft bg-canvas" />
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The month day by day, only the days with events: what a phone shows instead of the grid. */
function MonthAgenda({ month, byDay, today, timeZone }: ViewProps) {
  if (byDay.size === 0) return <EmptyState title={`No events in ${monthTitle(month)}.`} />;
  // Today stays in sight among the days, with or without events of its own.
  const days = [...new Set([...byDay.keys(), ...(today.startsWith(month) ? [today] : [])])].sort();
  return (
    <ol aria-label={`Events in ${monthTitle(month)}`} className="flex flex-col gap-3">
      {days.map((day) => (
        <li
          key={day}
          aria-current={day === today ? 'date' : undefined}
          className={cn(
            'rounded-card border border-line-soft bg-surface p-3',
            day === today && 'border-accent bg-accent-soft',
          )}
        >
          <h3 className="text-sm font-semibold text-ink">
            {formatWeekdayDate(day)}
            {day === today && <span className="text-accent-ink"> · Today</span>}
          </h3>
          {byDay.has(day) ? (
            <ul className="mt-2 flex flex-col gap-2">
              {byDay.get(day)!.map((event) => (
                <DayEvent key={event.id} event={event} timeZone={timeZone} />
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">No events today.</p>
          )}
        </li>
      ))}
    </ol>
  );
}

type MonthViewProps = {
  month: string;
  events: readonly EventSummary[];
  /** The next answer is on its way: the month shown is the last one. */
  busy: boolean;
  onMonth: (month: string) => void;
  timeZone: string | undefined;
};

/**
 * The month view of /events: the month's events on a calendar (weeks from Monday, the institute's
 * clock, today marked), a day-by-day agenda on a phone, with the previous and next months.
 */
export function EventsMonthView({ month, events, busy, onMonth, timeZone }: MonthViewProps) {
  const narrow = useNarrow();
  const today = todayIn(timeZone);
  const shown = today.startsWith(month);
  const byDay = eventsByDay(events, timeZone);
  const View = narrow ? MonthAgenda : MonthGrid;
  return (
    <section aria-labelledby="events-month-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="events-month-title" aria-live="polite" className="text-lg font-semibold text-ink">
          {monthTitle(month)}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={month <= FIRST_MONTH}
            onClick={() => onMonth(shiftMonth(month, -1))}
          >
            <span aria-hidden="true">←</span> Previous month
          </Button>
          {!shown && (
            <Button variant="secondary" size="sm" onClick={() => onMonth(today.slice(0, 7))}>
              This month
            </Button>
          )}
          <Button
            variant="secondary"
            size="sm"
            disabled={month >= LAST_MONTH}
            onClick={() => onMonth(shiftMonth(month, 1))}
          >
            Next month <span aria-hidden="true">→</span>
          </Button>
        </div>
      </div>
      {events.length >= MONTH_LIMIT && (
        <p className="text-sm text-ink-muted" role="status">
          Showing the first {MONTH_LIMIT} events of the month: narrow them with the filters.
        </p>
      )}
      {!narrow && events.length === 0 && (
        <p className="text-sm text-ink-muted">No events in {monthTitle(month)}.</p>
      )}
      <div aria-busy={busy || undefined}>
        <View month={month} byDay={byDay} today={today} timeZone={timeZone} />
      </div>
    </section>
  );
}
