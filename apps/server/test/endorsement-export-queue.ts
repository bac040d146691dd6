import type { TestContext } from './build-test-app';
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
} from './factories';

// The endorsement queue the export tests read, and its rows as the exports must write them, typed by hand.

export const CLAIMS_HEADER = [
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
export const SOLDERING = [
  '2025-02-01 10:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'SKL-90101',
  'Soldering',
  'Electronics',
  'Technical',
  'Intermediate',
  'POS-90042',
  'Workshop Lead',
];
export const TABLA_OUTSIDER = [
  '2025-02-02 11:45',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  'SKL-90102',
  'Tabla',
  'Music',
  'Cultural',
  'Beginner',
  '',
  '',
];
export const TABLA_MEMBER = [
  '2025-02-04 00:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'SKL-90102',
  'Tabla',
  'Music',
  'Cultural',
  'Advanced',
  '',
  '',
];

export const ACHIEVEMENTS_HEADER = [
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
export const ROBOT_WARS = [
  'ACH-90201',
  '2025-02-01 09:30',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'Robot Wars Winner',
  'Won the finals.',
  'Competition',
  'Technical',
  'National',
  '',
  '2025-01-10',
  'Winner',
];
export const FORMULA = [
  'ACH-90202',
  '2025-02-05 15:30',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  "'=1+1",
  '',
  'Music',
  'Cultural',
  'College',
  '',
  '2025-01-20',
  '',
];
export const MARATHON = [
  'ACH-90203',
  '2025-02-06 23:59',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'Marathon Finisher',
  'Ran the full distance.',
  'Athletics',
  'Sports',
  'State',
  'City Marathon',
  '2025-01-26',
  'Finisher',
];

/**
 * Fills the queue: a club member's and an outsider's claims and achievements, and some no longer
 * waiting. Returns the club's id.
 */
export async function seedEndorsementQueue(ctx: TestContext): Promise<{ clubId: string }> {
  const club = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
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
  return { clubId: club.id };
}
