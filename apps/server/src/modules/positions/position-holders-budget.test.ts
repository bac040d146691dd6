import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { ledgerMoney } from '../../../test/ledger-money';
import { useTestApp } from '../../../test/build-test-app';
import { csvObjects, csvRecords } from '../../../test/csv-helpers';
import { createOrgUnit, createPositionHolder, createStudent } from '../../../test/factories';
import {
  fundedClubLine,
  moneyCampus,
  submittedClaim,
  versionOf,
  type MoneyCampus,
} from '../../../test/money-setup';
import { positionHolderClientOf } from '../../../test/position-clients';
import { decideClaim, payClaim } from '../money/claim-decisions.service';

// Decision 0040: a holding's "budget utilized" is what the ledger paid on the lines of its
// position's unit during its tenure; the figure typed on the record is no longer read or written.
describe("a position holder's budget utilized, read from the club money ledger", () => {
  const ctx = useTestApp();
  const { send, get, as, openPosition, appoint } = positionHolderClientOf(ctx);
  let campus: MoneyCampus;
  let positionId: string;
  const holdings = { current: '', last: '', older: '' };
  let holderId: string;
  let holderCookie: string;

  // The club paid ₹1,000 by a claim and ₹234.50 carried over in 2025-2026 (₹1,234.50), and ₹99.99
  // in 2024-2025; another club's spend in 2025-2026 is not the club's.
  beforeAll(async () => {
    campus = await moneyCampus(ctx.db);
    const line = await fundedClubLine(ctx.db, campus, 5000, '2025-2026');
    const claim = await submittedClaim(ctx.db, campus, line, 1000);
    await decideClaim(ctx.db, campus.tech, claim, {
      decision: 'approve',
      version: await versionOf(ctx.db, campus.tech, claim),
    });
    await payClaim(ctx.db, campus.admin, claim, {
      reference: 'UTR 4417',
      version: await versionOf(ctx.db, campus.admin, claim),
    });
    await ledgerMoney(ctx.db, {
      unitId: campus.club.id,
      tenureYear: '2025-2026',
      heading: 'equipment',
      allocated: 234.5,
      paid: 234.5,
    });
    await ledgerMoney(ctx.db, {
      unitId: campus.club.id,
      tenureYear: '2024-2025',
      allocated: 99.99,
      paid: 99.99,
    });
    const other = await createOrgUnit(ctx.db, { category: 'technical' });
    await ledgerMoney(ctx.db, {
      unitId: other.id,
      tenureYear: '2025-2026',
      allocated: 5000,
      paid: 5000,
    });

    positionId = (await openPosition({ title: 'Build Lead', unitId: campus.club.id, positionCount: 5 }))
      .id;
    const { user: holder } = await createStudent(ctx.db, { name: 'Nisha Kulkarni' });
    holderId = holder.id;
    holderCookie = await signInAs(ctx, holder);
    // What was typed before the ledger stays on the records, and is not what they show.
    for (const [key, tenureYear, typed] of [
      ['current', '2025-2026', 777],
      ['last', '2024-2025', 50],
      ['older', '2023-2024', 300],
    ] as const) {
      const { id } = await createPositionHolder(ctx.db, {
        userId: holder.id,
        positionId,
        tenureYear,
        status: tenureYear === '2025-2026' ? 'active' : 'completed',
        budgetUtilized: typed,
      });
      holdings[key] = id;
    }
  });

  const typedOf = async (id: string) =>
    (await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, id)))[0]!.budgetUtilized;

  it('shows in the list and on each record what the ledger paid for the unit in that tenure', async () => {
    const { cookie } = await as('PRESIDENT');
    const listed = await get(`/api/position-holders?unitId=${campus.club.id}`, cookie);
    expect(listed.statusCode).toBe(200);
    const byId = new Map(
      listed
        .json()
        .items.map((item: { id: string; metrics: { budgetUtilized: number } }) => [
          item.id,
          item.metrics.budgetUtilized,
        ]),
    );
    expect(byId).toEqual(
      new Map([
        [holdings.current, 1234.5],
        [holdings.last, 99.99],
        [holdings.older, 0],
      ]),
    );
    for (const [id, figure] of [
      [holdings.current, 1234.5],
      [holdings.last, 99.99],
      [holdings.older, 0],
    ] as const) {
      const detail = await get(`/api/position-holders/${id}`, cookie);
      expect(detail.json().holder.metrics.budgetUtilized).toBe(figure);
    }
    // The holder's own positions read the same figures.
    const mine = (await get('/api/me/positions', holderCookie)).json().items;
    expect(
      mine.map((item: { tenureYear: string; metrics: { budgetUtilized: number } }) => [
        item.tenureYear,
        item.metrics.budgetUtilized,
      ]),
    ).toEqual([
      ['2023-2024', 0],
      ['2024-2025', 99.99],
      ['2025-2026', 1234.5],
    ]);
  });

  it('writes the same figures in the holders export', async () => {
    const { cookie } = await as('PRESIDENT');
    const rows = csvObjects(
      csvRecords(
        await get(`/api/position-holders/export?unitId=${campus.club.id}`, cookie),
        'position-holders',
      ),
    );
    expect(rows.map((row) => [row.Tenure, row['Budget utilized (INR)']]).sort()).toEqual([
      ['2023-2024', '0.00'],
      ['2024-2025', '99.99'],
      ['2025-2026', '1234.50'],
    ]);
  });

  it('stores nothing of a budget still sent on create or edit, and answers with the ledger figure', async () => {
    const { cookie } = await as('PRESIDENT');
    const { user: student } = await createStudent(ctx.db);
    const created = await send('POST', '/api/position-holders', cookie, {
      ...appoint(student.id, positionId),
      metrics: { eventsOrganized: 2, budgetUtilized: 5000 },
    });
    expect(created.statusCode).toBe(201);
    const { holder } = created.json();
    expect(holder.metrics).toEqual({ eventsOrganized: 2, budgetUtilized: 1234.5, feedback: null });
    expect(await typedOf(holder.id)).toBe(0);

    const edited = await send('PUT', `/api/position-holders/${holdings.current}`, cookie, {
      ...appoint(holderId, positionId),
      metrics: { eventsOrganized: 1, budgetUtilized: 5000 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().holder.metrics.budgetUtilized).toBe(1234.5);
    expect(await typedOf(holdings.current)).toBe(777);
  });
});
