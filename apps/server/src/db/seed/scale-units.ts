import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { orgUnits, positions, type NewOrgUnit, type NewPosition } from '../schema/index';
import { insertInBatches } from './batch';
import { CLUB_NAMES, CLUB_POSITION_TEMPLATES, COMMITTEES, COUNCIL } from './campus';
import { DAY_MS } from './dates';
import { emailLocalOf } from './names';
import { RESPONSIBILITIES } from './scale-text';
import type { ScaleContext } from './scale-context';

/* The councils, clubs and positions of a scale run. */

/** The council and its four councils, created when missing; returns their ids by committee key. */
async function ensureCouncils(context: ScaleContext): Promise<Map<string, string>> {
  const names = [COUNCIL.name, ...COMMITTEES.map((committee) => committee.name)];
  const found = await context.db
    .select({ id: orgUnits.id, name: orgUnits.name })
    .from(orgUnits)
    .where(inArray(orgUnits.name, names));
  const byName = new Map(found.map((unit) => [unit.name, unit.id]));
  const email = (local: string) => `${local}@${context.domain}`;
  let rootId = byName.get(COUNCIL.name);
  if (!rootId) {
    rootId = randomUUID();
    await context.db.insert(orgUnits).values({
      id: rootId,
      name: COUNCIL.name,
      type: 'council',
      category: COUNCIL.category,
      description: COUNCIL.description,
      contactEmail: email(COUNCIL.contactLocal),
    });
  }
  const ids = new Map<string, string>();
  for (const committee of COMMITTEES) {
    let id = byName.get(committee.name);
    if (!id) {
      id = randomUUID();
      await context.db.insert(orgUnits).values({
        id,
        name: committee.name,
        type: 'committee',
        parentId: rootId,
        category: committee.category,
        description: committee.description,
        contactEmail: email(committee.contactLocal),
      });
    }
    ids.set(committee.key, id);
  }
  return ids;
}

/** The clubs a scale run asks for under the four councils, each with its positions. */
export async function insertClubsAndPositions(context: ScaleContext): Promise<void> {
  const { random, now } = context;
  const committeeIds = await ensureCouncils(context);
  const taken = new Set(
    (await context.db.select({ name: orgUnits.name }).from(orgUnits)).map((unit) =>
      unit.name.toLowerCase(),
    ),
  );
  const clubCount = Math.max(1, Math.round(context.students.length / 400));
  const clubRows: NewOrgUnit[] = [];
  for (let index = 0; index < clubCount; index += 1) {
    const committee = COMMITTEES[index % COMMITTEES.length]!;
    const pool = CLUB_NAMES[committee.key];
    const base = pool[Math.floor(index / COMMITTEES.length) % pool.length]!;
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base} ${n}`;
    taken.add(name.toLowerCase());
    const allocated = random.int(50, 300) * 1000;
    const id = randomUUID();
    clubRows.push({
      id,
      name,
      type: 'club',
      parentId: committeeIds.get(committee.key) ?? null,
      category: committee.category,
      description: `${name} of the ${committee.name}: regular sessions, workshops and an annual flagship event.`,
      contactEmail: `${emailLocalOf(name).replaceAll('.', '')}@${context.domain}`,
      budgetAllocated: allocated,
      budgetSpent: Math.round((allocated * random.int(5, 95)) / 100),
      createdAt: new Date(now.getTime() - random.int(200, 1500) * DAY_MS),
    });
    context.clubs.push({ id, name, category: committee.category });
  }
  await insertInBatches(context.db, orgUnits, clubRows, { size: context.batchSize });

  const positionRows: NewPosition[] = [];
  for (const club of context.clubs) {
    const templates = [
      CLUB_POSITION_TEMPLATES[0]!,
      ...random.sample(CLUB_POSITION_TEMPLATES.slice(1), 2),
    ];
    for (const [title, type, custom] of templates) {
      const id = randomUUID();
      positionRows.push({
        id,
        title,
        unitId: club.id,
        positionType: custom ?? type,
        positionCount: random.int(1, 6),
        description: `${title} of the ${club.name}.`,
        responsibilities: random.sample(RESPONSIBILITIES, random.int(1, 4)),
        minCgpa: random.pick([0, 6, 6.5, 7, 7.5]),
        minYear: random.int(1, 3),
        skillsRequired: [],
        createdAt: new Date(now.getTime() - random.int(1100, 1400) * DAY_MS),
      });
      context.positions.push({ id, title, unitName: club.name, category: club.category });
    }
  }
  await insertInBatches(context.db, positions, positionRows, { size: context.batchSize });
  context.counts.clubs = clubRows.length;
  context.counts.positions = positionRows.length;
  context.progress('clubs and positions', clubRows.length, clubRows.length);
}
