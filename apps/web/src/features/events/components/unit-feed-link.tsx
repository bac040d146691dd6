import { unitCalendarUrl } from '../api/calendar-feed';
import { CalendarAddress } from './calendar-address';

type UnitFeedLinkProps = { unitId: string; unitName: string };

/** A unit's public calendar feed: its address to paste into a calendar program, behind a disclosure. */
export function UnitFeedLink({ unitId, unitName }: UnitFeedLinkProps) {
  return (
    <details className="group min-w-0 rounded-lg border border-line-soft bg-surface px-3 py-2 text-sm">
      <summary className="cursor-pointer rounded-sm font-medium break-words text-accent-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent">
        Subscribe to {unitName}&apos;s calendar
      </summary>
      <div className="mt-3 flex min-w-0 flex-col gap-3">
        <p className="break-words text-ink-muted">
          Add this address to Google Calendar (Other calendars, From URL), Outlook (Subscribe from web)
          or your phone&apos;s calendar to see {unitName}&apos;s approved events as they are announced. A
          council&apos;s calendar holds its clubs&apos; events too.
        </p>
        <CalendarAddress label={`Calendar address of ${unitName}`} address={unitCalendarUrl(unitId)} />
      </div>
    </details>
  );
}
