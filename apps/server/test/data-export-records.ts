import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { rowsOf } from '../src/db/rows';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRegistration,
  createRoomBooking,
  createSkill,
  createUser,
  createUserSkill,
} from './factories';
import { createCandidate, createOpenElection } from './factory-elections';

/** Bytes standing for a file (a PDF, a picture): the archive must carry them as they are. */
export const MANIFESTO_BYTES = Buffer.from('%PDF-1.4 manifesto of Asha Verma');
export const RECEIPT_BYTES = Buffer.from('%PDF-1.4 receipt for robot parts');
export const PHOTO_BYTES = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);

const one = async <Row>(query: Promise<unknown>) => rowsOf<Row>(await query)[0]!;

/**
 * One record of every kind the portal keeps about `userId`, with the texts the archive test
 * expects, and the official who decided about some of them (named 'Kavya Menon').
 */
export async function seedOneOfEach(db: Database, userId: string): Promise<void> {
  const official = await createUser(db, { role: 'PRESIDENT', name: 'Kavya Menon' });
  const club = await createOrgUnit(db, { name: 'Robotics Club' });
  const event = await createEvent(db, { title: 'Robo Wars 2026' });
  await db.execute(
    sql`insert into user_photos (user_id, image) values (${userId}::uuid, ${PHOTO_BYTES})`,
  );
  await db.execute(sql`
    insert into privacy_choices (user_id, show_profile, listed, show_phone)
    values (${userId}::uuid, false, true, true)`);
  await db.execute(sql`
    insert into consent_records (user_id, choice, granted, source)
    values (${userId}::uuid, 'showProfile', false, 'settings')`);
  const skill = await createSkill(db, { name: 'Embedded C' });
  await createUserSkill(db, {
    userId,
    skillId: skill.id,
    proficiencyLevel: 'advanced',
    isEndorsed: true,
    endorsedBy: official.id,
    endorsedAt: new Date(),
  });
  await createAchievement(db, { userId, title: '=HYPERLINK("http://evil.example")' });
  await createAchievement(db, {
    userId,
    title: 'Inter-IIT Tech Meet Gold',
    verified: true,
    verifiedBy: official.id,
    verifiedAt: new Date(),
    certificateUrl: 'https://certificates.example/inter-iit-gold',
  });
  const position = await createPosition(db, { title: 'Workshop Coordinator', unitId: club.id });
  await createPositionHolder(db, { userId, positionId: position.id, appointedBy: official.id });
  await createFeedback(db, {
    authorId: userId,
    targetType: 'Event',
    targetEventId: event.id,
    comments: 'The arena lights failed twice.',
    isAnonymous: true,
  });
  await createFeedback(db, { authorId: userId, comments: 'Great mentor, always on time.' });
  await createRegistration(db, event.id, userId, { checkedInAt: new Date(), checkedInBy: official.id });
  const request = await one<{ id: string }>(
    db.execute(sql`
      insert into club_join_requests (unit_id, user_id, kind, status, question, answer, decided_at)
      values (${club.id}::uuid, ${userId}::uuid, 'request', 'accepted', 'Why robots?', 'I build line followers.', now())
      returning id`),
  );
  await db.execute(sql`
    insert into club_memberships (unit_id, user_id, role, request_id)
    values (${club.id}::uuid, ${userId}::uuid, 'Core Member', ${request.id}::uuid)`);
  const { post } = await createOpenElection(db, {}, { title: 'Students’ Council Elections 2026' });
  const candidate = await createCandidate(db, post.id, userId);
  await db.execute(sql`
    insert into election_manifesto_pdfs (candidate_id, pdf) values (${candidate.id}::uuid, ${MANIFESTO_BYTES})`);
  const line = await one<{ id: string }>(
    db.execute(sql`
      insert into budget_lines (tenure_year, unit_id, heading) values ('2026-2027', ${club.id}::uuid, 'events')
      returning id`),
  );
  const claim = await one<{ id: string; claim_code: string }>(
    db.execute(sql`
      insert into expense_claims (unit_id, line_id, amount, payee, description, filed_by)
      values (${club.id}::uuid, ${line.id}::uuid, 1250.50, 'Sharma Electronics', 'Motors for the arena bot', ${userId}::uuid)
      returning id, claim_code`),
  );
  await db.execute(sql`
    insert into claim_receipts (claim_id, content_type, content, size, uploaded_by)
    values (${claim.id}::uuid, 'application/pdf', ${RECEIPT_BYTES}, ${RECEIPT_BYTES.length}, ${userId}::uuid)`);
  await createRoomBooking(db, { requestedBy: userId, description: 'Robotics club practice' });
  await db.execute(sql`
    insert into notifications (user_id, kind, subject, link, delivery)
    values (${userId}::uuid, 'club', 'Robotics Club', '/clubs', 'app')`);
  await db.execute(sql`
    insert into transcripts (user_id, content, institute)
    values (${userId}::uuid, '{"student":{"name":"Asha Verma"},"achievements":[]}'::jsonb,
      '{"name":"Indian Institute of Technology Bhilai","shortName":"IIT Bhilai"}'::jsonb)`);
  await db.execute(sql`
    insert into fact_corrections (user_id, field, current_value, requested_value, reason)
    values (${userId}::uuid, 'officialName', 'Asha V', 'Asha Verma', 'My name as on the roll')`);
  await db.execute(sql`
    insert into record_access_log (subject_id, viewer_id, viewer_role, kind, came_from)
    values (${userId}::uuid, ${official.id}::uuid, 'PRESIDENT', 'record', '/council/holders')`);
}
