import { phoneSubscription } from './push-data';
import { CAMPUS_LIFE_SCENARIOS } from './scenarios-money';
import type { BenchIds, BenchRole } from './session';

/** One load scenario: a request autocannon repeats for the run's duration. */
export type Scenario = {
  name: string;
  /** The path, or a function of the campus's ids that makes it. */
  path: string | ((ids: BenchIds) => string);
  /**
   * Paths sent in turn, one per request, instead of `path` (questions no answer kept in the server
   * can serve: each is new to it); `path` still names the scenario's address in the report.
   */
  paths?: (ids: BenchIds) => string[];
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sends the session cookie of a seeded student. */
  signedIn?: boolean;
  /** Sends the session cookie of a seeded user of this role instead. */
  as?: BenchRole;
  /** The JSON body, or a function of the campus's ids that makes it. */
  body?: unknown | ((ids: BenchIds) => unknown);
  /** JSON bodies sent in turn, one per request (a rush of writes on distinct records). */
  bodies?: (ids: BenchIds) => unknown[];
  /**
   * Sends each request as the next of this many seeded students in turn (a write that a student
   * may repeat only so often, as feedback: 30 an hour).
   */
  writers?: number;
  /** The status every answer should have; 2xx when unset. */
  expectStatus?: number;
};

/** A person's page: the generated student with the most verified achievements. */
const personPage = ({ userId }: BenchIds) => `/api/people/${userId}`;

