import {
  decideAccess,
  normalizeRole,
  PAGE_ACCESS,
  type PagePath,
  type Role,
  type SessionUser,
} from '@cosa/contracts';

/** A place of the navigation: its page (the PAGE_ACCESS key), where it leads, and its names. */
export type NavEntry = {
  page: PagePath;
  to: string;
  label: string;
  /** The bottom bar's word for it on a phone, where four must fit side by side. */
  short: string;
};

export type NavSection = { id: SectionId; label: string; entries: NavEntry[] };

type SectionId = 'council' | 'record' | 'admin';

type TableEntry = {
  page: PagePath;
  label: string;
  short?: string;
  /** A role's own name for the place, where its dashboard's spec names it otherwise. */
  labelFor?: Partial<Record<Role, string>>;
  /** A role's own address of the place (a tab of the page), where its spec's menu leads there. */
  toFor?: Partial<Record<Role, string>>;
};

/**
 * Every place of the signed-in portal, in one table, by section. A user sees the entries of the
 * sections of their role that PAGE_ACCESS lets them open, each page once (the first section
 * holding it keeps it), so a link never ends on '403 - Unauthorised Access'.
 */
const NAVIGATION: readonly { id: SectionId; label: string; entries: readonly TableEntry[] }[] = [
  {
    id: 'council',
    label: 'Council',
    entries: [
      // One dashboard per role: PAGE_ACCESS lets each official open only their own.
      { page: '/gensec-cult', label: 'Dashboard' },
      { page: '/gensec-sport', label: 'Dashboard' },
      { page: '/gensec-acad', label: 'Dashboard' },
      { page: '/gensec-tech', label: 'Dashboard' },
      { page: '/president-dashboard', label: 'Dashboard' },
      { page: '/club-dashboard', label: 'Dashboard' },
      { page: '/club-dashboard/members', label: 'Club members', short: 'Members' },
      { page: '/president-approval', label: 'Room approvals', short: 'Approvals' },
      {
        page: '/gensec-endorse',
        label: 'Endorsement panel',
        short: 'Endorse',
        labelFor: { CLUB_COORDINATOR: 'Achievements' },
        toFor: { CLUB_COORDINATOR: '/gensec-endorse?tab=achievements' },
      },
      { page: '/events', label: 'Events' },
      { page: '/clubs', label: 'Clubs' },
      { page: '/elections', label: 'Elections' },
      { page: '/money', label: 'Money' },
      { page: '/money/claims', label: 'Claims' },
      { page: '/reports', label: 'Term report', short: 'Report' },
      { page: '/add-event', label: 'Add event' },
      { page: '/roombooking', label: 'Room booking', short: 'Rooms' },
      { page: '/cosa', label: 'Positions' },
      { page: '/cosa/create', label: 'Add position' },
      { page: '/viewfeedback', label: 'Feedback' },
      { page: '/announcements', label: 'Announcements', short: 'News' },
      { page: '/council', label: 'COSA View' },
    ],
  },
  {
    id: 'record',
    label: 'My record',
    entries: [
      { page: '/home', label: 'Home' },
      { page: '/profile', label: 'Profile' },
      { page: '/council', label: 'COSA View' },
      { page: '/feedback', label: 'Give Feedback', short: 'Feedback' },
      { page: '/events', label: 'Events' },
      { page: '/clubs', label: 'Clubs' },
      { page: '/elections', label: 'Elections' },
      { page: '/money/claims', label: 'My claims', short: 'Claims' },
      { page: '/skills', label: 'Manage Skills', short: 'Skills' },
      { page: '/manage-position', label: 'Manage Positions', short: 'Positions' },
      { page: '/add-achievement', label: 'Add Achievement', short: 'Add' },
      { page: '/view-achievements', label: 'View Achievements', short: 'Achievements' },
      { page: '/transcript', label: 'Transcript' },
      { page: '/viewfeedback', label: 'View Feedback' },
    ],
  },
  {
    id: 'admin',
    label: 'Administration',
    entries: [
      { page: '/admin', label: 'Overview' },
      { page: '/clubs', label: 'Clubs' },
      { page: '/elections', label: 'Elections' },
      { page: '/money', label: 'Money' },
      { page: '/money/claims', label: 'Claims' },
      { page: '/reports', label: 'Term report', short: 'Report' },
      { page: '/admin/users', label: 'Users and roles', short: 'Users' },
      { page: '/admin/units', label: 'Council and clubs', short: 'Units' },
      { page: '/admin/positions', label: 'Positions and holders', short: 'Positions' },
      { page: '/admin/rooms', label: 'Rooms' },
      { page: '/admin/skills', label: 'Skill catalogue', short: 'Skills' },
      { page: '/admin/club-tags', label: 'Club tags', short: 'Tags' },
      { page: '/admin/import', label: 'Import students', short: 'Import' },
      { page: '/admin/corrections', label: 'Correction requests', short: 'Corrections' },
      { page: '/admin/student-ids', label: 'Student ID conflicts', short: 'IDs' },
      { page: '/admin/credentials', label: 'Credentials' },
      { page: '/admin/audit', label: 'Audit log', short: 'Audit' },
    ],
  },
];

