import { beforeAll, describe, expect, it } from 'vitest';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import { csvObjects, csvRecords } from '../../../test/csv-helpers';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { ledgerMoney } from '../../../test/ledger-money';
import { moneyCampus, type MoneyCampus } from '../../../test/money-setup';
import { myPositionsClientOf, positionHolderClientOf } from '../../../test/position-clients';

type Metrics = { metrics: { budgetUtilized: number | null } };
type Listed = Metrics & { id: string };

// A holding's "budget utilized" is the unit's money (decision 0040): shown to whom the money rule
// lets see the unit's budget (the president and the administrator every unit, a general secretary
// their council's, a coordinator their club), and on the student's own record once it is verified.
describe("who reads a holding's budget utilized", () => {
  const ctx = useTestApp();
  const { send, get } = positionHolderClientOf(ctx);
  const { post, list } = myPositionsClientOf(ctx);
  let campus: MoneyCampus;
  let danceClub: string;
  let webLead: string;
  const holdings = { web: '', dance: '', declared: '' };
  const cookies = {
    president: '',
    admin: '',
    tech: '',
    coordinator: '',
    cultural: '',
    sports: '',
    holder: '',
  };

  // The technical club paid ₹1,250.75 in 2025-2026 and ₹380.40 in 2024-2025; the cultural Dance
  // Club paid ₹640 in 2025-2026.
  beforeAll(async () => {
    campus = await moneyCampus(ctx.db);
    danceClub = (await createOrgUnit(ctx.db, { name: 'Dance Club', category: 'cultural' })).id;
    await ledgerMoney(ctx.db, {
      unitId: campus.club.id,
      tenureYear: '2025-2026',
      allocated: 5000,
      paid: 1250.75,
    });
    await ledgerMoney(ctx.db, {
      unitId: campus.club.id,
      tenureYear: '2024-2025',
      allocated: 400,
      paid: 380.4,
    });
    await ledgerMoney(ctx.db, { unitId: danceClub, tenureYear: '2025-2026', allocated: 900, paid: 640 });
    webLead = (
      await createPosition(ctx.db, { title: 'Web Lead', unitId: campus.club.id, skillsRequired: [] })
    ).id;
    const choreographer = await createPosition(ctx.db, { title: 'Choreographer', unitId: danceClub });
    const { user: holder } = await createStudent(ctx.db, { name: 'Nisha Kulkarni' });
    holdings.web = (
      await createPositionHolder(ctx.db, {
        userId: holder.id,
        positionId: webLead,
        tenureYear: '2025-2026',
        status: 'active',
      })
    ).id;
    holdings.dance = (
      await createPositionHolder(ctx.db, {
        positionId: choreographer.id,
        tenureYear: '2025-2026',
        status: 'active',
      })
    ).id;
    holdings.declared = (
      await createPositionHolder(ctx.db, {
        positionId: webLead,
        tenureYear: '2024-2025',
        status: 'completed',
        verification: 'self_declared',
      })
    ).id;
    const signedIn = (user: { id: string }) => signInAs(ctx, user);
    cookies.president = await signedIn(campus.president);
    cookies.admin = await signedIn(campus.admin);
    cookies.tech = await signedIn(campus.tech);
    cookies.coordinator = await signedIn(campus.coordinator);
    cookies.cultural = await signedIn(await createUser(ctx.db, { role: 'GENSEC_CULTURAL' }));
    cookies.sports = await signedIn(await createUser(ctx.db, { role: 'GENSEC_SPORTS' }));
    cookies.holder = await signedIn(holder);
  });

  const figuresIn = async (cookie: string, query: string) => {
    const listed = await get(`/api/position-holders?${query}`, cookie);
    expect(listed.statusCode).toBe(200);
    return Object.fromEntries(
      listed.json().items.map((item: Listed) => [item.id, item.metrics.budgetUtilized]),
    );
  };
  const detailOf = async (cookie: string, id: string) => {
    const detail = await get(`/api/position-holders/${id}`, cookie);
    expect(detail.statusCode).toBe(200);
    return detail.json().holder.metrics.budgetUtilized;
  };
  const exportedFigures = async (cookie: string, query: string) =>
    csvObjects(
      csvRecords(await get(`/api/position-holders/export?${query}`, cookie), 'position-holders'),
    )
      .map((row) => [row.Tenure, row['Budget utilized (INR)']])
      .sort();

  it("gives a student's self-declared record of another club no figure, whatever tenure they ask", async () => {
    const { user } = await createStudent(ctx.db);
    const cookie = await signInAs(ctx, user);
    const found = await get('/api/directory/positions?pageSize=100', cookie);
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((item: { id: string }) => item.id)).toContain(webLead);

    const declared = await post(
      { positionId: webLead, tenureYear: '2025-2026', status: 'active' },
      cookie,
    );
    expect(declared.statusCode).toBe(201);
    const { position } = declared.json();
    expect(position.verification).toBe('self_declared');
    expect(position.metrics.budgetUtilized).toBeNull();

    const edited = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/me/positions/${position.id}`,
      payload: { positionId: webLead, tenureYear: '2024-2025', status: 'completed' },
      headers: { origin: TEST_ORIGIN, cookie },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().position.metrics.budgetUtilized).toBeNull();

    const mine = (await list(cookie)).json().items;
    expect(mine.map((item: Metrics) => item.metrics.budgetUtilized)).toEqual([null]);
    expect((await send('DELETE', `/api/me/positions/${position.id}`, cookie)).statusCode).toBe(204);
  });

  it("shows the student the figure of their verified holding, and a coordinator their own club's on a record they declared", async () => {
    const mine = (await list(cookies.holder)).json().items;
    expect(mine.map((item: Metrics) => item.metrics.budgetUtilized)).toEqual([1250.75]);

    const declared = await post(
      { positionId: webLead, tenureYear: '2024-2025', status: 'completed' },
      cookies.coordinator,
    );
    expect(declared.statusCode).toBe(201);
    const { position } = declared.json();
    expect(position).toMatchObject({
      verification: 'self_declared',
      metrics: { budgetUtilized: 380.4 },
    });
    const withdrawn = await send('DELETE', `/api/me/positions/${position.id}`, cookies.coordinator);
    expect(withdrawn.statusCode).toBe(204);
  });

  it("keeps another council's club's figure from a general secretary's list, record and export", async () => {
    expect(await figuresIn(cookies.cultural, `unitId=${campus.club.id}`)).toEqual({
      [holdings.web]: null,
      [holdings.declared]: null,
    });
    expect(await detailOf(cookies.cultural, holdings.web)).toBeNull();
    // Row by row: the same list shows the cultural secretary their own council's club.
    const everything = await figuresIn(cookies.cultural, 'tenureYear=2025-2026');
    expect(everything[holdings.web]).toBeNull();
    expect(everything[holdings.dance]).toBe(640);

    for (const cookie of [cookies.cultural, cookies.sports])
      expect(await exportedFigures(cookie, `unitId=${campus.club.id}`)).toEqual([
        ['2024-2025', ''],
        ['2025-2026', ''],
      ]);
    expect(await exportedFigures(cookies.cultural, `unitId=${danceClub}`)).toEqual([
      ['2025-2026', '640.00'],
    ]);
  });

  it("shows the club's figure to its coordinator, its council's secretary, the president and the administrator", async () => {
    for (const cookie of [cookies.coordinator, cookies.tech, cookies.president, cookies.admin]) {
      expect(await figuresIn(cookie, `unitId=${campus.club.id}&status=active`)).toEqual({
        [holdings.web]: 1250.75,
      });
      expect(await detailOf(cookie, holdings.web)).toBe(1250.75);
    }
    for (const cookie of [cookies.coordinator, cookies.tech, cookies.president])
      expect(await exportedFigures(cookie, `unitId=${campus.club.id}&status=active`)).toEqual([
        ['2025-2026', '1250.75'],
      ]);
  });

  it("shows the figure in the endorsement queue to the club's coordinator and its council's secretary", async () => {
    for (const cookie of [cookies.coordinator, cookies.tech]) {
      const queue = await get('/api/endorsements/positions?pageSize=50', cookie);
      expect(queue.statusCode).toBe(200);
      const item = queue.json().items.find((row: Listed) => row.id === holdings.declared);
      expect(item.metrics.budgetUtilized).toBe(380.4);
    }
  });
});