// Add a scenario with one line here.
export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/config', path: '/api/config' },
  { name: 'GET /api/auth/session (signed out)', path: '/api/auth/session' },
  { name: 'GET /api/auth/session (signed in)', path: '/api/auth/session', signedIn: true },
  // The student's record: the whole home dashboard is one request; the lists are paged on the server.
  { name: 'GET /api/me/dashboard', path: '/api/me/dashboard', signedIn: true },
  { name: 'GET /api/me/profile', path: '/api/me/profile', signedIn: true },
  { name: 'GET /api/me/skills', path: '/api/me/skills', signedIn: true },
  { name: 'GET /api/me/achievements', path: '/api/me/achievements', signedIn: true },
  {
    name: 'GET /api/me/achievements (search and filter)',
    path: '/api/me/achievements?q=a&status=pending',
    signedIn: true,
  },
  { name: 'GET /api/me/positions', path: '/api/me/positions', signedIn: true },
  // The pickers search the whole campus on the server: a name fragment and a student-id prefix.
  { name: 'GET /api/lookup/users?q=sha', path: '/api/lookup/users?q=sha', signedIn: true },
  { name: 'GET /api/lookup/users?q=2300', path: '/api/lookup/users?q=2300', signedIn: true },
  { name: 'GET /api/lookup/events?q=fest', path: '/api/lookup/events?q=fest', signedIn: true },
  { name: 'GET /api/lookup/positions?q=club', path: '/api/lookup/positions?q=club', signedIn: true },
  { name: 'GET /api/skills?q=py', path: '/api/skills?q=py', signedIn: true },
  // A person's page (decision 0026): the student with the most verified achievements, as another
  // student, as a secretary and a club coordinator (their review queues read for the person too)
  // and as the administrator.
  { name: 'GET /api/people/:id (student)', path: personPage, signedIn: true },
  { name: 'GET /api/people/:id (sci-tech secretary)', path: personPage, as: 'GENSEC_SCITECH' },
  { name: 'GET /api/people/:id (club coordinator)', path: personPage, as: 'CLUB_COORDINATOR' },
  // As the president, whose opening the access log records (decision 0041): the log's cost.
  { name: 'GET /api/people/:id (president, logged)', path: personPage, as: 'PRESIDENT' },
  { name: 'GET /api/people/:id (admin)', path: personPage, as: 'ADMIN' },
  // The global search (header, Ctrl+K): every kind at once; a broad fragment, a misspelt name, a
  // student-id prefix, and officials whose queues (reviews, feedback to resolve, room requests)
  // are searched too: 'complai' names a feedback type, so every unresolved complaint matches.
  { name: 'GET /api/search?q=sha', path: '/api/search?q=sha', signedIn: true },
  { name: 'GET /api/search?q=sharam (misspelt)', path: '/api/search?q=sharam', signedIn: true },
  { name: 'GET /api/search?q=20001 (student-id prefix)', path: '/api/search?q=20001', signedIn: true },
  { name: 'GET /api/search?q=robotics club', path: '/api/search?q=robotics%20club', signedIn: true },
  {
    name: 'GET /api/search?q=sha (sci-tech secretary)',
    path: '/api/search?q=sha',
    as: 'GENSEC_SCITECH',
  },
  { name: 'GET /api/search?q=club (president)', path: '/api/search?q=club', as: 'PRESIDENT' },
  {
    name: 'GET /api/search?q=complai (president, feedback by its type)',
    path: '/api/search?q=complai',
    as: 'PRESIDENT',
  },
  { name: 'GET /api/search?q=sha (admin)', path: '/api/search?q=sha', as: 'ADMIN' },
  // Council workflows: the review queues of a secretary and of the president (every type), the
  // feedback desk as a student, a secretary and a club coordinator, and the events list.
  {
    name: 'GET /api/council/summary (sci-tech secretary)',
    path: '/api/council/summary',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/user-skills (sci-tech secretary)',
    path: '/api/endorsements/user-skills',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/user-skills (president, page 50)',
    path: '/api/endorsements/user-skills?page=50',
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/endorsements/skills (sci-tech secretary)',
    path: '/api/endorsements/skills',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/achievements (sci-tech secretary)',
    path: '/api/endorsements/achievements',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/achievements (president)',
    path: '/api/endorsements/achievements',
    as: 'PRESIDENT',
  },
  // The panel searched and filtered on the server (deviation 74), and a rush of "Verify selected".
  {
    name: 'GET /api/endorsements/achievements?q=an (sci-tech secretary, searched)',
    path: '/api/endorsements/achievements?q=an',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/achievements?q=&level=national&from= (president, filtered)',
    path: `/api/endorsements/achievements?q=a&level=national&from=${new Date(Date.now() - 180 * 86_400_000).toISOString().slice(0, 10)}`,
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/endorsements/user-skills?q=2&proficiency=expert (president, student id)',
    path: '/api/endorsements/user-skills?q=2&proficiency=expert',
    as: 'PRESIDENT',
  },
  {
    name: 'GET /api/endorsements/counts (sci-tech secretary)',
    path: '/api/endorsements/counts',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'POST /api/endorsements/achievements/bulk-verify (president, 20 at a time, a rush)',
    path: '/api/endorsements/achievements/bulk-verify',
    method: 'POST',
    as: 'PRESIDENT',
    bodies: (ids) =>
      Array.from({ length: Math.ceil(ids.pendingAchievementIds.length / 20) }, (_, i) => ({
        ids: ids.pendingAchievementIds.slice(i * 20, i * 20 + 20),
      })),
  },
  { name: 'GET /api/feedback (student)', path: '/api/feedback', signedIn: true },
  { name: 'GET /api/feedback (secretary)', path: '/api/feedback', as: 'GENSEC_SCITECH' },
  {
    name: 'GET /api/feedback?status=unresolved&type=Complaint (secretary)',
    path: '/api/feedback?status=unresolved&type=Complaint',
    as: 'GENSEC_SCITECH',
  },
  { name: 'GET /api/feedback (club coordinator)', path: '/api/feedback', as: 'CLUB_COORDINATOR' },
  ...CAMPUS_LIFE_SCENARIOS,
  // Rooms and the president: the approval panel (a tab with a search), the requester's list, the dashboard's tiles and activity.
  {
    name: 'GET /api/room-bookings?status=Pending&q=club (president)',
    path: '/api/room-bookings?status=Pending&q=club',
    as: 'PRESIDENT',
  },
  { name: 'GET /api/room-bookings (president)', path: '/api/room-bookings', as: 'PRESIDENT' },
  {
    name: 'GET /api/room-bookings/mine (secretary)',
    path: '/api/room-bookings/mine',
    as: 'GENSEC_SCITECH',
  },
  { name: 'GET /api/president/summary (president)', path: '/api/president/summary', as: 'PRESIDENT' },
  { name: 'GET /api/activities (president)', path: '/api/activities', as: 'PRESIDENT' },
  // Position views (/cosa): both lists with a search, as a secretary and as a club coordinator (scoped to the club).
  { name: 'GET /api/positions?q=lead (secretary)', path: '/api/positions?q=lead', as: 'GENSEC_SCITECH' },
  {
    name: 'GET /api/position-holders?q=sha (secretary)',
    path: '/api/position-holders?q=sha',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/position-holders?status=active&tenureYear (secretary)',
    path: `/api/position-holders?status=active&tenureYear=${new Date().getFullYear() - 1}-${new Date().getFullYear()}`,
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/positions?q=lead (club coordinator)',
    path: '/api/positions?q=lead',
    as: 'CLUB_COORDINATOR',
  },
  {
    name: 'GET /api/position-holders?q=sha (club coordinator)',
    path: '/api/position-holders?q=sha',
    as: 'CLUB_COORDINATOR',
  },
  // COSA View (/council): the office-bearers with a search, and the positions with the student's fit.
  { name: 'GET /api/directory/office-bearers', path: '/api/directory/office-bearers', signedIn: true },
  {
    name: 'GET /api/directory/office-bearers?q=sha',
    path: '/api/directory/office-bearers?q=sha',
    signedIn: true,
  },
  {
    name: 'GET /api/directory/positions?open=true',
    path: '/api/directory/positions?open=true',
    signedIn: true,
  },
  // The club dashboard's bundle, and the self-declared positions queue (all of it for a secretary, the club's for its coordinator).
  { name: 'GET /api/clubs/mine (club coordinator)', path: '/api/clubs/mine', as: 'CLUB_COORDINATOR' },
  {
    name: 'GET /api/endorsements/positions (secretary)',
    path: '/api/endorsements/positions',
    as: 'GENSEC_SCITECH',
  },
  {
    name: 'GET /api/endorsements/positions (club coordinator)',
    path: '/api/endorsements/positions',
    as: 'CLUB_COORDINATOR',
  },
  {
    name: 'GET /api/endorsements/achievements (club coordinator)',
    path: '/api/endorsements/achievements',
    as: 'CLUB_COORDINATOR',
  },
  // The co-curricular transcript: the records a student may include, their issued transcripts, and
  // the public check of one by its address (rate limited per address, so its flood is refused).
  { name: 'GET /api/me/transcript-records', path: '/api/me/transcript-records', signedIn: true },
  { name: 'GET /api/me/transcripts', path: '/api/me/transcripts', signedIn: true },
  // Administration (deviation 60), as the institute administrator: the overview's counts, users and
  // roles (the whole list, a name search, a student-id prefix, one user), the unit tree and the rooms
  // with their counts, the skill catalogue, and the audit log (first page, one kind, one official).
  { name: 'GET /api/admin/summary (admin)', path: '/api/admin/summary', as: 'ADMIN' },
  { name: 'GET /api/admin/users (admin)', path: '/api/admin/users', as: 'ADMIN' },
  { name: 'GET /api/admin/users?q=sharma (admin)', path: '/api/admin/users?q=sharma', as: 'ADMIN' },
  {
    name: 'GET /api/admin/users?q=20001 (admin, student-id prefix)',
    path: '/api/admin/users?q=20001',
    as: 'ADMIN',
  },
  {
    name: 'GET /api/admin/users/:id (admin)',
    path: ({ userId }: BenchIds) => `/api/admin/users/${userId}`,
    as: 'ADMIN',
  },
  { name: 'GET /api/admin/units (admin)', path: '/api/admin/units', as: 'ADMIN' },
  { name: 'GET /api/admin/rooms (admin)', path: '/api/admin/rooms', as: 'ADMIN' },
  { name: 'GET /api/admin/skills (admin)', path: '/api/admin/skills', as: 'ADMIN' },
  { name: 'GET /api/admin/skills?q=py (admin)', path: '/api/admin/skills?q=py', as: 'ADMIN' },
  { name: 'GET /api/admin/audit (admin)', path: '/api/admin/audit', as: 'ADMIN' },
  {
    name: 'GET /api/admin/audit?kind=endorsement (admin)',
    path: '/api/admin/audit?kind=endorsement',
    as: 'ADMIN',
  },
  {
    name: "GET /api/admin/audit?actorId (admin, the president's changes)",
    path: ({ auditActorId }: BenchIds) => `/api/admin/audit?actorId=${auditActorId}`,
    as: 'ADMIN',
  },
  // Notifications and announcements: the inbox (a page, the unread ones, the bell's count), the
  // announcements on /home, and the president's own list with how many received and read each
  // (twenty announcements, four of them to the whole campus; bench/announcement-data.ts).
  { name: 'GET /api/notifications', path: '/api/notifications', signedIn: true },
  { name: 'GET /api/notifications?show=unread', path: '/api/notifications?show=unread', signedIn: true },
  {
    name: 'GET /api/notifications/unread-count',
    path: '/api/notifications/unread-count',
    signedIn: true,
  },
  { name: 'GET /api/announcements/current', path: '/api/announcements/current', signedIn: true },
  { name: 'GET /api/announcements (president)', path: '/api/announcements', as: 'PRESIDENT' },
  // A verifier's fetch of the keys that sign credentials.
  { name: 'GET /.well-known/jwks.json', path: '/.well-known/jwks.json' },
  {
    name: 'GET /api/verify/transcripts/:id (flood, refused)',
    path: ({ transcriptId }: BenchIds) => `/api/verify/transcripts/${transcriptId}`,
    expectStatus: 429,
  },
  // A write: feedback about a club, each request from the next of 1,000 students.
  {
    name: 'POST /api/feedback (1,000 students in turn)',
    path: '/api/feedback',
    method: 'POST',
    writers: 1000,
    body: ({ clubId }: BenchIds) => ({
      type: 'Suggestion',
      targetType: 'Club/Organization',
      targetId: clubId,
      rating: 4,
      comments: 'More evening sessions before the fest, please.',
    }),
  },
  // Browsers sending their push subscription (decision 0042): each of 200 students re-subscribes
  // their own phone in turn, as every visit to the settings page after turning push on does (an
  // upsert by the push address, the device cap, the session's link).
  {
    name: 'POST /api/me/push-devices (burst of subscriptions)',
    path: '/api/me/push-devices',
    method: 'POST',
    writers: 200,
    bodies: () => Array.from({ length: 200 }, () => phoneSubscription()),
  },
  // A brute-force flood on one account from one address: after 5 checked attempts every answer is a 429 from the shared counter.
  {
    name: 'POST /api/auth/login (flood, refused)',
    path: '/api/auth/login',
    method: 'POST',
    body: { email: 'flood.target@iitbhilai.ac.in', password: 'Wrong#Password1' },
    expectStatus: 429,
  },
  // An official posting in a loop: ten an hour are posted (to the PhD students, during the warm-up), then every answer is a 429.
  {
    name: 'POST /api/announcements (flood, refused)',
    path: '/api/announcements',
    method: 'POST',
    as: 'PRESIDENT',
    body: {
      title: 'Thesis submission dates',
      body: 'The dates for this term are on the notice board.',
      audience: 'program',
      audienceValue: 'PhD',
    },
    expectStatus: 429,
  },
  // A script registering from one address: an address stands for 600 people an hour
  // (PEOPLE_PER_ADDRESS), one e-mail for 5 attempts; past them every answer is a 429 from memory.
  {
    name: 'POST /api/auth/register (flood from one address, refused)',
    path: '/api/auth/register',
    method: 'POST',
    body: {
      name: 'Flood Script',
      studentId: '29990001',
      email: 'flood.register@iitbhilai.ac.in',
      password: 'Orchid#2024',
    },
    expectStatus: 429,
  },
  // Guessed verification links from one address: 1,200 an hour are checked (twice
  // PEOPLE_PER_ADDRESS), then every answer is a 429.
  {
    name: 'POST /api/auth/verify-email (flood, refused)',
    path: '/api/auth/verify-email',
    method: 'POST',
    body: { token: 'guessed-token' },
    expectStatus: 429,
  },
];
