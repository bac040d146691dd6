import { beforeAll, describe, expect, it, vi } from 'vitest';
import { currentTenure, type Role } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

// The tenure under way depends on today's date: the one cell here not typed out.
const NOW = currentTenure();

const POSITIONS_HEADER = [
  'Position ID',
  'Title',
  'Unit',
  'Unit category',
  'Type',
  'Seats',
  'Tenure',
  'Holders this tenure',
  'Minimum CGPA',
  'Minimum year',
  'Skills required',
  'Responsibilities',
  'Description',
  'State',
  'Retired at',
  'Created',
];
const WORKSHOP_LEAD = [
  'POS-90001',
  'Workshop Lead',
  'Robotics Club',
  'technical',
  'Coordinator',
  '2',
  NOW,
  '1',
  '7.5',
  '2',
  'Soldering; CAD',
  'Run workshops; Order parts',
  'Leads the weekly workshops.',
  'Open',
  '',
  '2025-03-01 10:00',
];
const TREASURER = [
  'POS-90002',
  "'=Treasurer",
  'Dance Club',
  'cultural',
  'Treasurer',
  '1',
  NOW,
  '0',
  '0',
  '1',
  '',
  'Keep the accounts',
  '',
  'Retired',
  '2025-04-01 12:00',
  '2025-03-02 10:00',
];
const CHOREOGRAPHER = [
  'POS-90003',
  'Choreographer',
  'Dance Club',
  'cultural',
  'Coordinator',
  '3',
  NOW,
  '0',
  '6',
  '1',
  '',
  'Plan the shows',
  'Sets the routines.',
  'Open',
  '',
  '2025-03-04 00:15',
];

const HOLDERS_HEADER = [
  'POR ID',
  'Name',
  'Student ID',
  'E-mail',
  'Position ID',
  'Position',
  'Unit',
  'Tenure',
  'Status',
  'Verification',
  'Appointed by',
  'Appointment date',
  'Events organized',
  'Budget utilized (INR)',
  'Created',
];
const MEERA_LEAD = [
  'POR-90001',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'POS-90001',
  'Workshop Lead',
  'Robotics Club',
  NOW,
  'active',
  'verified',
  'Kavya Menon',
  '2025-06-01',
  '3',
  '12500.50',
  '2025-06-01 15:30',
];
const ARJUN_CHOREO = [
  'POR-90002',
  'Arjun Rao',
  '22110077',
  'arjun.rao@iitbhilai.ac.in',
  'POS-90003',
  'Choreographer',
  'Dance Club',
  '2024-2025',
  'completed',
  'verified',
  '',
  '',
  '0',
  '0.00',
  '2025-05-01 09:00',
];
const MEERA_TREASURER = [
  'POR-90003',
  'Meera Pillai',
  '22110042',
  'meera.pillai@iitbhilai.ac.in',
  'POS-90002',
  "'=Treasurer",
  'Dance Club',
  '2023-2024',
  'terminated',
  'verified',
  '',
  '',
  '0',
  '0.00',
  '2024-01-10 05:30',
];

describe('the position and holder exports', () => {
  const ctx = useTestApp();
  const download = (url: string, cookie: string | undefined) =>
    ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const signedIn = async (role: Role, overrides: { clubUnitId?: string } = {}) =>
    signInAs(ctx, await createUser(ctx.db, { role, ...overrides }));
  const units = { robotics: '', dance: '' };

  // The exports only read, so every test reads the same council: two clubs, three positions, three holdings.
  beforeAll(async () => {
    const robotics = await createOrgUnit(ctx.db, { name: 'Robotics Club', category: 'technical' });
    const dance = await createOrgUnit(ctx.db, { name: 'Dance Club', category: 'cultural' });
    Object.assign(units, { robotics: robotics.id, dance: dance.id });
    const lead = await createPosition(ctx.db, {
      positionCode: 'POS-90001',
      title: 'Workshop Lead',
      unitId: robotics.id,
      positionType: 'Coordinator',
      positionCount: 2,
      minCgpa: 7.5,
      minYear: 2,
      skillsRequired: ['Soldering', 'CAD'],
      responsibilities: ['Run workshops', 'Order parts'],
      description: 'Leads the weekly workshops.',
      createdAt: new Date('2025-03-01T04:30:00Z'),
    });
    const treasurer = await createPosition(ctx.db, {
      positionCode: 'POS-90002',
      title: '=Treasurer',
      unitId: dance.id,
      positionType: 'Treasurer',
      positionCount: 1,
      skillsRequired: [],
      responsibilities: ['Keep the accounts'],
      description: null,
      retiredAt: new Date('2025-04-01T06:30:00Z'),
      createdAt: new Date('2025-03-02T04:30:00Z'),
    });
    const choreographer = await createPosition(ctx.db, {
      positionCode: 'POS-90003',
      title: 'Choreographer',
      unitId: dance.id,
      positionType: 'Coordinator',
      positionCount: 3,
      minCgpa: 6,
      skillsRequired: [],
      responsibilities: ['Plan the shows'],
      description: 'Sets the routines.',
      createdAt: new Date('2025-03-03T18:45:00Z'),
    });
    const { user: meera } = await createStudent(ctx.db, {
      name: 'Meera Pillai',
      username: 'meera.pillai',
      email: 'meera.pillai@iitbhilai.ac.in',
      studentId: '22110042',
    });
    const { user: arjun } = await createStudent(ctx.db, {
      name: 'Arjun Rao',
      username: 'arjun.rao',
      email: 'arjun.rao@iitbhilai.ac.in',
      studentId: '22110077',
    });
    const president = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' });
    await createPositionHolder(ctx.db, {
      porCode: 'POR-90001',
      userId: meera.id,
      positionId: lead.id,
      tenureYear: NOW,
      status: 'active',
      appointedBy: president.id,
      appointmentDate: '2025-06-01',
      eventsOrganized: 3,
      budgetUtilized: 12500.5,
      createdAt: new Date('2025-06-01T10:00:00Z'),
    });
    await createPositionHolder(ctx.db, {
      porCode: 'POR-90002',
      userId: arjun.id,
      positionId: choreographer.id,
      tenureYear: '2024-2025',
      status: 'completed',
      createdAt: new Date('2025-05-01T03:30:00Z'),
    });
    await createPositionHolder(ctx.db, {
      porCode: 'POR-90003',
      userId: meera.id,
      positionId: treasurer.id,
      tenureYear: '2023-2024',
      status: 'terminated',
      createdAt: new Date('2024-01-10T00:00:00Z'),
    });
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
    expect(
      csvRecords(await download('/api/position-holders/export', official), 'position-holders'),
    ).toEqual([HOLDERS_HEADER, MEERA_LEAD, ARJUN_CHOREO, MEERA_TREASURER]);
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
