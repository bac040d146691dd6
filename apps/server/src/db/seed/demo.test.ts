import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { currentTenure, ROLES } from '@cosa/contracts';
import { createUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-db';
import type { DatabaseHandle } from '../client';
import { rowsOf } from '../rows';
import { unreconciledLines } from '../../modules/money/ledger';
import {
  achievements,
  activityLog,
  eventOrganizers,
  events,
  feedback,
  orgUnits,
  positionHolders,
  positions,
  roomBookings,
  rooms,
  skills,
  studentProfiles,
  userSkills,
  users,
} from '../schema/index';
import { verifyPassword } from '../../lib/passwords';
import { DEMO_PASSWORD, seedDemoCampus, seedDemoIfEmpty, type DemoResult } from './demo';

describe('demo campus', () => {
  let handle: DatabaseHandle;
  let first: DemoResult | null;

  beforeAll(async () => {
    handle = await openTestDatabase();
    first = await seedDemoIfEmpty(handle.db);
  });
  afterAll(async () => handle.close());

  const countOf = async (table: 'users' | 'events') => {
    const [row] =
      table === 'users'
        ? await handle.db.select({ n: count() }).from(users)
        : await handle.db.select({ n: count() }).from(events);
    return row?.n ?? 0;
  };

  it('creates one account per role, all with the demo password', async () => {
    expect(first?.created).toBe(true);
    expect(first?.password).toBe(DEMO_PASSWORD);
    expect(first?.accounts.map((account) => account.role).sort()).toEqual([...ROLES].sort());
    for (const account of first?.accounts ?? []) {
      expect(account.email).toMatch(/@iitbhilai\.ac\.in$/);
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user?.role).toBe(account.role);
      expect(user?.onboardingComplete).toBe(true);
      expect(await verifyPassword(user?.passwordHash ?? '', DEMO_PASSWORD)).toBe(true);
    }
    const hashes = await handle.db.selectDistinct({ hash: users.passwordHash }).from(users);
    expect(hashes).toHaveLength(1);
  });

  it('has about forty onboarded students with profiles and digit student ids, and one administrator who is not a student', async () => {
    const everyone = await handle.db
      .select({ studentId: users.studentId, onboarded: users.onboardingComplete, role: users.role })
      .from(users);
    const admins = everyone.filter((user) => user.role === 'ADMIN');
    expect(admins).toEqual([{ studentId: null, onboarded: true, role: 'ADMIN' }]);
    const all = everyone.filter((user) => user.role !== 'ADMIN');
    expect(all.length).toBeGreaterThanOrEqual(35);
    expect(all.every((user) => /^\d+$/.test(user.studentId ?? '') && user.onboarded)).toBe(true);
    const [profiles] = await handle.db.select({ n: count() }).from(studentProfiles);
    expect(profiles?.n).toBe(all.length);
  });

  it('builds the council, four councils and clubs with budgets', async () => {
    const units = await handle.db.select().from(orgUnits);
    const root = units.filter((unit) => unit.type === 'council');
    expect(root.map((unit) => unit.name)).toEqual(['Council of Students Activities (COSA)']);
    const committees = units.filter((unit) => unit.type === 'committee');
    expect(committees).toHaveLength(4);
    expect(committees.every((unit) => unit.parentId === root[0]?.id)).toBe(true);
    const clubs = units.filter((unit) => unit.type === 'club');
    expect(clubs.length).toBeGreaterThanOrEqual(8);
    for (const club of clubs) {
      expect(committees.map((unit) => unit.id)).toContain(club.parentId);
      expect(club.budgetAllocated).toBeGreaterThanOrEqual(50_000);
      expect(club.budgetAllocated).toBeLessThanOrEqual(300_000);
      expect(club.budgetSpent).toBeLessThanOrEqual(club.budgetAllocated);
      expect(club.description && club.category && club.contactEmail).toBeTruthy();
    }
  });

  it("carries the clubs' typed budgets into the ledger, each line the sums of its entries", async () => {
    const lines = rowsOf<{ unit_id: string; allocated: string; paid: string; entries: number }>(
      await handle.db.execute(sql`
        select l.unit_id, l.allocated::text, l.paid::text,
          (select count(*)::int from budget_entries e where e.line_id = l.id) as entries
        from budget_lines l where l.tenure_year = ${currentTenure()}`),
    );
    const units = await handle.db.select().from(orgUnits);
    for (const club of units.filter((unit) => unit.type === 'club')) {
      const line = lines.find((row) => row.unit_id === club.id);
      expect(line, club.name).toBeDefined();
      expect(Number(line!.allocated)).toBeGreaterThanOrEqual(club.budgetAllocated);
      expect(Number(line!.paid)).toBeGreaterThanOrEqual(club.budgetSpent);
      expect(line!.entries).toBe(Number(line!.paid) > 0 ? 2 : 1);
    }
    expect(await unreconciledLines(handle.db)).toEqual([]);
  });

  it('links the club coordinator to a club', async () => {
    const [coordinator] = await handle.db.select().from(users).where(eq(users.role, 'CLUB_COORDINATOR'));
    expect(coordinator?.username).toBe('club.coordinator');
    const [club] = await handle.db
      .select()
      .from(orgUnits)
      .where(eq(orgUnits.id, coordinator?.clubUnitId ?? ''));
    expect(club?.type).toBe('club');
  });

  it('has upcoming planned events and past completed ones, each with organizers', async () => {
    const now = new Date();
    const upcoming = await handle.db
      .select()
      .from(events)
      .where(and(eq(events.status, 'planned'), gt(events.scheduleStart, now)));
    const past = await handle.db.select().from(events).where(eq(events.status, 'completed'));
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    expect(past.length).toBeGreaterThanOrEqual(3);
    expect(past.every((event) => (event.scheduleStart?.getTime() ?? 0) < now.getTime())).toBe(true);
    const organized = await handle.db
      .selectDistinct({ eventId: eventOrganizers.eventId })
      .from(eventOrganizers);
    expect(organized.length).toBe(await countOf('events'));
  });

  it('books Room A and Room B with every status', async () => {
    const rows = await handle.db
      .select({ room: rooms.name, status: roomBookings.status })
      .from(roomBookings)
      .innerJoin(rooms, eq(rooms.id, roomBookings.roomId));
    expect(new Set(rows.map((row) => row.room))).toEqual(new Set(['Room A', 'Room B']));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['Pending', 'Approved', 'Rejected']));
    // The decisions read in the activity log as the portal's own do: room, day and times in one style.
    const decisions = await handle.db
      .select({ description: activityLog.description })
      .from(activityLog)
      .where(eq(activityLog.subjectType, 'room_booking'));
    expect(decisions.length).toBeGreaterThan(0);
    for (const { description } of decisions) {
      expect(description).toMatch(
        /^(Approved|Rejected) the booking of Room [AB] on \d{1,2} [A-Z][a-z]{2} \d{4} from \d\d:\d\d to \d\d:\d\d$/,
      );
    }
  });

  it('has positions, holders of every status, skills of every type and user skills endorsed or not', async () => {
    const holders = await handle.db.select({ status: positionHolders.status }).from(positionHolders);
    expect(new Set(holders.map((holder) => holder.status))).toEqual(
      new Set(['active', 'completed', 'terminated']),
    );
    const allPositions = await handle.db.select().from(positions);
    expect(allPositions.every((position) => position.responsibilities.length > 0)).toBe(true);
    const skillRows = await handle.db
      .select({ type: skills.type, endorsed: skills.isEndorsed })
      .from(skills);
    expect(new Set(skillRows.map((skill) => skill.type))).toEqual(
      new Set(['technical', 'cultural', 'sports', 'academic']),
    );
    expect(new Set(skillRows.map((skill) => skill.endorsed))).toEqual(new Set([true, false]));
    const mine = await handle.db.select({ endorsed: userSkills.isEndorsed }).from(userSkills);
    expect(new Set(mine.map((row) => row.endorsed))).toEqual(new Set([true, false]));
    // Nobody endorsed their own skill.
    const ownEndorsements = await handle.db
      .select({ n: count() })
      .from(userSkills)
      .where(eq(userSkills.endorsedBy, userSkills.userId));
    expect(ownEndorsements[0]!.n).toBe(0);
  });

  it('has verified and pending achievements, feedback of every target type, and activity of every type', async () => {
    const rows = await handle.db.select().from(achievements);
    expect(rows.some((row) => row.verified && row.verifiedBy !== null)).toBe(true);
    expect(rows.some((row) => !row.verified)).toBe(true);
    const items = await handle.db.select().from(feedback);
    expect(new Set(items.map((item) => item.targetType))).toEqual(
      new Set(['User', 'Event', 'Club/Organization', 'POR']),
    );
    expect(items.some((item) => item.isAnonymous)).toBe(true);
    expect(items.some((item) => item.isResolved && item.actionsTaken && item.resolvedBy)).toBe(true);
    const types = await handle.db.selectDistinct({ type: activityLog.type }).from(activityLog);
    expect(new Set(types.map((row) => row.type))).toEqual(new Set(['approval', 'event', 'cosa']));
  });

  it('is idempotent: a second call returns the accounts again and adds nothing', async () => {
    const before = await countOf('users');
    const second = await seedDemoIfEmpty(handle.db);
    expect(second?.created).toBe(false);
    expect(second?.accounts).toEqual(first?.accounts);
    expect(await countOf('users')).toBe(before);
    const [resolved] = await handle.db
      .select({ n: count() })
      .from(feedback)
      .where(isNotNull(feedback.resolvedAt));
    expect(resolved?.n).toBeGreaterThan(0);
  });
});

describe('demo seeding on other databases', () => {
  it('leaves a campus with real data alone', async () => {
    const handle = await openTestDatabase();
    try {
      await createUser(handle.db, { email: 'real.person@iitbhilai.ac.in' });
      expect(await seedDemoIfEmpty(handle.db)).toBeNull();
      const [row] = await handle.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('uses the e-mail domain it is given', async () => {
    const handle = await openTestDatabase();
    try {
      const result = await seedDemoCampus(handle.db, 'campus.example.edu');
      expect(result.accounts.every((account) => account.email.endsWith('@campus.example.edu'))).toBe(
        true,
      );
      const [wrong] = await handle.db
        .select({ n: count() })
        .from(users)
        .where(sql`${users.email} not like '%@campus.example.edu'`);
      expect(wrong?.n).toBe(0);
      expect((await seedDemoIfEmpty(handle.db, 'campus.example.edu'))?.created).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
