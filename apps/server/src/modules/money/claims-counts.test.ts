import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { councilOfCategory, createOrgUnit } from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { moneyClientOf } from '../../../test/money-client';

/*
 * The claims list's total and its "awaiting me" count, read from the counts kept per unit, tenure
 * and state: the same numbers as counting the claims, for every reader and filter, and after a claim
 * changes state, line or tenure, or is removed.
 */

type Who = 'tech' | 'president' | 'admin' | 'coordinator' | 'student';

describe('club money: how many claims a list holds', () => {
  const ctx = useTestApp();
  const money = moneyClientOf(ctx);
  const cookies = {} as Record<Who, string>;
  const claimIds: string[] = [];
  let oldLine: string;

  let studentId: string;

  /** A budget line of the club's events for the tenure, with money on it. */
  const line = (unitId: string, tenureYear = '2026-2027') =>
    ledgerMoney(ctx.db, { unitId, tenureYear, heading: 'events', allocated: 100_000 });

  /** A claim of ₹1,000 in the state given, written straight to its table. */
  async function insertClaim(
    unitId: string,
    lineId: string,
    status: string,
    filer: string,
    payee = 'Shop',
  ) {
    const paid = status === 'paid';
    const [row] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`
        insert into expense_claims (unit_id, line_id, amount, approved_amount, payee, description,
          status, filed_by, submitted_at, paid_at, payment_reference)
        values (${unitId}::uuid, ${lineId}::uuid, 1000,
          ${['secretary_approved', 'approved', 'paid'].includes(status) ? 1000 : null},
          ${payee}, 'Parts', ${status}, ${filer}::uuid,
          ${status === 'draft' ? null : new Date().toISOString()}::timestamptz,
          ${paid ? new Date().toISOString() : null}::timestamptz, ${paid ? 'UTR 1' : null})
        returning id`),
    );
    return row!.id;
  }

  /** The list's total, what waits for the reader, and how many rows its pages hold. */
  async function counted(who: Who, query = '') {
    const response = await money.send('GET', `/api/money/claims?pageSize=100${query}`, cookies[who]);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    return { total: list.total, awaiting: list.awaitingMe, rows: list.items.length };
  }

  beforeAll(async () => {
    const tech = await councilOfCategory(ctx.db, 'technical');
    const cultural = await councilOfCategory(ctx.db, 'cultural');
    const aero = await createOrgUnit(ctx.db, { name: 'Count Aero Club', parentId: tech.id });
    const bots = await createOrgUnit(ctx.db, { name: 'Count Bots Club', parentId: tech.id });
    const dance = await createOrgUnit(ctx.db, { name: 'Count Dance Club', parentId: cultural.id });
    const free = await createOrgUnit(ctx.db, { name: 'Count Free Club', parentId: null });
    const coordinator = await signedInAs(ctx, 'CLUB_COORDINATOR', { clubUnitId: aero.id });
    const secretary = await signedInAs(ctx, 'GENSEC_SCITECH');
    const student = await signedInAs(ctx, 'STUDENT');
    Object.assign(cookies, {
      tech: secretary.cookie,
      coordinator: coordinator.cookie,
      student: student.cookie,
      president: (await signedInAs(ctx, 'PRESIDENT')).cookie,
      admin: (await signedInAs(ctx, 'ADMIN')).cookie,
    });
    const [aeroLine, botsLine, danceLine, freeLine] = [
      await line(aero.id),
      await line(bots.id),
      await line(dance.id),
      await line(free.id),
    ];
    oldLine = await line(aero.id, '2025-2026');
    const c = coordinator.user.id;
    const s = student.user.id;
    studentId = s;
    const t = secretary.user.id;
    // (unit, line, state, filer, payee): twelve claims, the secretary's own among them (filed before
    // they took office: a decider files none now).
    const claims: [string, string, string, string, string][] = [
      [aero.id, aeroLine, 'submitted', c, 'Shop'],
      [aero.id, aeroLine, 'submitted', c, 'Shop'],
      [aero.id, aeroLine, 'draft', c, 'Shop'],
      [aero.id, oldLine, 'paid', c, 'Shop'],
      [bots.id, botsLine, 'secretary_approved', s, 'Shop'],
      [bots.id, botsLine, 'approved', s, 'Shop'],
      [dance.id, danceLine, 'submitted', s, 'Zed Traders'],
      [dance.id, danceLine, 'submitted', t, 'Shop'],
      [aero.id, aeroLine, 'draft', t, 'Shop'],
      [aero.id, aeroLine, 'submitted', t, 'Shop'],
      [free.id, freeLine, 'submitted', s, 'Shop'],
      [free.id, freeLine, 'rejected', s, 'Shop'],
    ];
    for (const [unitId, lineId, status, filer, payee] of claims)
      claimIds.push(await insertClaim(unitId, lineId, status, filer, payee));
  });

  it('counts for each reader what their list holds and what waits for them', async () => {
    // The secretary: the council's claims past their draft (six), and their own two elsewhere.
    expect(await counted('tech')).toEqual({ total: 8, awaiting: 2, rows: 8 });
    expect(await counted('tech', '&status=submitted')).toEqual({ total: 4, awaiting: 2, rows: 4 });
    expect(await counted('tech', '&tenureYear=2025-2026')).toEqual({ total: 1, awaiting: 2, rows: 1 });
    expect(await counted('tech', '&mine=awaiting')).toEqual({ total: 2, awaiting: 2, rows: 2 });
    // The president: every claim past its draft; a secretary's approval, and a claim outside the councils.
    expect(await counted('president')).toEqual({ total: 10, awaiting: 2, rows: 10 });
    expect(await counted('president', '&status=submitted')).toEqual({ total: 6, awaiting: 2, rows: 6 });
    expect(await counted('president', '&mine=awaiting')).toEqual({ total: 2, awaiting: 2, rows: 2 });
    expect(await counted('president', '&q=zed')).toEqual({ total: 1, awaiting: 2, rows: 1 });
    // The accounts office: the approved claim waits for payment.
    expect(await counted('admin')).toEqual({ total: 10, awaiting: 1, rows: 10 });
    // The club's coordinator: the club's claims past their draft and their own draft.
    expect(await counted('coordinator')).toEqual({ total: 5, awaiting: 0, rows: 5 });
    // A student organiser: their own claims only.
    expect(await counted('student')).toEqual({ total: 5, awaiting: 0, rows: 5 });
  });

  it('follows a claim that changes state, line or tenure, or is removed', async () => {
    await ctx.db.execute(
      sql`update expense_claims set status = 'returned' where id = ${claimIds[0]}::uuid`,
    );
    await ctx.db.execute(
      sql`update expense_claims set line_id = ${oldLine}::uuid where id = ${claimIds[1]}::uuid`,
    );
    await ctx.db.execute(sql`delete from expense_claims where id = ${claimIds[11]}::uuid`);
    expect(await counted('tech')).toEqual({ total: 8, awaiting: 1, rows: 8 });
    expect(await counted('tech', '&tenureYear=2025-2026')).toEqual({ total: 2, awaiting: 1, rows: 2 });
    expect(await counted('tech', '&status=returned')).toEqual({ total: 1, awaiting: 1, rows: 1 });
    expect(await counted('president')).toEqual({ total: 9, awaiting: 2, rows: 9 });
  });

  it('sends the claims of a council no secretary answers for to the president, and shows a claim whose filer is gone', async () => {
    const hostel = await createOrgUnit(ctx.db, {
      name: 'Count Hostel Council',
      type: 'committee',
      category: 'Hostel Affairs',
      parentId: null,
    });
    const blank = await createOrgUnit(ctx.db, {
      name: 'Count Blank Council',
      type: 'committee',
      category: null,
      parentId: null,
    });
    const mess = await createOrgUnit(ctx.db, { name: 'Count Mess Club', parentId: hostel.id });
    const film = await createOrgUnit(ctx.db, { name: 'Count Film Club', parentId: blank.id });
    const claims = [
      await insertClaim(mess.id, await line(mess.id), 'submitted', studentId),
      await insertClaim(film.id, await line(film.id), 'submitted', studentId),
    ];
    expect(await counted('president', '&mine=awaiting')).toEqual({ total: 4, awaiting: 4, rows: 4 });
    for (const id of claims) {
      expect((await money.claim(id, cookies.president)).json().claim.may.decide).toBe(true);
      expect((await money.claim(id, cookies.tech)).statusCode).toBe(404);
    }
    // A claim of the council whose filer's account is gone still waits for its secretary, listed.
    await ctx.db.execute(sql`update expense_claims set filed_by = null where id = ${claimIds[1]}::uuid`);
    expect(await counted('tech', '&mine=awaiting')).toEqual({ total: 1, awaiting: 1, rows: 1 });
  });
});
