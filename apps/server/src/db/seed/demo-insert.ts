import { randomUUID } from 'node:crypto';
import type { Role } from '@cosa/contracts';
import type { Database } from '../client';
import { carryOverTypedMoney } from '../ledger-figures';
import {
  orgUnits,
  positionHolders,
  positions,
  studentProfiles,
  users,
  type NewPositionHolder,
  type NewStudentProfile,
  type NewUser,
} from '../schema/index';
import { COMMITTEES, COUNCIL, type CommitteeKey } from './campus';
import { academicYearStart, daysAgo, DAY_MS, isoDate, tenureYear } from './dates';
import { randomProfile } from './profiles';
import { DEMO_CLUBS } from './demo-clubs';
import { DEMO_HOLDERS } from './demo-holders';
import {
  DEMO_ACCOUNTS,
  DEMO_COORDINATOR_CLUB,
  DEMO_MORE_STUDENTS,
  DEMO_STUDENTS,
  type DemoPerson,
} from './demo-people';
import { DEMO_POSITIONS } from './demo-positions';
import { insertDemoActivities } from './demo-insert-activities';
import { insertSkills, insertUserSkills } from './demo-insert-skills';
import { GENSEC_OF_TYPE, lookup, type DemoIds } from './demo-ids';
import { createRandom, type Random } from './random';

export type DemoContext = {
  domain: string;
  passwordHash: string;
  now: Date;
};

/** Inserts the whole demo campus; call inside a transaction. */
export async function insertDemoCampus(db: Database, context: DemoContext): Promise<void> {
  const ids: DemoIds = {
    random: createRandom(2026),
    now: context.now,
    domain: context.domain,
    units: new Map(),
    people: new Map(),
    skills: new Map(),
    positions: new Map(),
  };
  await insertUnits(db, ids);
  await insertPeople(db, ids, context.passwordHash);
  await insertSkills(db, ids);
  await insertPositions(db, ids);
  await insertUserSkills(db, ids);
  await insertDemoActivities(db, ids);
  // The budgets and spend typed on the units and positions above become the ledger's opening entries.
  await carryOverTypedMoney(db, tenureYear(context.now));
}

async function insertUnits(db: Database, ids: DemoIds): Promise<void> {
  const email = (local: string) => `${local}@${ids.domain}`;
  const rootId = randomUUID();
  ids.units.set('cosa', rootId);
  const committees = COMMITTEES.map((committee) => {
    const clubs = DEMO_CLUBS.filter((club) => club.committee === committee.key);
    const id = randomUUID();
    ids.units.set(committee.key, id);
    return {
      id,
      name: committee.name,
      type: 'committee' as const,
      parentId: rootId,
      description: committee.description,
      category: committee.category,
      contactEmail: email(committee.contactLocal),
      budgetAllocated: clubs.reduce((sum, club) => sum + club.allocated, 150_000),
      budgetSpent: clubs.reduce((sum, club) => sum + club.spent, 40_000),
    };
  });
  const clubs = DEMO_CLUBS.map((club) => {
    const id = randomUUID();
    ids.units.set(club.key, id);
    return {
      id,
      name: club.name,
      type: 'club' as const,
      parentId: lookup(ids.units, club.committee, 'council'),
      description: club.description,
      category: club.category,
      contactEmail: email(club.contactLocal),
      budgetAllocated: club.allocated,
      budgetSpent: club.spent,
    };
  });
  await db.insert(orgUnits).values({
    id: rootId,
    name: COUNCIL.name,
    type: 'council',
    description: COUNCIL.description,
    category: COUNCIL.category,
    contactEmail: email(COUNCIL.contactLocal),
    budgetAllocated: committees.reduce((sum, unit) => sum + unit.budgetAllocated, 600_000),
    budgetSpent: committees.reduce((sum, unit) => sum + unit.budgetSpent, 210_000),
  });
  await db.insert(orgUnits).values(committees);
  await db.insert(orgUnits).values(clubs);
}

/** The year of study of a person: as given, else random, but old enough for the positions they held. */
function studyYear(person: DemoPerson, random: Random): number {
  const earliestTenure = Math.min(
    0,
    ...DEMO_HOLDERS.filter((holder) => holder.person === person.key).map((holder) => holder.tenure),
  );
  return Math.min(4, Math.max(person.year ?? random.int(1, 4), 2 - earliestTenure));
}

