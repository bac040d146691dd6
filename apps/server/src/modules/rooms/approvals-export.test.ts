import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { csvRecords } from '../../../test/csv-helpers';
import { createRoomBooking, createStudent, createUser, findRoom } from '../../../test/factories';

// Pages of two rows, so every export here crosses page boundaries and the keyset is exercised.
vi.mock('../../lib/csv-export', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  EXPORT_PAGE_SIZE: 2,
}));

const HEADER = [
  'Room',
  'Date',
  'Start',
  'End',
  'Description',
  'Status',
  'Requested by',
  'Requested at',
  'Decided by',
  'Decided at',
  'Decision note',
];
const QUIZ = [
  'Room B',
  '2030-05-10',
  '14:00',
  '16:00',
  "'=Quiz prep",
  'Approved',
  'Ishaan Gupta',
  '2025-01-01 11:00',
  'Kavya Menon',
  '2025-01-02 11:30',
  'Keep it tidy.',
];
const BAND = [
  'Room A',
  '2030-05-10',
  '14:00',
  '15:00',
  'Band rehearsal',
  'Pending',
  'Riya Das',
  '2025-01-03 09:15',
  '',
  '',
  '',
];
const ROBOTICS = [
  'Room A',
  '2030-05-10',
  '10:00',
  '11:00',
  'Robotics meeting',
  'Pending',
  'Ishaan Gupta',
  '2025-01-01 10:00',
  '',
  '',
  '',
];
const DANCE = [
  'Room A',
  '2030-05-09',
  '09:00',
  '10:00',
  'Dance practice',
  'Rejected',
  'Riya Das',
  '2025-01-01 12:00',
  'Kavya Menon',
  '2025-01-02 23:45',
  'Clashes with exams.',
];
const OLD = [
  'Room B',
  '2024-01-05',
  '10:00',
  '11:00',
  'Old request',
  'Expired',
  'Riya Das',
  '2023-12-20 10:00',
  '',
  '',
  '',
];

const id = (n: number) => `00000000-0000-4000-8000-0000000000${String(n).padStart(2, '0')}`;

describe("the approval panel's export", () => {
  const ctx = useTestApp();
  const download = (query: string, cookie: string | undefined) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/room-bookings/export${query}`,
      headers: cookie ? { cookie } : {},
    });
  const signedIn = async (role: Role) => signInAs(ctx, await createUser(ctx.db, { role }));

  // Requests years ahead (awaiting a decision) and one long past (expired), so the tabs do not depend on the day the tests run.
  beforeAll(async () => {
    const [roomA, roomB] = [await findRoom(ctx.db, 'Room A'), await findRoom(ctx.db, 'Room B')];
    const ishaan = await createUser(ctx.db, { role: 'GENSEC_SCITECH', name: 'Ishaan Gupta' });
    const riya = await createUser(ctx.db, { role: 'GENSEC_CULTURAL', name: 'Riya Das' });
    const kavya = await createUser(ctx.db, { role: 'PRESIDENT', name: 'Kavya Menon' });
    const day = '2030-05-10';
    await createRoomBooking(ctx.db, {
      id: id(5),
      roomId: roomA.id,
      requestedBy: riya.id,
      date: day,
      startTime: '14:00',
      endTime: '15:00',
      description: 'Band rehearsal',
      createdAt: new Date('2025-01-03T03:45:00Z'),
    });
    await createRoomBooking(ctx.db, {
      id: id(1),
      roomId: roomA.id,
      requestedBy: ishaan.id,
      date: day,
      startTime: '10:00',
      endTime: '11:00',
      description: 'Robotics meeting',
      createdAt: new Date('2025-01-01T04:30:00Z'),
    });
    await createRoomBooking(ctx.db, {
      id: id(2),
      roomId: roomB.id,
      requestedBy: ishaan.id,
      date: day,
      startTime: '14:00',
      endTime: '16:00',
      description: '=Quiz prep',
      status: 'Approved',
      decidedBy: kavya.id,
      decidedAt: new Date('2025-01-02T06:00:00Z'),
      decisionNote: 'Keep it tidy.',
      createdAt: new Date('2025-01-01T05:30:00Z'),
    });
    await createRoomBooking(ctx.db, {
      id: id(3),
      roomId: roomA.id,
      requestedBy: riya.id,
      date: '2030-05-09',
      startTime: '09:00',
      endTime: '10:00',
      description: 'Dance practice',
      status: 'Rejected',
      decidedBy: kavya.id,
      decidedAt: new Date('2025-01-02T18:15:00Z'),
      decisionNote: 'Clashes with exams.',
      createdAt: new Date('2025-01-01T06:30:00Z'),
    });
    await createRoomBooking(ctx.db, {
      id: id(4),
      roomId: roomB.id,
      requestedBy: riya.id,
      date: '2024-01-05',
      startTime: '10:00',
      endTime: '11:00',
      description: 'Old request',
      createdAt: new Date('2023-12-20T04:30:00Z'),
    });
    // Withdrawn: the requester's business only, never on the panel.
    await createRoomBooking(ctx.db, {
      id: id(6),
      roomId: roomB.id,
      requestedBy: riya.id,
      date: day,
      startTime: '18:00',
      endTime: '19:00',
      description: 'Withdrawn talk',
      status: 'Withdrawn',
    });
  });

  it('asks a signed-out visitor to sign in and refuses everyone but the president', async () => {
    const signedOut = await download('', undefined);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe('UNAUTHENTICATED');
    for (const cookie of [
      await signedIn('GENSEC_SCITECH'),
      await signedIn('CLUB_COORDINATOR'),
      await signInAs(ctx, (await createStudent(ctx.db)).user),
    ]) {
      const refused = await download('', cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
    }
  });

  it('refuses a tab the panel does not know', async () => {
    const response = await download('?status=Withdrawn', await signedIn('PRESIDENT'));
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().error.fields)).toEqual(['status']);
  });

  it("gives every request on the panel in its order, an ended one as expired, on the institute's clock", async () => {
    expect(csvRecords(await download('', await signedIn('PRESIDENT')), 'room-bookings')).toEqual([
      HEADER,
      QUIZ,
      BAND,
      ROBOTICS,
      DANCE,
      OLD,
    ]);
  });

  it("honours the panel's tab and search", async () => {
    const president = await signedIn('PRESIDENT');
    expect(csvRecords(await download('?status=Pending&page=2', president), 'room-bookings')).toEqual([
      HEADER,
      BAND,
      ROBOTICS,
    ]);
    expect(csvRecords(await download('?status=Rejected', president), 'room-bookings')).toEqual([
      HEADER,
      DANCE,
    ]);
    expect(csvRecords(await download('?q=room%20b', president), 'room-bookings')).toEqual([
      HEADER,
      QUIZ,
      OLD,
    ]);
    expect(
      csvRecords(await download('?status=Approved&q=practice', president), 'room-bookings'),
    ).toEqual([HEADER]);
  });

  it('sends just the header when nothing matches', async () => {
    const response = await download('?q=astronomy', await signedIn('PRESIDENT'));
    expect(response.body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
  });
});
