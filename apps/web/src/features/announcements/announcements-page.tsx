import { useState } from 'react';
import { DEFAULT_TIME_ZONE, normalizeRole, type AnnouncementAudience } from '@cosa/contracts';
import { Card } from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { PagedResults } from '../../components/ui/paged-results';
import { usePublicConfig } from '../../lib/public-config';
import { useSession } from '../../lib/session';
import { pageFrom, useUrlFilters } from '../../lib/use-url-filters';
import { usePostedAnnouncements } from './api/get-posted-announcements';
import { AnnouncementForm } from './components/announcement-form';
import { PostedAnnouncementCard } from './components/posted-announcement-card';

const OFFICIAL_AUDIENCES: readonly AnnouncementAudience[] = [
  'everyone',
  'batch',
  'program',
  'discipline',
];
const COORDINATOR_AUDIENCES: readonly AnnouncementAudience[] = ['club'];

const pageOnly = (params: URLSearchParams) => ({ page: pageFrom(params) });

function PostedAnnouncements() {
  const { filters, update } = useUrlFilters(pageOnly);
  const posted = usePostedAnnouncements(filters.page);
  const { data: config } = usePublicConfig();
  // Whether an announcement has expired is judged once per visit, so a list does not change under the reader.
  const [now] = useState(() => Date.now());
  return (
    <section aria-labelledby="posted-heading" className="flex flex-col gap-4">
      <h2 id="posted-heading" className="text-xl font-semibold text-ink">
        Your announcements
      </h2>
      <PagedResults
        query={posted}
        loadingLabel="Loading your announcements..."
        failedMessage="Your announcements could not be loaded. Check your connection and try again."
        emptyTitle="You have not posted an announcement yet."
        pagerLabel="Announcement pages"
        onPage={(page) => update({ page })}
        itemKey={(announcement) => announcement.id}
        listClassName="grid gap-4 lg:grid-cols-2"
        renderItem={(announcement) => (
          <PostedAnnouncementCard announcement={announcement} timeZone={config?.timeZone} now={now} />
        )}
      />
    </section>
  );
}

/**
 * /announcements: the general secretaries and the president write to everyone, a batch, a program or
 * a discipline; a club coordinator to their club's members (its roster and this tenure's
 * office-bearers). Below, what the author posted, with how many received and read each.
 */
export function AnnouncementsPage() {
  const { data: user } = useSession();
  const { data: config } = usePublicConfig();
  if (!user) return null;
  const coordinator = normalizeRole(user.role) === 'CLUB_COORDINATOR';
  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-6">
      <title>Announcements · COSA Portal</title>
      <div>
        <PageHeader
          className="mb-0"
          title="Announcements"
          description={
            coordinator
              ? "Tell your club's members something: they see it on their home page and in their notifications."
              : 'Tell students something: they see it on their home page and in their notifications.'
          }
        />
      </div>
      <Card aria-labelledby="compose-heading">
        <h2 id="compose-heading" className="mb-4 text-xl font-semibold text-ink">
          New announcement
        </h2>
        <AnnouncementForm
          audiences={coordinator ? COORDINATOR_AUDIENCES : OFFICIAL_AUDIENCES}
          timeZone={config?.timeZone ?? DEFAULT_TIME_ZONE}
        />
      </Card>
      <PostedAnnouncements />
    </div>
  );
}
