import { sql } from 'drizzle-orm';
import { asActor, auditSummary } from '../src/db/audit';
import type { Database } from '../src/db/client';
import * as S from '../src/db/schema/index';
import { counterKey } from '../src/lib/attempt-counter';
import { logActivity } from '../src/modules/activity/activity.service';
import { notifyPerson } from '../src/modules/notifications/notify.service';
import {
  createAchievement,
  createEvent,
  createFeedback,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRegistration,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from './factories';
import { createCandidate, createOpenElection } from './factory-elections';
import { only } from './factory-basics';

/** The person erased in the dump tests: texts found nowhere else in the database. */
const PERSON = {
  name: 'Zephyrine Quillfeather',
  email: 'zephyrine.quillfeather@iitbhilai.ac.in',
  phone: '9182736450',
  studentId: '12398761',
} as const;

/** The four texts no dump may hold after the erasure (the test). */
export const IDENTIFYING = [PERSON.name, PERSON.email, PERSON.phone, PERSON.studentId];

/**
 * A student with records in as many modules as can hold them, written as the portal writes them:
 * the audit triggers with an actor where officials act, notifications to others that name them, an
 * import's audit line listing the student id, uploads, a copy of their data, a transcript.
 */
export async function seedPerson(db: Database) {
  const admin = await createUser(db, { role: 'ADMIN' });
  const { user } = await createStudent(
    db,
    { name: PERSON.name, email: PERSON.email, username: 'zquillfeather', studentId: PERSON.studentId },
    {
      phone: PERSON.phone,
      dateOfBirth: '2004-02-29',
      roomNumber: 'B-214',
      githubUrl: 'https://github.com/zquillfeather',
    },
  );
  const other = (await createStudent(db)).user;
  const id = user.id;
  await db.insert(S.userPhotos).values({ userId: id, image: Buffer.from(`photo of ${PERSON.name}`) });
  const [session] = await db
    .insert(S.sessions)
    .values({
      userId: id,
      tokenHash: 'a'.repeat(64),
      expiresAt: new Date(Date.now() + 86_400_000),
      userAgent: `Mozilla (${PERSON.email})`,
    })
    .returning();
  await db.insert(S.pushSubscriptions).values({
    userId: id,
    sessionId: session!.id,
    endpoint: 'https://fcm.googleapis.com/fcm/send/zquillfeather-phone',
    p256dh: `B${'A'.repeat(86)}`,
    auth: 'A'.repeat(22),
    label: 'Chrome on Android',
  });
  await db.insert(S.rateLimitCounters).values({
    key: counterKey('login-account', PERSON.email),
    hits: 2,
    resetAt: new Date(Date.now() + 600_000),
  });
  await db.insert(S.privacyChoices).values({ userId: id, showProfile: false, listed: false });
  await db
    .insert(S.consentRecords)
    .values({ userId: id, choice: 'listed', granted: false, source: 'settings' });
  await db.insert(S.dataExports).values({
    userId: id,
    status: 'ready',
    archive: Buffer.from(`${PERSON.name} ${PERSON.email} ${PERSON.phone} ${PERSON.studentId}`),
    byteSize: 80,
    readyAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(S.recordAccessLog)
    .values({ subjectId: id, viewerId: admin.id, viewerRole: 'ADMIN', kind: 'record' });

  // Skills, achievements (one verified with a certificate, one pending), positions (declared and verified).
  const skill = await createSkill(db);
  await createUserSkill(db, { userId: id, skillId: skill.id });
  await createUserSkill(db, {
    userId: id,
    isEndorsed: true,
    endorsedBy: admin.id,
    endorsedAt: new Date(),
  });
  await createAchievement(db, { userId: id, certificateUrl: 'https://drive.example/zq-cert.pdf' });
  const kept = await createAchievement(db, {
    userId: id,
    title: 'Inter-IIT Robotics Gold',
    description: `Team led by ${PERSON.name}`,
    verified: true,
    verifiedBy: admin.id,
    verifiedAt: new Date(),
  });
  const club = await createOrgUnit(db, { name: 'Robotics Club' });
  const position = await createPosition(db, { unitId: club.id, title: 'Robotics Secretary' });
  await createPositionHolder(db, { userId: id, verification: 'self_declared' });
  const holding = await asActor(db, admin.id, (tx) =>
    createPositionHolder(tx, { userId: id, positionId: position.id, appointedBy: admin.id }),
  );
  // The administrator corrects the official name: the audit trigger keeps both values.
  await asActor(db, admin.id, (tx) =>
    tx
      .update(S.users)
      .set({ officialName: `${PERSON.name} K.` })
      .where(sql`id = ${id}`),
  );
  await auditSummary(db, {
    actorId: admin.id,
    kind: 'import',
    action: 'create',
    subjectType: 'roll',
    summary: 'Imported the student roll',
    after: { newStudentIds: [PERSON.studentId, '12300001'], changedAccounts: [{ name: PERSON.name }] },
  });

  // Feedback: named, anonymous, and about them by someone else naming them.
  await createFeedback(db, { authorId: id, targetType: 'Club/Organization', targetUnitId: club.id });
  const anonymous = await createFeedback(db, {
    authorId: id,
    isAnonymous: true,
    targetUserId: admin.id,
  });
  await createFeedback(db, {
    authorId: other.id,
    targetUserId: id,
    comments: `${PERSON.name} (${PERSON.phone}) was great`,
  });

  // Events, clubs, elections, money, corrections, notifications and activity naming them.
  const event = await createEvent(db);
  await createRegistration(db, event.id, id);
  await createRegistration(db, (await createEvent(db)).id, id, { checkedInAt: new Date() });
  await db.insert(S.clubFollows).values({ userId: id, unitId: club.id });
  const request = only(
    await db
      .insert(S.clubJoinRequests)
      .values({ unitId: club.id, userId: id, kind: 'request', answer: `I am ${PERSON.name}` })
      .returning(),
  );
  await db.insert(S.clubMemberships).values({ unitId: club.id, userId: id, requestId: request.id });
  const { post } = await createOpenElection(db);
  const candidate = await createCandidate(db, post.id, id);
  await db
    .insert(S.electionManifestoPdfs)
    .values({ candidateId: candidate.id, pdf: Buffer.from(`%PDF ${PERSON.name}`) });
  const [line] = await db
    .insert(S.budgetLines)
    .values({ tenureYear: '2026-2027', unitId: club.id })
    .returning();
  await db.insert(S.expenseClaims).values([
    {
      unitId: club.id,
      lineId: line!.id,
      amount: 500,
      payee: PERSON.name,
      description: 'Motors',
      status: 'submitted',
      filedBy: id,
    },
    {
      unitId: club.id,
      lineId: line!.id,
      amount: 90,
      payee: PERSON.name,
      description: 'Draft',
      filedBy: id,
    },
  ]);
  await db.insert(S.factCorrections).values({
    userId: id,
    field: 'officialName',
    currentValue: PERSON.name,
    requestedValue: `${PERSON.name} Kaur`,
    reason: 'Spelling',
  });
  await notifyPerson(db, admin.id, {
    kind: 'club',
    outcome: 'requested',
    subject: `${PERSON.name} asked to join Robotics Club`,
    detail: PERSON.email,
    link: '/clubs',
  });
  await notifyPerson(db, id, { kind: 'privacy', subject: 'Your account', link: '/settings/privacy' });
  await logActivity(db, {
    type: 'cosa',
    actorId: admin.id,
    description: `Appointed ${PERSON.name} (${PERSON.studentId})`,
    subjectType: 'position_holders',
    subjectId: holding.id,
  });
  await db.insert(S.credentialStatusLists).values({ id: 1 }).onConflictDoNothing();
  await db.insert(S.issuedCredentials).values({
    userId: id,
    kind: 'position',
    recordId: holding.id,
    title: 'Robotics Secretary',
    statusListId: 1,
    statusIndex: 7,
  });
  await db.insert(S.transcripts).values({
    userId: id,
    content: { student: { name: PERSON.name, studentId: PERSON.studentId } } as never,
    institute: { name: 'IIT Bhilai' } as never,
  });
  return { user, admin, other, kept, holding, anonymous, candidate };
}
