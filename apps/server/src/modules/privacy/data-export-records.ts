import { sql } from 'drizzle-orm';
import { RECORD_ACCESS_LABELS } from '@cosa/contracts';
import type { SectionDefinition } from './data-export-sections';

/* The parts of a student's copy the portal wrote about them: notices, documents, requests, logs. */

const u = (userId: string) => sql`${userId}::uuid`;

const notifications: SectionDefinition = {
  name: 'notifications',
  about: 'The notifications the portal keeps for you (kept 180 days).',
  columns: [
    ['at', 'At'],
    ['kind', 'Kind'],
    ['outcome', 'Outcome'],
    ['subject', 'Subject'],
    ['detail', 'Detail'],
    ['link', 'Page'],
    ['items', 'Items'],
    ['readAt', 'Read at'],
    ['emailedAt', 'E-mailed at'],
  ],
  query: (id) => sql`
    select created_at as at, kind, outcome, subject, detail, link, item_count as items, read_at as "readAt",
      emailed_at as "emailedAt"
    from notifications where user_id = ${u(id)} order by created_at, id`,
};

const transcripts: SectionDefinition = {
  name: 'transcripts',
  about:
    'The co-curricular transcripts issued to you; data.json holds each one’s full content as issued.',
  columns: [
    ['id', 'Transcript ID (its verification address)'],
    ['issuedAt', 'Issued at'],
    ['revokedAt', 'Revoked at'],
    ['content', 'Content'],
  ],
  query: (id) => sql`
    select id, issued_at as "issuedAt", revoked_at as "revokedAt", content
    from transcripts where user_id = ${u(id)} order by issued_at, id`,
};

const credentials: SectionDefinition = {
  name: 'credentials',
  about: 'The digital credentials signed for your achievements and positions.',
  columns: [
    ['id', 'Credential ID'],
    ['kind', 'For'],
    ['title', 'Title'],
    ['issuedAt', 'Issued at'],
    ['revokedAt', 'Revoked at'],
    ['revocationReason', 'Why it was revoked'],
  ],
  query: (id) => sql`
    select id, kind, title, issued_at as "issuedAt", revoked_at as "revokedAt",
      revocation_reason as "revocationReason"
    from issued_credentials where user_id = ${u(id)} order by issued_at, id`,
};

const corrections: SectionDefinition = {
  name: 'fact-corrections',
  about: "Your requests to correct a fact the institute keeps, and the administrator's answers.",
  columns: [
    ['field', 'Field'],
    ['currentValue', 'Value then'],
    ['requestedValue', 'Value asked for'],
    ['reason', 'Your reason'],
    ['status', 'Status'],
    ['decisionReason', 'Reason for the decision'],
    ['askedAt', 'Asked at'],
    ['decidedAt', 'Decided at'],
  ],
  query: (id) => sql`
    select field, current_value as "currentValue", requested_value as "requestedValue", reason, status,
      decision_reason as "decisionReason", created_at as "askedAt", decided_at as "decidedAt"
    from fact_corrections where user_id = ${u(id)} order by created_at, id`,
};

const kindLabel = sql.raw(
  `case l.kind ${Object.entries(RECORD_ACCESS_LABELS)
    .map(([kind, label]) => `when '${kind}' then '${label.replaceAll("'", "''")}'`)
    .join(' ')} end`,
);

const accessLog: SectionDefinition = {
  name: 'record-access-log',
  about:
    'Who opened your record or personal details, or exported them, when, and from which page (kept a year).',
  columns: [
    ['at', 'At'],
    ['viewer', 'Who'],
    ['viewerRole', 'Their role then'],
    ['what', 'What'],
    ['cameFrom', 'From the page'],
  ],
  query: (id) => sql`
    select l.created_at as at, v.name as viewer, l.viewer_role as "viewerRole", ${kindLabel} as what,
      l.came_from as "cameFrom"
    from record_access_log l left join users v on v.id = l.viewer_id
    where l.subject_id = ${u(id)} order by l.created_at, l.id`,
};

const dataExports: SectionDefinition = {
  name: 'data-exports',
  about: 'Your requests for a copy of your data, this one included.',
  columns: [
    ['requestedAt', 'Asked at'],
    ['status', 'Status'],
    ['readyAt', 'Ready at'],
    ['expiresAt', 'Download until'],
    ['bytes', 'Size (bytes)'],
  ],
  query: (id) => sql`
    select created_at as "requestedAt",
      case when status = 'ready' and expires_at <= now() then 'expired' else status end as status,
      ready_at as "readyAt", expires_at as "expiresAt", byte_size as bytes
    from data_exports where user_id = ${u(id)} order by created_at, id`,
};

const erasure: SectionDefinition = {
  name: 'erasure-requests',
  about: 'Requests to erase your account, and whether they were cancelled.',
  columns: [
    ['askedAt', 'Asked at'],
    ['byAdministrator', 'Asked by the administrator'],
    ['dueAt', 'Due at'],
    ['cancelledAt', 'Cancelled at'],
  ],
  query: (id) => sql`
    select created_at as "askedAt", by_administrator as "byAdministrator", due_at as "dueAt",
      cancelled_at as "cancelledAt"
    from erasure_requests where user_id = ${u(id)} order by created_at, id`,
};

const sessions: SectionDefinition = {
  name: 'sign-ins',
  about: 'The devices signed in to your account now: the browser and the address each last came from.',
  columns: [
    ['signedInAt', 'Signed in at'],
    ['lastSeenAt', 'Last seen at'],
    ['expiresAt', 'Ends at'],
    ['browser', 'Browser'],
    ['address', 'Address'],
  ],
  query: (id) => sql`
    select created_at as "signedInAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt",
      user_agent as browser, ip as address
    from sessions where user_id = ${u(id)} and expires_at > now() order by created_at, id`,
};

const pushDevices: SectionDefinition = {
  name: 'push-devices',
  about:
    'The devices with push notifications on: what the portal calls each, when push was turned on there and when a notification last reached its push service. Their push addresses and keys are kept only to send to them.',
  columns: [
    ['device', 'Device'],
    ['turnedOnAt', 'Turned on at'],
    ['lastUsedAt', 'Last used at'],
    ['lastDeliveredAt', 'Last delivered at'],
  ],
  query: (id) => sql`
    select label as device, created_at as "turnedOnAt", last_used_at as "lastUsedAt",
      last_success_at as "lastDeliveredAt"
    from push_subscriptions where user_id = ${u(id)} order by created_at, id`,
};

export const PORTAL_RECORD_SECTIONS: readonly SectionDefinition[] = [
  notifications,
  transcripts,
  credentials,
  corrections,
  accessLog,
  dataExports,
  erasure,
  sessions,
  pushDevices,
];