async function insertPeople(db: Database, ids: DemoIds, passwordHash: string): Promise<void> {
  const { now } = ids;
  // The later students draw from a generator of their own, so the people before them (and the
  // skills drawn after them) come out as they always have; they hold no office, so their year is
  // the one given (first-years too).
  const more = createRandom(2027);
  const people = [
    ...[...DEMO_ACCOUNTS, ...DEMO_STUDENTS].map((person) => ({
      person,
      random: ids.random,
      year: () => studyYear(person, ids.random),
    })),
    ...DEMO_MORE_STUDENTS.map((person) => ({ person, random: more, year: () => person.year })),
  ];
  const userRows: NewUser[] = [];
  const profileRows: NewStudentProfile[] = [];
  people.forEach(({ person, random, year }, index) => {
    const id = randomUUID();
    ids.people.set(person.key, { id, name: person.name });
    const profile = randomProfile(random, now, {
      ...person,
      handle: person.key.replace('.', '-'),
      year: year(),
    });
    const { batchYear } = profile;
    const student = person.role !== 'ADMIN';
    userRows.push({
      id,
      email: `${person.key}@${ids.domain}`,
      username: person.key,
      studentId: student
        ? `12${String(batchYear % 100).padStart(2, '0')}${String(101 + index).padStart(4, '0')}`
        : null,
      // The demo campus's students are on its roll: their name and id are the institute's.
      studentIdSource: student ? 'roll' : null,
      name: person.name,
      // Everyone the portal may name on a credential has an official name, staff included (they verify).
      officialName: person.name,
      role: person.role satisfies Role,
      passwordHash,
      onboardingComplete: true,
      clubUnitId:
        person.role === 'CLUB_COORDINATOR' ? lookup(ids.units, DEMO_COORDINATOR_CLUB, 'club') : null,
      createdAt: new Date(
        Math.min(now.getTime() - DAY_MS, Date.UTC(batchYear, 6, random.int(20, 31), 5, 30)),
      ),
      emailVerifiedAt: now,
    });
    if (student) profileRows.push({ ...profile, userId: id });
  });
  await db.insert(users).values(userRows);
  await db.insert(studentProfiles).values(profileRows);
}

/** Positions and who held them; the council's president of each tenure appoints its holders. */
async function insertPositions(db: Database, ids: DemoIds): Promise<void> {
  const { now } = ids;
  const committeeOf = (unit: string): CommitteeKey | null =>
    DEMO_CLUBS.find((club) => club.key === unit)?.committee ??
    (COMMITTEES.some((c) => c.key === unit) ? (unit as CommitteeKey) : null);
  const creatorFor = (unit: string) => {
    const committee = committeeOf(unit);
    const key = committee
      ? GENSEC_OF_TYPE[COMMITTEES.find((c) => c.key === committee)?.category ?? 'other']
      : 'president';
    return lookup(ids.people, key ?? 'president', 'person').id;
  };
  const rows = DEMO_POSITIONS.map((position, index) => {
    const id = randomUUID();
    ids.positions.set(position.key, { id, title: position.title, unit: position.unit });
    return {
      id,
      title: position.title,
      unitId: lookup(ids.units, position.unit, 'unit'),
      positionType: position.customType ?? position.type,
      positionCount: position.count,
      description: position.description,
      responsibilities: position.responsibilities,
      minCgpa: position.minCgpa,
      minYear: position.minYear,
      skillsRequired: position.skills,
      createdBy: creatorFor(position.unit),
      createdAt: daysAgo(now, 1100 - index * 7),
    };
  });
  await db.insert(positions).values(rows);

  const presidentOf = (tenure: number) =>
    DEMO_HOLDERS.find((holder) => holder.position === 'president' && holder.tenure === tenure)?.person ??
    null;
  // The institute administrator recorded the demo's holdings (decision 0017: every unit is theirs,
  // council offices theirs alone), so each is verified and can be signed as a credential; the
  // tenure's president, who appointed them, may since have left the office.
  const admin = lookup(ids.people, 'admin', 'person').id;
  const holders: NewPositionHolder[] = DEMO_HOLDERS.map((holder) => {
    const appointer = presidentOf(holder.tenure);
    const appointed = appointer !== null && appointer !== holder.person;
    const start = academicYearStart(now) + holder.tenure;
    const createdAt = new Date(Date.UTC(start, 6, 15, 6, 0));
    return {
      userId: lookup(ids.people, holder.person, 'person').id,
      positionId: lookup(ids.positions, holder.position, 'position').id,
      tenureYear: tenureYear(now, holder.tenure),
      verifiedBy: admin,
      verifiedAt: createdAt,
      status: holder.status,
      appointedBy: appointed ? lookup(ids.people, appointer, 'person').id : null,
      appointmentDate: appointed ? isoDate(createdAt) : null,
      eventsOrganized: holder.events,
      budgetUtilized: holder.budget,
      feedback: holder.feedback ?? null,
      createdAt,
      updatedAt:
        holder.status === 'active'
          ? createdAt
          : new Date(Math.min(now.getTime(), Date.UTC(start + 1, 4, 31, 6, 0))),
    };
  });
  await db.insert(positionHolders).values(holders);
}
