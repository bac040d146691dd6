import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';

describe('COSA View: office-bearers and positions', () => {
  const ctx = useTestApp();
  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const student = async (profile: object = {}) => {
    const { user } = await createStudent(ctx.db, {}, profile);
    return { user, cookie: await signInAs(ctx, user) };
  };

  it('gives the tenure of the academic year, July to June', () => {
    expect(currentTenure(new Date('2026-11-24T10:00:00Z'))).toBe('2026-2027');
    expect(currentTenure(new Date('2027-03-01T10:00:00Z'))).toBe('2026-2027');
    expect(currentTenure(new Date('2027-07-01T10:00:00Z'))).toBe('2027-2028');
    // 30 June 20:00 UTC is already 1 July in India.
    expect(currentTenure(new Date('2027-06-30T20:00:00Z'))).toBe('2027-2028');
    expect(currentTenure(new Date('2027-06-30T18:00:00Z'))).toBe('2026-2027');
  });

  it('asks a signed-out visitor to sign in, and a student who has not finished onboarding to do so', async () => {
    expect((await get('/api/directory/office-bearers')).statusCode).toBe(401);
    expect((await get('/api/directory/positions')).statusCode).toBe(401);
    const fresh = await createUser(ctx.db, { onboardingComplete: false });
    const cookie = await signInAs(ctx, fresh);
    expect((await get('/api/directory/office-bearers', cookie)).statusCode).toBe(403);
    expect((await get('/api/directory/positions', cookie)).statusCode).toBe(403);
  });

  it('lists the people holding a position now, with their name, position, unit and tenure and nothing private', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Astronomy Club Zeta' });
    const position = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Telescope Keeper',
      positionType: 'Coordinator',
    });
    const { user: keeper } = await createStudent(
      ctx.db,
      { name: 'Ishaan Verma Zeta' },
      { phone: '9876500011', cgpa: 9.12 },
    );
    const held = await createPositionHolder(ctx.db, {
      userId: keeper.id,
      positionId: position.id,
      tenureYear: currentTenure(),
      appointmentDate: '2026-07-15',
      appointedBy: (await createUser(ctx.db, { role: 'PRESIDENT' })).id,
    });
    // Not office-bearers: a claim nobody verified, a declined one, a holding that ended.
    const claimant = await createUser(ctx.db, { name: 'Claimant Zeta' });
    await createPositionHolder(ctx.db, {
      userId: claimant.id,
      positionId: position.id,
      tenureYear: '2025-2026',
      verification: 'self_declared',
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Declined Zeta' })).id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verification: 'declined',
      declinedAt: new Date(),
      declineReason: 'No record of it.',
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Former Zeta' })).id,
      positionId: position.id,
      tenureYear: '2023-2024',
      status: 'completed',
    });
    // Nor a holding of an earlier tenure left active, nor a holder of a retired position.
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Stale Zeta' })).id,
      positionId: position.id,
      tenureYear: '2019-2020',
      status: 'active',
    });
    const retired = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Retired Zeta Post',
      retiredAt: new Date(),
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Retired Post Zeta' })).id,
      positionId: retired.id,
      tenureYear: currentTenure(),
    });

    const { cookie } = await student();
    const answer = await get('/api/directory/office-bearers?q=zeta', cookie);
    expect(answer.statusCode).toBe(200);
    const list = answer.json();
    expect(list.items).toEqual([
      {
        id: held.id,
        name: 'Ishaan Verma Zeta',
        position: { id: position.id, title: 'Telescope Keeper', positionType: 'Coordinator' },
        unit: { id: unit.id, name: 'Astronomy Club Zeta' },
        tenureYear: currentTenure(),
        since: '2026-07-15',
      },
    ]);
    expect(list.total).toBe(1);
    expect(answer.body).not.toContain(keeper.email);
    expect(answer.body).not.toContain('9876500011');
    expect(answer.body).not.toContain('9.12');
    expect(answer.body).not.toContain('Claimant Zeta');
    expect(answer.body).not.toContain('Stale Zeta');
    expect(answer.body).not.toContain('Retired Post Zeta');
  });

  it('searches office-bearers by name, position title and unit name, and filters by unit', async () => {
    const chess = await createOrgUnit(ctx.db, { name: 'Chess Club Kappa' });
    const music = await createOrgUnit(ctx.db, { name: 'Music Club Kappa' });
    const captain = await createPosition(ctx.db, { unitId: chess.id, title: 'Board Captain Kappa' });
    const singer = await createPosition(ctx.db, { unitId: music.id, title: 'Lead Vocalist Kappa' });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Ananya Rao' })).id,
      positionId: captain.id,
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { name: 'Kabir Sen' })).id,
      positionId: singer.id,
    });
    const { cookie } = await student();

    const names = async (query: string) =>
      (await get(`/api/directory/office-bearers?${query}`, cookie))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('q=ananya')).toEqual(['Ananya Rao']);
    expect(await names('q=vocalist kappa')).toEqual(['Kabir Sen']);
    expect(await names('q=chess club kappa')).toEqual(['Ananya Rao']);
    expect(await names(`q=kappa&unitId=${music.id}`)).toEqual(['Kabir Sen']);
    // By unit name, then position title.
    expect(await names('q=kappa')).toEqual(['Ananya Rao', 'Kabir Sen']);
    expect(await names('q=50%25')).toEqual([]);
    const past = (await get('/api/directory/office-bearers?q=kappa&page=4', cookie)).json();
    expect([past.items, past.total]).toEqual([[], 2]);
    const first = (await get('/api/directory/office-bearers?q=kappa&pageSize=1', cookie)).json();
    expect([first.items.map((item: { name: string }) => item.name), first.total]).toEqual([
      ['Ananya Rao'],
      2,
    ]);
    const facets = (await get('/api/directory/office-bearers', cookie))
      .json()
      .units.map((unit: { name: string }) => unit.name);
    expect(facets).toEqual(expect.arrayContaining(['Chess Club Kappa', 'Music Club Kappa']));
    expect((await get('/api/directory/office-bearers?unitId=not-an-id', cookie)).statusCode).toBe(400);
  });

  it('counts the office-bearers of the campus and lists their units: none of a retired position, an administrator, another tenure or an unverified claim', async () => {
    const { cookie } = await student();
    const before = (await get('/api/directory/office-bearers', cookie)).json();
    const units = await Promise.all(
      [
        'Held Unit Omicron',
        'Admin Unit Omicron',
        'Retired Unit Omicron',
        'Past Unit Omicron',
        'Claimed Unit Omicron',
      ].map((name) => createOrgUnit(ctx.db, { name })),
    );
    const [held, admin, retired, past, claimed] = await Promise.all([
      createPosition(ctx.db, { unitId: units[0]!.id, title: 'Treasurer Omicron', positionCount: 2 }),
      createPosition(ctx.db, { unitId: units[1]!.id, title: 'Admin Post Omicron' }),
      createPosition(ctx.db, {
        unitId: units[2]!.id,
        title: 'Retired Post Omicron',
        retiredAt: new Date(),
      }),
      createPosition(ctx.db, { unitId: units[3]!.id, title: 'Past Post Omicron' }),
      createPosition(ctx.db, { unitId: units[4]!.id, title: 'Claimed Post Omicron' }),
    ]);
    const person = async () => (await createUser(ctx.db)).id;
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: held.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: held.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { role: 'ADMIN' })).id,
      positionId: admin.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: retired.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: past.id,
      tenureYear: '2020-2021',
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: claimed.id,
      tenureYear: currentTenure(),
      verification: 'self_declared',
    });

    const after = (await get('/api/directory/office-bearers', cookie)).json();
    expect(after.overall).toBe(before.overall + 2);
    const unitNames = after.units
      .map((unit: { name: string }) => unit.name)
      .filter((name: string) => name.endsWith('Omicron'));
    expect(unitNames).toEqual(['Held Unit Omicron']);
    // The positions page counts every seat taken, the administrator's too: no one else can be appointed to it.
    const positions = (await get('/api/directory/positions?q=omicron', cookie)).json();
    const filled = Object.fromEntries(
      positions.items.map((item: { title: string; filled: number }) => [item.title, item.filled]),
    );
    expect(filled).toEqual({
      'Treasurer Omicron': 2,
      'Admin Post Omicron': 1,
      'Past Post Omicron': 0,
      'Claimed Post Omicron': 0,
    });
    const open = (await get('/api/directory/positions?q=omicron&open=true', cookie)).json();
    expect(open.items.map((item: { title: string }) => item.title)).toEqual([
      'Claimed Post Omicron',
      'Past Post Omicron',
    ]);
  });

  it('finds an office-bearer by the name they changed to, never by their e-mail', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Quiz Club Lambda' });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Quiz Master Lambda' });
    const { user: holder } = await createStudent(ctx.db, {
      name: 'Tara Bose',
      username: 'tara.b',
      email: 'lambda.mail@iitbhilai.ac.in',
    });
    await createPositionHolder(ctx.db, { userId: holder.id, positionId: position.id });
    const { cookie } = await student();
    const names = async (q: string) =>
      (await get(`/api/directory/office-bearers?q=${q}`, cookie))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('tara bose')).toEqual(['Tara Bose']);
    // Neither the e-mail nor the username (the e-mail's local part, as a rule) finds anyone.
    expect(await names('lambda.mail')).toEqual([]);
    expect(await names('tara.b')).toEqual([]);
    expect(await names('bose tara')).toEqual([]);
    const form = {
      personal: { name: 'Tara Banerjee' },
      contact: {},
      socialLinks: {},
      academic: {
        batchYear: 2023,
        program: 'B.Tech',
        branch: 'Mathematics',
        currentYear: '3rd',
        cgpa: 8.5,
      },
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      payload: form,
      headers: { origin: TEST_ORIGIN, cookie: await signInAs(ctx, holder) },
    });
    expect(saved.statusCode).toBe(200);
    expect(await names('tara banerjee')).toEqual(['Tara Banerjee']);
    expect(await names('tara bose')).toEqual([]);
  });

  it("shows positions in use with this tenure's seats, and where a student's record falls short of each", async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club Theta' });
    const easy = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Volunteer Theta',
      positionCount: 3,
      minCgpa: 0,
      minYear: 1,
      skillsRequired: [],
    });
    const hard = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Captain Theta',
      positionCount: 1,
      minCgpa: 8.5,
      minYear: 3,
      skillsRequired: ['Arduino', 'Soldering'],
      description: 'Leads the team.',
    });
    await createPosition(ctx.db, { unitId: unit.id, title: 'Retired Theta', retiredAt: new Date() });
    await createPositionHolder(ctx.db, { positionId: hard.id, tenureYear: currentTenure() });
    await createPositionHolder(ctx.db, { positionId: easy.id, tenureYear: '2019-2020' });

    const { user, cookie } = await student({ cgpa: 8.1, currentYear: '2nd' });
    await createUserSkill(ctx.db, {
      userId: user.id,
      skillId: (await createSkill(ctx.db, { name: 'arduino' })).id,
    });

    const list = (await get('/api/directory/positions?q=theta', cookie)).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual([
      'Captain Theta',
      'Volunteer Theta',
    ]);
    const [captain, volunteer] = list.items;
    expect(captain).toMatchObject({
      positionCount: 1,
      filled: 1,
      tenure: currentTenure(),
      description: 'Leads the team.',
    });
    expect(captain.gaps).toEqual([
      'CGPA below the minimum 8.5',
      'Year of study below the minimum 3rd',
      'Missing required skills: Soldering',
    ]);
    expect(volunteer).toMatchObject({ positionCount: 3, filled: 0, gaps: [] });

    const open = (await get('/api/directory/positions?q=theta&open=true', cookie)).json();
    expect(open.items.map((item: { title: string }) => item.title)).toEqual(['Volunteer Theta']);
    expect(open.total).toBe(1);
  });

  it('gives an official the positions without comparing a record they do not keep', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Drama Club Iota' });
    await createPosition(ctx.db, { unitId: unit.id, title: 'Director Iota', minCgpa: 7 });
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const list = (await get('/api/directory/positions?q=iota', await signInAs(ctx, president))).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].gaps).toBeNull();
  });
});
