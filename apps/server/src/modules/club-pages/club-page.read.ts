import { sql } from 'drizzle-orm';
import {
  currentTenure,
  MEMBERSHIP_MESSAGES,
  normalizeRole,
  OFFICIAL_ROLES,
  type ClubPage,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { coordinatorClubId } from '../clubs/club-scope.service';
import { profileShownTo } from '../privacy/visibility.service';
import { photoUrlOf } from '../profile/profile.service';
import { cardOf, clubCards, clubImageUrlOf, eventOf, LISTED_EVENT } from './club-cards.read';

/** How many of its past events, and of its announcements, a club's page lists. */
const PAGE_LIST = 10;
/** How many of its coming events a club's page lists. */
const PAGE_UPCOMING = 20;

export type PageViewer = { id: string; role: string };

type Extra = {
  about: string | null;
  contact: string | null;
  how_to_join: string | null;
  join_question: string | null;
  contact_email: string | null;
  banner_id: string | null;
  bearers: { user_id: string; name: string; title: string; photo_id: string | null }[] | null;
  upcoming: { id: string; title: string; starts_at: string | null; venue: string | null }[] | null;
  past: { id: string; title: string; starts_at: string | null; venue: string | null }[] | null;
  membership: { id: string; role: string; started_at: string } | null;
  pending: { id: string; created_at: string } | null;
  invitation: { id: string } | null;
};

type Announcement = { id: string; title: string; body: string; created_at: string | Date };

const iso = (value: string | Date) => new Date(value).toISOString();

/**
 * Who reads a club's announcements on its page: they went to its members, so its members, its
 * coordinator and the officials; nobody else.
 */
async function readsAnnouncements(
  db: Database,
  viewer: PageViewer,
  unitId: string,
  member: boolean,
): Promise<boolean> {
  const role = normalizeRole(viewer.role);
  if (member || (OFFICIAL_ROLES as readonly string[]).includes(role)) return true;
  return role === 'CLUB_COORDINATOR' && (await coordinatorClubId(db, viewer.id)) === unitId;
}

/** A club's page by its address, as `viewer` sees it; 404 for an unknown or retired club. */
export async function clubPageOf(db: Database, viewer: PageViewer, slug: string): Promise<ClubPage> {
  const [card] = await clubCards(db, viewer.id, { where: sql`listed.slug = ${slug}`, limit: 1 });
  if (!card) throw AppError.notFound(MEMBERSHIP_MESSAGES.clubNotFound);
  const unitId = card.id;
  const result = await db.execute(sql`
    select p.about, p.contact, p.how_to_join, p.join_question, u.contact_email,
      (select i.id from club_images i where i.unit_id = u.id and i.kind = 'banner') as banner_id,
      (select json_agg(json_build_object('user_id', b.user_id, 'name', b.name, 'title', b.title,
          'photo_id', b.photo_id) order by b.title, b.name)
        from (select h.user_id, holder.name, pos.title, ph.id as photo_id from position_holders h
          join positions pos on pos.id = h.position_id
          join users holder on holder.id = h.user_id
          -- A bearer's photo as the viewer may see it (decision 0041).
          left join user_photos ph on ph.user_id = h.user_id and ${profileShownTo(viewer, sql`h.user_id`)}
          where pos.unit_id = u.id and h.tenure_year = ${currentTenure()} and h.status = 'active'
            and h.verification = 'verified') b) as bearers,
      (select json_agg(json_build_object('id', n.id, 'title', n.title, 'starts_at', n.schedule_start,
          'venue', n.venue) order by n.schedule_start, n.id)
        from (select e.id, e.title, e.schedule_start, e.venue from events e
          where e.organizing_unit_id = u.id and ${LISTED_EVENT} and e.schedule_start > now()
          order by e.schedule_start, e.id limit ${PAGE_UPCOMING}) n) as upcoming,
      (select json_agg(json_build_object('id', n.id, 'title', n.title, 'starts_at', n.schedule_start,
          'venue', n.venue) order by n.schedule_start desc, n.id)
        from (select e.id, e.title, e.schedule_start, e.venue from events e
          where e.organizing_unit_id = u.id and ${LISTED_EVENT} and e.schedule_start <= now()
          order by e.schedule_start desc, e.id limit ${PAGE_LIST}) n) as past,
      (select json_build_object('id', m.id, 'role', m.role, 'started_at', m.started_at)
        from club_memberships m where m.unit_id = u.id and m.user_id = ${viewer.id}
          and m.ended_at is null) as membership,
      (select json_build_object('id', r.id, 'created_at', r.created_at) from club_join_requests r
        where r.unit_id = u.id and r.user_id = ${viewer.id} and r.status = 'pending'
          and r.kind = 'request') as pending,
      (select json_build_object('id', r.id) from club_join_requests r
        where r.unit_id = u.id and r.user_id = ${viewer.id} and r.status = 'pending'
          and r.kind = 'invitation') as invitation
    from org_units u join club_pages p on p.unit_id = u.id where u.id = ${unitId}`);
  const extra = rowsOf<Extra>(result)[0]!;
  // The administrator keeps no student record (deviation 60): joins and follows nothing.
  const hasRecord = normalizeRole(viewer.role) !== 'ADMIN';
  const isClub = card.type === 'club';
  const canEdit =
    normalizeRole(viewer.role) === 'CLUB_COORDINATOR' &&
    (await coordinatorClubId(db, viewer.id)) === unitId;
  const announcements = (await readsAnnouncements(db, viewer, unitId, card.member))
    ? rowsOf<Announcement>(
        await db.execute(sql`
          select a.id, a.title, a.body, a.created_at from announcements a
          where a.club_unit_id = ${unitId} and a.audience = 'club'
            and (a.expires_at is null or a.expires_at > now())
          order by a.created_at desc, a.id limit ${PAGE_LIST}`),
      )
    : [];
  const base = cardOf(card);
  return {
    ...base,
    tagIds: card.tag_ids ?? [],
    tagline: card.tagline,
    description: card.description,
    about: extra.about,
    contact: extra.contact,
    contactEmail: extra.contact_email,
    howToJoin: extra.how_to_join,
    bannerUrl: clubImageUrlOf(extra.banner_id),
    joinQuestion: isClub ? extra.join_question : null,
    officeBearers: (extra.bearers ?? []).map((bearer) => ({
      userId: bearer.user_id,
      name: bearer.name,
      title: bearer.title,
      photoUrl: photoUrlOf(bearer.photo_id),
    })),
    upcomingEvents: (extra.upcoming ?? []).map(eventOf),
    pastEvents: (extra.past ?? []).map(eventOf),
    announcements: announcements.map((a) => ({
      id: a.id,
      title: a.title,
      body: a.body,
      createdAt: iso(a.created_at),
    })),
    viewer: {
      membership: extra.membership
        ? {
            id: extra.membership.id,
            role: extra.membership.role,
            startedAt: iso(extra.membership.started_at),
          }
        : null,
      pendingRequest: extra.pending
        ? { id: extra.pending.id, createdAt: iso(extra.pending.created_at) }
        : null,
      invitation: extra.invitation,
      canAsk:
        hasRecord &&
        isClub &&
        !canEdit &&
        base.recruiting &&
        !base.member &&
        !extra.pending &&
        !extra.invitation,
      canFollow: hasRecord,
      canEdit,
    },
  };
}
