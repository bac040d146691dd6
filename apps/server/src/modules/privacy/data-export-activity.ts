import { sql } from 'drizzle-orm';
import type { SectionDefinition } from './data-export-sections';

/* The parts of a student's copy about what they took part in: events, clubs, elections, money, rooms. */

const u = (userId: string) => sql`${userId}::uuid`;

const registrations: SectionDefinition = {
  name: 'event-registrations',
  about: 'Your event registrations, the waitlist, payment and attendance (check-in at the door).',
  columns: [
    ['eventCode', 'Event ID'],
    ['event', 'Event'],
    ['startsAt', 'Starts at'],
    ['venue', 'Venue'],
    ['status', 'Status'],
    ['registeredAt', 'Registered at'],
    ['confirmedAt', 'Seat given at'],
    ['fromWaitlistAt', 'Seat from the waitlist at'],
    ['cancelledAt', 'Cancelled at'],
    ['walkIn', 'Walk-in'],
    ['paidAt', 'Fee marked paid at'],
    ['checkedInAt', 'Checked in at'],
  ],
  query: (id) => sql`
    select e.event_code as "eventCode", e.title as event, e.schedule_start as "startsAt", e.venue, r.status,
      r.created_at as "registeredAt", r.confirmed_at as "confirmedAt", r.promoted_at as "fromWaitlistAt",
      r.cancelled_at as "cancelledAt", r.walk_in as "walkIn", r.paid_at as "paidAt", r.checked_in_at as "checkedInAt"
    from event_registrations r join events e on e.id = r.event_id
    where r.user_id = ${u(id)} order by r.created_at, r.id`,
};

const eventRatings: SectionDefinition = {
  name: 'event-ratings',
  about: 'The ratings you gave events you attended (their words are in feedback-given.csv).',
  columns: [
    ['event', 'Event'],
    ['rating', 'Rating'],
    ['at', 'Rated at'],
  ],
  query: (id) => sql`
    select e.title as event, r.rating, r.created_at as at
    from event_ratings r join events e on e.id = r.event_id
    where r.user_id = ${u(id)} order by r.created_at`,
};

const memberships: SectionDefinition = {
  name: 'club-memberships',
  about: 'Your memberships of clubs, from when to when, and why each ended.',
  columns: [
    ['club', 'Club'],
    ['role', 'Role'],
    ['startedAt', 'Started at'],
    ['endedAt', 'Ended at'],
    ['endReason', 'Why it ended'],
  ],
  query: (id) => sql`
    select c.name as club, m.role, m.started_at as "startedAt", m.ended_at as "endedAt", m.end_reason as "endReason"
    from club_memberships m join org_units c on c.id = m.unit_id
    where m.user_id = ${u(id)} order by m.started_at, m.id`,
};

const joinRequests: SectionDefinition = {
  name: 'club-join-requests',
  about: "Your requests to join clubs and clubs' invitations to you, with the answers.",
  columns: [
    ['club', 'Club'],
    ['kind', 'Request or invitation'],
    ['status', 'Status'],
    ['question', "Club's question"],
    ['answer', 'Your answer'],
    ['reason', 'Reason given'],
    ['at', 'Made at'],
    ['decidedAt', 'Answered at'],
  ],
  query: (id) => sql`
    select c.name as club, j.kind, j.status, j.question, j.answer, j.reason, j.created_at as at,
      j.decided_at as "decidedAt"
    from club_join_requests j join org_units c on c.id = j.unit_id
    where j.user_id = ${u(id)} order by j.created_at, j.id`,
};

const follows: SectionDefinition = {
  name: 'clubs-followed',
  about: 'The clubs you follow.',
  columns: [
    ['club', 'Club'],
    ['since', 'Following since'],
  ],
  query: (id) => sql`
    select c.name as club, f.created_at as since
    from club_follows f join org_units c on c.id = f.unit_id
    where f.user_id = ${u(id)} order by f.created_at`,
};

const nominations: SectionDefinition = {
  name: 'election-nominations',
  about:
    'Your nominations in elections, with your manifesto. How you voted is never linked to you, so it is not here.',
  columns: [
    ['election', 'Election'],
    ['post', 'Post'],
    ['manifesto', 'Manifesto'],
    ['manifestoPdf', 'Manifesto PDF (file in this archive)'],
    ['status', 'Status'],
    ['reason', 'Reason given'],
    ['filedAt', 'Filed at'],
    ['decidedAt', 'Decided at'],
  ],
  query: (id) => sql`
    select el.title as election, p.title as post, c.manifesto,
      case when pdf.candidate_id is not null then 'files/manifestos/' || c.id || '.pdf' end as "manifestoPdf",
      c.status, c.reason, c.created_at as "filedAt", c.decided_at as "decidedAt"
    from election_candidates c
    join election_posts ep on ep.id = c.post_id
    join elections el on el.id = ep.election_id
    join positions p on p.id = ep.position_id
    left join election_manifesto_pdfs pdf on pdf.candidate_id = c.id
    where c.user_id = ${u(id)} order by c.created_at, c.id`,
};

