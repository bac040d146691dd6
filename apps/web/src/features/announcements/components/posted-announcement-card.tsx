import { useId } from 'react';
import { audienceLabel, type PostedAnnouncement } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { LinkedText } from '../../../components/ui/linked-text';
import { formatDateTime } from '../../../lib/format';

type PostedAnnouncementCardProps = { announcement: PostedAnnouncement; timeZone?: string; now: number };

const people = (count: number) => count.toLocaleString('en-IN');

/** One of my announcements: to whom, when, until when, its text, and how many of those it reached have read it. */
export function PostedAnnouncementCard({ announcement, timeZone, now }: PostedAnnouncementCardProps) {
  const headingId = useId();
  const expired = announcement.expiresAt !== null && Date.parse(announcement.expiresAt) <= now;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full min-w-0 flex-col gap-3 rounded-card border border-line-soft bg-surface p-4 shadow-card"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={headingId} className="min-w-0 text-lg font-semibold break-words text-ink">
          {announcement.title}
        </h3>
        {expired && <Badge tone="neutral">Expired</Badge>}
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
        <dt className="text-ink-muted">To</dt>
        <dd className="min-w-0 break-words text-ink">{audienceLabel(announcement)}</dd>
        <dt className="text-ink-muted">Posted</dt>
        <dd className="text-ink">
          <time dateTime={announcement.createdAt}>
            {formatDateTime(announcement.createdAt, timeZone)}
          </time>
        </dd>
        <dt className="text-ink-muted">{expired ? 'Expired' : 'Expires'}</dt>
        <dd className="text-ink">
          {announcement.expiresAt ? (
            <time dateTime={announcement.expiresAt}>
              {formatDateTime(announcement.expiresAt, timeZone)}
            </time>
          ) : (
            'Never'
          )}
        </dd>
      </dl>
      <LinkedText text={announcement.body} />
      <p className="mt-auto border-t border-line-soft pt-3 text-sm font-medium text-ink">
        Read by {people(announcement.readers)} of {people(announcement.recipients)}
      </p>
    </article>
  );
}
