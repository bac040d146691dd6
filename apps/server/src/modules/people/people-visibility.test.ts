import { beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  councilOfCategory,
  createAchievement,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRegistration,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

// One student's page as every kind of viewer sees it. The student keeps private facts (typed
// below) and a record with verified, pending and declined items in the technical council.
const PHONE = '9812345670';
const EMAIL = 'kavya.menon@iitbhilai.ac.in';
const PRIVATE_STRINGS = [
  PHONE,
  EMAIL,
  'kavya.menon',
  '23100777',
  '2004-05-17',
  'Indravati',
  'B-214',
  '9.12',
  'Female',
];

describe('GET /api/people/{id}: who sees what', () => {
  const ctx = useTestApp();
  const viewers = new Map<string, User>();
  let subject: User;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const club = await createOrgUnit(ctx.db, {
      name: 'Astronomy Club',
      parentId: (await councilOfCategory(ctx.db, 'technical')).id,
    });
    const otherClub = await createOrgUnit(ctx.db, { name: 'Quiz Club' });
    const approver = await createUser(ctx.db, { role: 'ADMIN' });
    const approval = { verifiedBy: approver.id, verifiedAt: new Date() };
    ({ user: subject } = await createStudent(
      ctx.db,
      { name: 'Kavya Menon', email: EMAIL, username: 'kavya.menon', studentId: '23100777' },
      {
        phone: PHONE,
        gender: 'Female',
        dateOfBirth: '2004-05-17',
        hostel: 'Indravati',
        roomNumber: 'B-214',
        instituteCgpa: 9.12,
        cgpa: 9.12,
        program: 'B.Tech',
        branch: 'Computer Science and Engineering',
        batchYear: 2023,
      },
    ));
    const position = await createPosition(ctx.db, { unitId: club.id, title: 'Outreach Lead' });
    const event = await createEvent(ctx.db, { title: 'Star Party', organizingUnitId: club.id });
    const verifiedHolding = await createPositionHolder(ctx.db, {
      userId: subject.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      status: 'completed',
    });
    const claimed = await createPositionHolder(ctx.db, {
      userId: subject.id,
      positionId: (await createPosition(ctx.db, { unitId: club.id, title: 'Telescope Keeper' })).id,
      verification: 'self_declared',
    });
    const verified = await createAchievement(ctx.db, {
      userId: subject.id,
      title: 'Messier Marathon',
      verified: true,
      ...approval,
    });
    const pending = await createAchievement(ctx.db, {
      userId: subject.id,
      title: 'Comet Sketch Prize',
      eventId: event.id,
    });
    await createAchievement(ctx.db, {
      userId: subject.id,
      title: 'Declined Claim',
      declinedAt: new Date(),
      declineReason: 'No certificate.',
    });
    const endorsed = await createUserSkill(ctx.db, {
      userId: subject.id,
      skillId: (await createSkill(ctx.db, { name: 'Astrophotography' })).id,
      isEndorsed: true,
      endorsedBy: approver.id,
      endorsedAt: new Date(),
    });
    const claim = await createUserSkill(ctx.db, {
      userId: subject.id,
      skillId: (await createSkill(ctx.db, { name: 'Spectroscopy' })).id,
      positionId: position.id,
    });
    const door = await createUser(ctx.db, { name: 'Ishaan Verma' });
    const attended = await createRegistration(ctx.db, event.id, subject.id, {
      checkedInAt: new Date('2025-01-10T12:00:00Z'),
      checkedInBy: door.id,
    });
    // Registered elsewhere but never checked in: no attendance.
    await createRegistration(ctx.db, (await createEvent(ctx.db)).id, subject.id);
    ids = {
      attended: attended.id,
      verifiedHolding: verifiedHolding.id,
      claimed: claimed.id,
      verified: verified.id,
      pending: pending.id,
      endorsed: endorsed.id,
      claim: claim.id,
    };
    viewers.set('self', subject);
    viewers.set('student', (await createStudent(ctx.db)).user);
    viewers.set('gensec-tech', await createUser(ctx.db, { role: 'GENSEC_SCITECH' }));
    viewers.set('gensec-cult', await createUser(ctx.db, { role: 'GENSEC_CULTURAL' }));
    viewers.set('president', await createUser(ctx.db, { role: 'PRESIDENT' }));
    viewers.set(
      'coordinator',
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: club.id }),
    );
    viewers.set(
      'other-coordinator',
      await createUser(ctx.db, { role: 'CLUB_COORDINATOR', clubUnitId: otherClub.id }),
    );
    viewers.set('admin', await createUser(ctx.db, { role: 'ADMIN' }));
  });

  const pageAs = async (viewer: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/people/${subject.id}`,
      headers: { cookie: await signInAs(ctx, viewers.get(viewer)!) },
    });
    expect(response.statusCode, viewer).toBe(200);
    return { body: response.json(), raw: response.body };
  };

  const ALWAYS =
    'id name photoUrl role roleLabel academic positions achievements skills attendance clubMemberships';
  // Typed by hand from decision 0026: the top-level fields each viewer gets.
  const table: [string, string][] = [
    ['self', `${ALWAYS} personal`],
    ['student', ALWAYS],
    ['gensec-tech', `${ALWAYS} waitingForYourReview`],
    ['gensec-cult', ALWAYS],
    ['president', `${ALWAYS} waitingForYourReview`],
    ['coordinator', `${ALWAYS} waitingForYourReview`],
    ['other-coordinator', ALWAYS],
    ['admin', `${ALWAYS} personal administration`],
  ];

  it.each(table)('gives %s exactly the fields the decision names', async (viewer, fields) => {
    const { body } = await pageAs(viewer);
    expect(Object.keys(body).sort()).toEqual(fields.split(' ').sort());
  });

  it.each(table.filter(([, fields]) => !fields.includes('personal')))(
    'sends %s none of the private facts anywhere in the answer',
    async (viewer) => {
      const { raw } = await pageAs(viewer);
      for (const value of PRIVATE_STRINGS) expect(raw, value).not.toContain(value);
    },
  );

  it('shows everyone the verified record only: no pending, declined or self-declared item', async () => {
    const { body } = await pageAs('student');
    expect(body).toMatchObject({
      name: 'Kavya Menon',
      role: 'STUDENT',
      roleLabel: 'Student',
      photoUrl: null,
      academic: {
        program: 'B.Tech',
        discipline: 'Computer Science and Engineering',
        admissionYear: 2023,
      },
    });
    expect(body.positions).toEqual([
      {
        id: ids.verifiedHolding,
        title: 'Outreach Lead',
        unit: { id: expect.any(String), name: 'Astronomy Club' },
        tenure: '2024-2025',
        status: 'completed',
      },
    ]);
    expect(body.achievements.map((a: { title: string }) => a.title)).toEqual(['Messier Marathon']);
    expect(body.skills).toEqual([
      {
        id: ids.endorsed,
        name: 'Astrophotography',
        category: 'Programming',
        type: 'technical',
        proficiencyLevel: 'beginner',
      },
    ]);
    // Attendance, verified by the check-in, is part of the record everyone sees.
    expect(body.attendance).toEqual([
      {
        id: ids.attended,
        event: { id: expect.any(String), title: 'Star Party' },
        checkedInAt: '2025-01-10T12:00:00.000Z',
        checkedInBy: 'Ishaan Verma',
      },
    ]);
  });

  it('shows the student and the administrator the private facts, and the administrator the link', async () => {
    const personal = {
      email: EMAIL,
      username: 'kavya.menon',
      studentId: '23100777',
      phone: PHONE,
      gender: 'Female',
      dateOfBirth: '2004-05-17',
      hostel: 'Indravati',
      roomNumber: 'B-214',
      cgpa: 9.12,
    };
    expect((await pageAs('self')).body.personal).toEqual(personal);
    const admin = (await pageAs('admin')).body;
    expect(admin.personal).toEqual(personal);
    expect(admin.administration).toEqual({
      link: `/admin/users/${subject.id}`,
      deactivated: false,
    });
  });

  const waiting = async (viewer: string) =>
    ((await pageAs(viewer)).body.waitingForYourReview as { id: string; link: string }[]).map(
      (item) => `${item.id} ${item.link}`,
    );

  it('lists for each reviewer the items in their own queue, each linked to the panel tab', async () => {
    const all = [
      `${ids.pending} /gensec-endorse?tab=achievements`,
      `${ids.claim} /gensec-endorse?tab=user-skills`,
      `${ids.claimed} /gensec-endorse?tab=positions`,
    ].sort();
    expect((await waiting('gensec-tech')).sort()).toEqual(all);
    expect((await waiting('president')).sort()).toEqual(all);
    // The coordinator's club holds the event, the claim's position and the self-declared record.
    expect((await waiting('coordinator')).sort()).toEqual(all);
  });
});
