import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/test-db';
import { createPosition, createUser } from '../../test/factories';
import { rowsOf } from './rows';
import { tallyOf } from '../../test/tallies';
import { positionHolders, skills, tallies, users, userSkills } from './schema/index';

/**
 * The running counts of the queues (migrations 'tallies' and 'tally_statements'): every kind of
 * statement, one row or many at once, moves them by what it changed and by nothing else.
 */
describe('queue tallies', () => {
  const database = useTestDatabase();
  const tally = (key: string) => tallyOf(database.db, key);

  it('counts the position holdings by tenure, status and verification, and the seats each position fills', async () => {
    const keys = (position: string) => [
      'holdings',
      'holdings.kept',
      'holdings.tenure.2031-2032',
      'holdings.status.active',
      'holdings.tenure.2031-2032.status.active',
      'holdings.tenure.2031-2032.status.completed',
      'held.2031-2032',
      `held.2031-2032.${position}`,
      'held.2032-2033',
    ];
    const position = await createPosition(database.db);
    const before = Object.fromEntries(
      await Promise.all(keys(position.id).map(async (key) => [key, await tally(key)] as const)),
    );
    const moved = async () =>
      Object.fromEntries(
        await Promise.all(
          keys(position.id).map(async (key) => [key, (await tally(key)) - before[key]!] as const),
        ),
      );
    const people = await Promise.all(Array.from({ length: 4 }, () => createUser(database.db)));
    // Four holdings in one statement: three verified, one a student's own claim.
    const rows = await database.db
      .insert(positionHolders)
      .values(
        people.map((person, n) => ({
          userId: person.id,
          positionId: position.id,
          tenureYear: '2031-2032',
          verification: n === 3 ? ('self_declared' as const) : ('verified' as const),
        })),
      )
      .returning();
    expect(await moved()).toEqual({
      holdings: 4,
      'holdings.kept': 4,
      'holdings.tenure.2031-2032': 4,
      'holdings.status.active': 4,
      'holdings.tenure.2031-2032.status.active': 4,
      'holdings.tenure.2031-2032.status.completed': 0,
      'held.2031-2032': 3,
      [`held.2031-2032.${position.id}`]: 3,
      'held.2032-2033': 0,
    });
    // One completed, the claim declined, one moved to the next tenure, in one statement each.
    await database.db
      .update(positionHolders)
      .set({ status: 'completed' })
      .where(eq(positionHolders.id, rows[0]!.id));
    await database.db
      .update(positionHolders)
      .set({ verification: 'declined', declinedAt: new Date(), declineReason: 'No record of it.' })
      .where(eq(positionHolders.id, rows[3]!.id));
    await database.db
      .update(positionHolders)
      .set({ tenureYear: '2032-2033' })
      .where(eq(positionHolders.id, rows[1]!.id));
    expect(await moved()).toEqual({
      holdings: 4,
      'holdings.kept': 3,
      'holdings.tenure.2031-2032': 3,
      'holdings.status.active': 3,
      'holdings.tenure.2031-2032.status.active': 2,
      'holdings.tenure.2031-2032.status.completed': 1,
      'held.2031-2032': 1,
      [`held.2031-2032.${position.id}`]: 1,
      'held.2032-2033': 1,
    });
    // A change of the holder's name moves nothing; deleting every holding gives all back.
    await database.db.update(users).set({ name: 'Renamed Holder' }).where(eq(users.id, people[2]!.id));
    expect((await moved())['held.2031-2032']).toBe(1);
    await database.db.delete(positionHolders).where(eq(positionHolders.positionId, position.id));
    expect(Object.values(await moved()).every((n) => n === 0)).toBe(true);
  });

  it('counts the accounts by role and state through sign-up, claim, verification, role changes, deactivation and deletion', async () => {
    const keys = [
      'accounts.STUDENT.active',
      'accounts.STUDENT.unverified',
      'accounts.STUDENT.unclaimed',
      'accounts.STUDENT.deactivated',
      'accounts.CLUB_COORDINATOR.active',
      'accounts.CLUB_COORDINATOR.deactivated',
    ];
    const before = Object.fromEntries(
      await Promise.all(keys.map(async (key) => [key, await tally(key)] as const)),
    );
    const moved = async () =>
      Object.fromEntries(
        await Promise.all(keys.map(async (key) => [key, (await tally(key)) - before[key]!] as const)),
      );
    // Three accounts in one statement, as the roll import makes them: no credential yet.
    const imported = await database.db
      .insert(users)
      .values(
        [1, 2, 3].map((n) => ({
          name: `Roll Student ${n}`,
          username: `roll.tally.${n}`,
          email: `roll.tally.${n}@iitbhilai.ac.in`,
          studentId: `1299000${n}`,
          importedAt: new Date(),
        })),
      )
      .returning();
    // One signs up with a password and has not proved the address; one is a verified student.
    const unverified = await createUser(database.db, { emailVerifiedAt: null });
    const student = await createUser(database.db);
    expect(await moved()).toEqual({
      'accounts.STUDENT.active': 1,
      'accounts.STUDENT.unverified': 1,
      'accounts.STUDENT.unclaimed': 3,
      'accounts.STUDENT.deactivated': 0,
      'accounts.CLUB_COORDINATOR.active': 0,
      'accounts.CLUB_COORDINATOR.deactivated': 0,
    });
    // A claim by Google with a proven address, a verification, a promotion and a deactivation, in one statement each.
    await database.db
      .update(users)
      .set({ googleSubject: 'tally-google-1', emailVerifiedAt: new Date() })
      .where(eq(users.id, imported[0]!.id));
    await database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, unverified.id));
    await database.db.update(users).set({ role: 'CLUB_COORDINATOR' }).where(eq(users.id, student.id));
    await database.db
      .update(users)
      .set({ deactivatedAt: new Date() })
      .where(eq(users.id, imported[1]!.id));
    expect(await moved()).toEqual({
      'accounts.STUDENT.active': 2,
      'accounts.STUDENT.unverified': 0,
      'accounts.STUDENT.unclaimed': 1,
      'accounts.STUDENT.deactivated': 1,
      'accounts.CLUB_COORDINATOR.active': 1,
      'accounts.CLUB_COORDINATOR.deactivated': 0,
    });
    // A new name moves nothing; the coordinator deactivated, then every account deleted, gives all back.
    await database.db.update(users).set({ name: 'Renamed Coordinator' }).where(eq(users.id, student.id));
    await database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, student.id));
    expect((await moved())['accounts.CLUB_COORDINATOR.deactivated']).toBe(1);
    expect((await moved())['accounts.CLUB_COORDINATOR.active']).toBe(0);
    await database.db
      .delete(users)
      .where(inArray(users.id, [...imported.map((row) => row.id), unverified.id, student.id]));
    expect(Object.values(await moved()).every((n) => n === 0)).toBe(true);
  });

  it('agrees with a count of the queues after all of the above', async () => {
    const counted = await database.db.execute(sql`
      select 'claims.' || s.type as key, count(*)::int as n from ${userSkills} us join ${skills} s on s.id = us.skill_id
        where not us.is_endorsed and us.declined_at is null and s.declined_at is null group by 1`);
    for (const row of rowsOf<{ key: string; n: number }>(counted))
      expect(await tally(row.key)).toBe(row.n);
    const held = await database.db.execute(sql`
      select 'held.' || tenure_year || '.' || position_id as key, count(*)::int as n from ${positionHolders}
        where status = 'active' and verification = 'verified' group by 1`);
    for (const row of rowsOf<{ key: string; n: number }>(held)) expect(await tally(row.key)).toBe(row.n);
    const [all] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from ${positionHolders}`),
    );
    expect(await tally('holdings')).toBe(all!.n);
    // Every account in exactly one tally of its role and state, as the administrator's list tells them.
    const accounts = await database.db.execute(sql`
      select 'accounts.' || role || '.' || case when deactivated_at is not null then 'deactivated'
          when imported_at is not null and password_hash is null and google_subject is null then 'unclaimed'
          when email_verified_at is null then 'unverified' else 'active' end as key, count(*)::int as n
        from ${users} group by 1`);
    const accountRows = rowsOf<{ key: string; n: number }>(accounts);
    expect(accountRows.length).toBeGreaterThan(0);
    for (const row of accountRows) expect(await tally(row.key)).toBe(row.n);
    const [tallied] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select coalesce(sum(n), 0)::int as n from ${tallies} where key like 'accounts.%'`,
      ),
    );
    const [everyone] = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from ${users}`),
    );
    expect(tallied!.n).toBe(everyone!.n);
  });
});
