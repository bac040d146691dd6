import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import { createStudent, createUser } from '../../../test/factories';
import {
  ARJUN_CHOREO,
  CHOREOGRAPHER,
  HOLDERS_HEADER,
  MEERA_LEAD,
  MEERA_TREASURER,
  POSITIONS_HEADER,
  TREASURER,
  WORKSHOP_LEAD,
  seedExportCouncil,
} from '../../../test/position-export-council';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

describe('the position and holder exports', () => {
  const ctx = useTestApp();
  const download = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) =>
    signInAs(ctx, await createUser(ctx.db, { role, ...overrides }));
  const units = { robotics: '', dance: '' };

  // The exports only read, so every test reads the same council: two clubs, three positions, three holdings.
  beforeAll(async () => {
    Object.assign(units, await seedExportCouncil(ctx));
  });

  it('asks a signed-out visitor to sign in and refuses a student', async () => {
    const student = await signInAs(ctx, (await createStudent(ctx.db)).user);
    for (const url of ['/api/positions/export', '/api/position-holders/export']) {
      const signedOut = await download(url, undefined);
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
      const refused = await download(url, student);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a filter the lists do not know, with the field named', async () => {
    const president = await signedIn('PRESIDENT');
    for (const [url, field] of [
      ['/api/positions/export?state=closed', 'state'],
      ['/api/position-holders/export?tenureYear=2024', 'tenureYear'],
      ['/api/position-holders/export?status=resigned', 'status'],
      ['/api/positions/export?unitId=robotics', 'unitId'],
    ]) {
      const response = await download(url!, president);
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().error.fields)).toEqual([field]);
    }
  });

  it('gives an official every position and holding, newest first, with codes and names on the institute clock', async () => {
    const official = await signedIn('GENSEC_SPORTS');
    expect(csvRecords(await download('/api/positions/export', official), 'positions')).toEqual([
      POSITIONS_HEADER,
      CHOREOGRAPHER,
      TREASURER,
      WORKSHOP_LEAD,
    ]);
    const president = await signedIn('PRESIDENT');
    expect(
      csvRecords(await download('/api/position-holders/export', president), 'position-holders'),
    ).toEqual([HOLDERS_HEADER, MEERA_LEAD, ARJUN_CHOREO, MEERA_TREASURER]);
    // The sports secretary sees no money of the technical and cultural clubs: the budget cells are empty.
    const budget = HOLDERS_HEADER.indexOf('Budget utilized (INR)');
    const unseen = (row: string[]) => row.map((cell, index) => (index === budget ? '' : cell));
    expect(
      csvRecords(await download('/api/position-holders/export', official), 'position-holders'),
    ).toEqual([HOLDERS_HEADER, ...[MEERA_LEAD, ARJUN_CHOREO, MEERA_TREASURER].map(unseen)]);
  });

  it("honours the lists' filters", async () => {
    const president = await signedIn('PRESIDENT');
    const positionsOf = async (query: string) =>
      csvRecords(await download(`/api/positions/export?${query}`, president), 'positions');
    const holdersOf = async (query: string) =>
      csvRecords(await download(`/api/position-holders/export?${query}`, president), 'position-holders');
    expect(await positionsOf('state=retired')).toEqual([POSITIONS_HEADER, TREASURER]);
    expect(await positionsOf('q=workshop&page=4&pageSize=1')).toEqual([POSITIONS_HEADER, WORKSHOP_LEAD]);
    expect(await positionsOf(`unitId=${units.dance}&type=Coordinator`)).toEqual([
      POSITIONS_HEADER,
      CHOREOGRAPHER,
    ]);
    expect(await holdersOf('status=completed')).toEqual([HOLDERS_HEADER, ARJUN_CHOREO]);
    expect(await holdersOf('q=meera')).toEqual([HOLDERS_HEADER, MEERA_LEAD, MEERA_TREASURER]);
    expect(await holdersOf('tenureYear=2023-2024')).toEqual([HOLDERS_HEADER, MEERA_TREASURER]);
    expect(await holdersOf(`unitId=${units.robotics}`)).toEqual([HOLDERS_HEADER, MEERA_LEAD]);
  });

  it("gives a club coordinator their club's rows only, and an unlinked one none", async () => {
    const coordinator = await signedIn('CLUB_COORDINATOR', { clubUnitId: units.robotics });
    expect(csvRecords(await download('/api/positions/export', coordinator), 'positions')).toEqual([
      POSITIONS_HEADER,
      WORKSHOP_LEAD,
    ]);
    expect(
      csvRecords(await download('/api/position-holders/export', coordinator), 'position-holders'),
    ).toEqual([HOLDERS_HEADER, MEERA_LEAD]);
    // Asking for another club's rows by filter still gives none of them.
    expect(
      csvRecords(
        await download(`/api/position-holders/export?unitId=${units.dance}`, coordinator),
        'position-holders',
      ),
    ).toEqual([HOLDERS_HEADER]);
    const unlinked = await signedIn('CLUB_COORDINATOR');
    expect(csvRecords(await download('/api/positions/export', unlinked), 'positions')).toEqual([
      POSITIONS_HEADER,
    ]);
    expect(
      csvRecords(await download('/api/position-holders/export', unlinked), 'position-holders'),
    ).toEqual([HOLDERS_HEADER]);
  });

  it('sends just the header when nothing matches', async () => {
    const president = await signedIn('PRESIDENT');
    expect((await download('/api/positions/export?q=astronomy', president)).body).toBe(
      `\uFEFF${POSITIONS_HEADER.join(',')}\r\n`,
    );
    expect((await download('/api/position-holders/export?q=nobody', president)).body).toBe(
      `\uFEFF${HOLDERS_HEADER.join(',')}\r\n`,
    );
  });
});
