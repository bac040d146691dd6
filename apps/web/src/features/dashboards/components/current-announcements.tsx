import { Card } from '../../../components/ui/card';
import { LinkedText } from '../../../components/ui/linked-text';
import { formatDateTime } from '../../../lib/format';
import { useCurrentAnnouncements } from '../api/get-current-announcements';

/**
 * The council's current announcements to this student, when there are any. Nothing shows while
 * they load or when they fail: the rest of the home page does not wait for them.
 */
export function CurrentAnnouncements({ timeZone }: { timeZone: string | undefined }) {
  const { data } = useCurrentAnnouncements();
  if (!data || data.items.length === 0) return null;
  return (
    <Card aria-labelledby="announcements-heading">
      <h2 id="announcements-heading" className="mb-3 text-lg font-semibold text-ink">
        Announcements
      </h2>
      <ul className="flex flex-col divide-y divide-line-soft">
        {data.items.map((announcement) => (
          <li key={announcement.id} className="flex min-w-0 flex-col gap-1 py-3 first:pt-0 last:pb-0">
            <h3 className="text-base font-semibold break-words text-ink">{announcement.title}</h3>
            <LinkedText text={announcement.body} />
            <p className="text-xs text-ink-muted">
              {announcement.authorName}
              {announcement.clubName && `, ${announcement.clubName}`} ·{' '}
              <time dateTime={announcement.createdAt}>
                {formatDateTime(announcement.createdAt, timeZone)}
              </time>
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
