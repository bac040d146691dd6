import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import {
  createAchievement,
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

const CLAIMS_HEADER = [
  'Submitted',
  'Student',
  'Student ID',
  'E-mail',
  'Skill ID',
  'Skill',
  'Category',
  'Type',
  'Proficiency',
  'Position ID',
  'Position',
];
const SOLDERING = [
  '2025-02-01 10:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'SKL-90101',
  'Soldering',
  'Electronics',
  'technical',
  'intermediate',
  'POS-90042',
  'Workshop Lead',
];
const TABLA_OUTSIDER = [
  '2025-02-02 11:45',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  'SKL-90102',
  'Tabla',
  'Music',
  'cultural',
  'beginner',
  '',
  '',
];
const TABLA_MEMBER = [
  '2025-02-04 00:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'SKL-90102',
  'Tabla',
  'Music',
  'cultural',
  'advanced',
  '',
  '',
];

const ACHIEVEMENTS_HEADER = [
  'Achievement ID',
  'Submitted',
  'Student',
  'Student ID',
  'E-mail',
  'Title',
  'Description',
  'Category',
  'Type',
  'Level',
  'Event',
  'Date achieved',
  'Position',
];
const ROBOT_WARS = [
  'ACH-90201',
  '2025-02-01 09:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'Robot Wars Winner',
  'Won the finals.',
  'Competition',
  'technical',
  'national',
  '',
  '2025-01-10',
  'Winner',
];
const FORMULA = [
  'ACH-90202',
  '2025-02-05 15:30',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  "'=1+1",
  '',
  'Music',
  'cultural',
  'college',
  '',
  '2025-01-20',
  '',
];
const MARATHON = [
  'ACH-90203',
  '2025-02-06 23:59',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'Marathon Finisher',
  'Ran the full distance.',
  'Athletics',
  'sports',
  'state',
  'City Marathon',
  '2025-01-26',
  'Finisher',
];

describe("the endorsement panel's exports", () => {
  const ctx = useTestApp();
  const download = (path: string, cookie: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/endorsements/${path}`,
      headers: cookie ? { cookie } : {},
    });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) =>
    signInAs(ctx, await createUser(ctx.db, { role, ...overrides }));
  let clubId = '';

  // The exports only read, so every test reads one queue: a club member's and an outsider's items, and some no longer waiting.
  beforeAll(async () => {
    const club = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    clubId = club.id;
    const position = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Workshop Lead',
      positionCode: 'POS-90042',
      positionCount: 5,
    });
    const { user: member } = await createStudent(ctx.db, {
      name: 'Meera Pillai',
      username: 'meera.pillai',
      email: 'meera.pillai@iitbhilai.ac.in',
      studentId: '22110042',
    });
    await createPositionHolder(ctx.db, { userId: member.id, positionId: position.id, status: 'active' });
    const { user: outsider } = await createStudent(ctx.db, {
      name: 'Arjun Rao',
      username: 'arjun.rao',
      email: 'arjun.rao@iitbhilai.ac.in',
      studentId: '22110077',
    });
    const soldering = await createSkill(ctx.db, {
      name: 'Soldering',
      skillCode: 'SKL-90101',
      category: 'Electronics',
      type: 'technical',
      isEndorsed: true,
    });
    const tabla = await createSkill(ctx.db, {
      name: 'Tabla',
      skillCode: 'SKL-90102',
      category: 'Music',
      type: 'cultural',
      isEndorsed: true,
    });
    const painting = await createSkill(ctx.db, {
      name: 'Painting',
      skillCode: 'SKL-90103',
      category: 'Art',
      type: 'cultural',
      isEndorsed: true,
    });
    await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: soldering.id,
      proficiencyLevel: 'intermediate',
      positionId: position.id,
      createdAt: new Date('2025-02-01T05:00:00Z'),
    });
    await createUserSkill(ctx.db, {
      userId: outsider.id,
      skillId: tabla.id,
      createdAt: new Date('2025-02-02T06:15:00Z'),
    });
    await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: tabla.id,
      proficiencyLevel: 'advanced',
      createdAt: new Date('2025-02-03T19:00:00Z'),
    });
    // Endorsed already: not waiting, not exported.
    await createUserSkill(ctx.db, {
      userId: member.id,
      skillId: painting.id,
      isEndorsed: true,
      createdAt: new Date('2025-02-01T00:00:00Z'),
    });

    const marathon = await createEvent(ctx.db, { title: 'City Marathon' });
    const common = { description: null, position: null };
    await createAchievement(ctx.db, {
      userId: member.id,
      achievementCode: 'ACH-90201',
      title: 'Robot Wars Winner',
      description: 'Won the finals.',
      category: 'Competition',
      type: 'technical',
      level: 'national',
      dateAchieved: '2025-01-10',
      position: 'Winner',
      createdAt: new Date('2025-02-01T04:00:00Z'),
    });
    await createAchievement(ctx.db, {
      ...common,
      userId: outsider.id,
      achievementCode: 'ACH-90202',
      title: '=1+1',
      category: 'Music',
      type: 'cultural',
      level: 'college',
      dateAchieved: '2025-01-20',
      createdAt: new Date('2025-02-05T10:00:00Z'),
    });
    await createAchievement(ctx.db, {
      userId: member.id,
      achievementCode: 'ACH-90203',
      title: 'Marathon Finisher',
      description: 'Ran the full distance.',
      category: 'Athletics',
      type: 'sports',
      level: 'state',
      eventId: marathon.id,
      dateAchieved: '2025-01-26',
      position: 'Finisher',
      createdAt: new Date('2025-02-06T18:29:00Z'),
    });
    const verifier = await createUser(ctx.db, { role: 'GENSEC_SCITECH' });
    await createAchievement(ctx.db, {
      userId: member.id,
      achievementCode: 'ACH-90204',
      title: 'Already Verified',
      verified: true,
      verifiedBy: verifier.id,
      verifiedAt: new Date(),
    });
  });

  it('asks a signed-out visitor to sign in', async () => {
    for (const path of ['user-skills/export', 'achievements/export']) {
      const response = await download(path, undefined);
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses a student, and a general secretary asking for a type not theirs', async () => {
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    const scitech = await signedIn('GENSEC_SCITECH');
    for (const path of ['user-skills/export', 'achievements/export']) {
      expect((await download(path, student)).json().error.code).toBe('FORBIDDEN');
      const otherType = await download(`${path}?type=cultural`, scitech);
      expect(otherType.statusCode).toBe(403);
      expect(otherType.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a type filter the panel does not know', async () => {
    const president = await signedIn('PRESIDENT');
    for (const path of ['user-skills/export?type=music', 'achievements/export?type=music']) {
      const response = await download(path, president);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual(['type']);
    }
  });

  it('gives the president every waiting item, oldest first, named, on the institute clock, formulas defused', async () => {
    const president = await signedIn('PRESIDENT');
    expect(csvRecords(await download('user-skills/export', president), 'skill-claims')).toEqual([
      CLAIMS_HEADER,
      SOLDERING,
      TABLA_OUTSIDER,
      TABLA_MEMBER,
    ]);
    expect(csvRecords(await download('achievements/export', president), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
      ROBOT_WARS,
      FORMULA,
      MARATHON,
    ]);
  });

  it("honours the list's type filter and a general secretary's own type", async () => {
    const president = await signedIn('PRESIDENT');
    expect(
      csvRecords(await download('user-skills/export?type=cultural&page=2', president), 'skill-claims'),
    ).toEqual([CLAIMS_HEADER, TABLA_OUTSIDER, TABLA_MEMBER]);
    expect(
      csvRecords(await download('achievements/export?type=sports', president), 'achievements'),
    ).toEqual([ACHIEVEMENTS_HEADER, MARATHON]);
    const cultural = await signedIn('GENSEC_CULTURAL');
    expect(csvRecords(await download('user-skills/export', cultural), 'skill-claims')).toEqual([
      CLAIMS_HEADER,
      TABLA_OUTSIDER,
      TABLA_MEMBER,
    ]);
    expect(csvRecords(await download('achievements/export', cultural), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
      FORMULA,
    ]);
  });

  it("gives a club coordinator their club's members' items only", async () => {
    const coordinator = await signedIn('CLUB_COORDINATOR', { clubUnitId: clubId });
    expect(csvRecords(await download('user-skills/export', coordinator), 'skill-claims')).toEqual([
      CLAIMS_HEADER,
      SOLDERING,
      TABLA_MEMBER,
    ]);
    expect(csvRecords(await download('achievements/export', coordinator), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
      ROBOT_WARS,
      MARATHON,
    ]);
    const unlinked = await signedIn('CLUB_COORDINATOR');
    expect(csvRecords(await download('achievements/export', unlinked), 'achievements')).toEqual([
      ACHIEVEMENTS_HEADER,
    ]);
  });

  it('sends just the header when nothing waits', async () => {
    const president = await signedIn('PRESIDENT');
    const claims = await download('user-skills/export?type=academic', president);
    expect(claims.body).toBe(`\uFEFF${CLAIMS_HEADER.join(',')}\r\n`);
    expect(
      csvRecords(await download('achievements/export?type=academic', president), 'achievements'),
    ).toEqual([ACHIEVEMENTS_HEADER]);
  });
});
