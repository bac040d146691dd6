import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { councilOfCategory, createOrgUnit } from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { moneyClientOf } from '../../../test/money-client';

/*
 * The budgets page at many clubs: a page of units (councils first, then by name) with their lines and
 * councils, how many units there are in all, and the totals of all of them, not only the page's.
 */

describe('club money: the budgets, a page at a time', () => {
  const ctx = useTestApp();
  const money = moneyClientOf(ctx);
  let president: string;
  let cultural: string;

  beforeAll(async () => {
    const tech = await councilOfCategory(ctx.db, 'technical');
    const beta = await createOrgUnit(ctx.db, { name: 'Pager Beta Club', parentId: tech.id });
    const alpha = await createOrgUnit(ctx.db, { name: 'Pager Alpha Club', parentId: tech.id });
    const tenureYear = '2026-2027';
    await ledgerMoney(ctx.db, { unitId: tech.id, tenureYear, allocated: 100_000 });
    await ledgerMoney(ctx.db, {
      unitId: beta.id,
      tenureYear,
      heading: 'travel',
      allocated: 3_000,
      paid: 1_000,
    });
    await ledgerMoney(ctx.db, { unitId: beta.id, tenureYear, heading: 'events', allocated: 2_000 });
    await ledgerMoney(ctx.db, { unitId: alpha.id, tenureYear, allocated: 7_000.5, paid: 500.25 });
    await ledgerMoney(ctx.db, { unitId: alpha.id, tenureYear: '2025-2026', allocated: 9_999 });
    president = (await signedInAs(ctx, 'PRESIDENT')).cookie;
    cultural = (await signedInAs(ctx, 'GENSEC_CULTURAL')).cookie;
  });

  const pageOf = async (cookie: string, query: string) => {
    const response = await money.budgets(cookie, `?tenureYear=2026-2027${query}`);
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const shown = (overview: {
    units: { unit: { name: string; council: string | null }; lines: { heading: string | null }[] }[];
  }) =>
    overview.units.map(({ unit, lines }) => [
      unit.name,
      unit.council,
      lines.map((line) => line.heading),
    ]);

  it('gives a page of units with their lines, how many there are, and the totals of all', async () => {
    const first = await pageOf(president, '&pageSize=2');
    expect(shown(first)).toEqual([
      ['Science & Technology Council', 'technical', [null]],
      ['Pager Alpha Club', 'technical', [null]],
    ]);
    expect([first.unitCount, first.page, first.pageSize]).toEqual([3, 1, 2]);
    expect(first.totals).toEqual({
      allocated: 112000.5,
      committed: 0,
      paid: 1500.25,
      available: 110500.25,
    });
    const second = await pageOf(president, '&pageSize=2&page=2');
    expect(shown(second)).toEqual([['Pager Beta Club', 'technical', ['events', 'travel']]]);
    expect(second.units[0].totals).toEqual({
      allocated: 5000,
      committed: 0,
      paid: 1000,
      available: 4000,
    });
    expect(second.totals).toEqual(first.totals);
  });

  it('searches by name, and shows another council’s secretary none of it', async () => {
    const searched = await pageOf(president, '&q=beta');
    expect(shown(searched)).toEqual([['Pager Beta Club', 'technical', ['events', 'travel']]]);
    expect([searched.unitCount, searched.totals.allocated]).toEqual([1, 5000]);
    const other = await pageOf(cultural, '');
    expect([other.units, other.unitCount, other.totals.allocated]).toEqual([[], 0, 0]);
  });
});