const electionTakingPart: SectionDefinition = {
  name: 'election-participation',
  about: 'The posts you proposed a nominee for, and those you voted for (that you voted, never how).',
  columns: [
    ['election', 'Election'],
    ['post', 'Post'],
    ['what', 'What you did'],
    ['nominee', 'Nominee proposed'],
  ],
  query: (id) => sql`
    select el.title as election, p.title as post, 'proposed a nominee' as what, nu.name as nominee
    from election_proposers pr
    join election_candidates c on c.id = pr.candidate_id
    join users nu on nu.id = c.user_id
    join election_posts ep on ep.id = c.post_id
    join elections el on el.id = ep.election_id
    join positions p on p.id = ep.position_id
    where pr.user_id = ${u(id)}
    union all
    select el.title, p.title, 'voted', null
    from ballot_participations bp
    join election_posts ep on ep.id = bp.post_id
    join elections el on el.id = ep.election_id
    join positions p on p.id = ep.position_id
    where bp.voter_id = ${u(id)}
    order by 1, 2, 3`,
};

const claims: SectionDefinition = {
  name: 'money-claims',
  about: 'The expense claims you filed for a club, with their receipts (files in this archive).',
  columns: [
    ['code', 'Claim ID'],
    ['club', 'Club'],
    ['tenure', 'Tenure'],
    ['heading', 'Budget heading'],
    ['event', 'Event'],
    ['amount', 'Amount (₹)'],
    ['approvedAmount', 'Approved amount (₹)'],
    ['payee', 'Payee'],
    ['description', 'Description'],
    ['status', 'Status'],
    ['paymentReference', 'Payment reference'],
    ['receipts', 'Receipts'],
    ['createdAt', 'Created at'],
    ['submittedAt', 'Submitted at'],
    ['paidAt', 'Paid at'],
  ],
  query: (id) => sql`
    select c.claim_code as code, ou.name as club, l.tenure_year as tenure, l.heading, e.title as event,
      c.amount::text as amount, c.approved_amount::text as "approvedAmount", c.payee, c.description, c.status,
      c.payment_reference as "paymentReference",
      (select count(*)::int from claim_receipts r where r.claim_id = c.id) as receipts,
      c.created_at as "createdAt", c.submitted_at as "submittedAt", c.paid_at as "paidAt"
    from expense_claims c
    join org_units ou on ou.id = c.unit_id
    join budget_lines l on l.id = c.line_id
    left join events e on e.id = c.event_id
    where c.filed_by = ${u(id)} order by c.created_at, c.id`,
};

const claimSteps: SectionDefinition = {
  name: 'money-claim-steps',
  about: 'What happened to each claim you filed, step by step.',
  columns: [
    ['claim', 'Claim ID'],
    ['at', 'At'],
    ['action', 'Step'],
    ['amount', 'Amount (₹)'],
    ['reason', 'Reason'],
    ['reference', 'Reference'],
  ],
  query: (id) => sql`
    select c.claim_code as claim, s.created_at as at, s.action, s.amount::text as amount, s.reason, s.reference
    from claim_steps s join expense_claims c on c.id = s.claim_id
    where c.filed_by = ${u(id)} order by c.created_at, c.id, s.seq`,
};

const bookings: SectionDefinition = {
  name: 'room-bookings',
  about: 'The rooms you asked to book, and the decisions.',
  columns: [
    ['room', 'Room'],
    ['date', 'Date'],
    ['from', 'From'],
    ['to', 'To'],
    ['description', 'Purpose'],
    ['status', 'Status'],
    ['decisionNote', 'Note with the decision'],
    ['decidedAt', 'Decided at'],
    ['requestedAt', 'Asked at'],
  ],
  query: (id) => sql`
    select r.name as room, b.date::text as date, to_char(b.start_time, 'HH24:MI') as "from",
      to_char(b.end_time, 'HH24:MI') as "to", b.description, b.status, b.decision_note as "decisionNote",
      b.decided_at as "decidedAt", b.created_at as "requestedAt"
    from room_bookings b join rooms r on r.id = b.room_id
    where b.requested_by = ${u(id)} order by b.created_at, b.id`,
};

export const ACTIVITY_SECTIONS: readonly SectionDefinition[] = [
  registrations,
  eventRatings,
  memberships,
  joinRequests,
  follows,
  nominations,
  electionTakingPart,
  claims,
  claimSteps,
  bookings,
];
