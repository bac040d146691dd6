import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { directoryClientOf } from '../../../test/position-clients';

describe('COSA View: office-bearers and positions', () => {
  const ctx = useTestApp();
  const { get, student } = directoryClientOf(ctx);

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
});