/**
 * The phone's bottom bar: the four places each role opens most, by page. A place the user may
 * not open is left out (the bar then holds fewer).
 */
const BOTTOM_BAR: Record<'STUDENT' | 'GENSEC' | 'PRESIDENT' | 'CLUB_COORDINATOR' | 'ADMIN', PagePath[]> =
  {
    STUDENT: ['/home', '/events', '/view-achievements', '/profile'],
    GENSEC: ['/gensec-endorse', '/events', '/viewfeedback'],
    PRESIDENT: ['/president-dashboard', '/president-approval', '/gensec-endorse', '/events'],
    CLUB_COORDINATOR: ['/club-dashboard', '/gensec-endorse', '/events', '/viewfeedback'],
    ADMIN: ['/admin', '/admin/users', '/admin/units', '/admin/audit'],
  };

const GENSEC_DASHBOARDS: readonly PagePath[] = [
  '/gensec-cult',
  '/gensec-sport',
  '/gensec-acad',
  '/gensec-tech',
];

type NavUser = Pick<SessionUser, 'role' | 'studentId' | 'onboardingComplete' | 'emailVerified'>;

/** The sections a role has: officials the council's, with their own record when they study here. */
function sectionsOf(user: NavUser): SectionId[] {
  const role = normalizeRole(user.role);
  if (role === 'STUDENT') return ['record'];
  if (role === 'ADMIN') return ['admin'];
  return user.studentId ? ['council', 'record'] : ['council'];
}

/** The navigation of a signed-in user: their sections, each entry one they may open. */
export function navigationFor(user: NavUser): NavSection[] {
  const role = normalizeRole(user.role);
  const seen = new Set<string>();
  return sectionsOf(user).flatMap((id) => {
    const section = NAVIGATION.find((candidate) => candidate.id === id)!;
    const entries = section.entries.flatMap((entry): NavEntry[] => {
      const to = entry.toFor?.[role] ?? entry.page;
      if (seen.has(entry.page) || decideAccess(PAGE_ACCESS[entry.page], user, normalizeRole) !== 'allow')
        return [];
      seen.add(entry.page);
      const own = entry.labelFor?.[role];
      const label = own ?? entry.label;
      // A role's own name is short enough for the bottom bar.
      return [{ page: entry.page, to, label, short: own ?? entry.short ?? label }];
    });
    return entries.length > 0 ? [{ id, label: section.label, entries }] : [];
  });
}

/** The phone's bottom bar of a user: up to four entries of their navigation. */
export function bottomBarFor(user: NavUser, sections: readonly NavSection[]): NavEntry[] {
  const role = normalizeRole(user.role);
  const entries = sections.flatMap((section) => section.entries);
  const pages: PagePath[] = role.startsWith('GENSEC_')
    ? [...GENSEC_DASHBOARDS, ...BOTTOM_BAR.GENSEC]
    : BOTTOM_BAR[role as keyof typeof BOTTOM_BAR];
  return pages.flatMap((page) => entries.filter((entry) => entry.page === page)).slice(0, 4);
}

/**
 * The entry a page belongs to: its own address, or the nearest one above it (/events/12/edit
 * belongs to Events), so exactly one place is marked current.
 */
export function currentEntry(entries: readonly NavEntry[], pathname: string): NavEntry | undefined {
  const within = (page: string) => pathname === page || pathname.startsWith(`${page}/`);
  return entries.filter((entry) => within(entry.page)).sort((a, b) => b.page.length - a.page.length)[0];
}
