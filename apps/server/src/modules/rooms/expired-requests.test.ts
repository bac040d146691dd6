import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createRoomBooking, findRoom } from '../../../test/factories';
import { listApprovals } from './approvals.service';
import { freshDay, roomClientOf } from '../../../test/room-test-client';

const ENDED_DECISION =
  'This request ended without a decision, so it can no longer be approved or rejected.';
const ENDED_WITHDRAWAL = 'This request has already ended, so there is nothing to withdraw.';

describe('requests whose time has passed, and requests over an approved booking', () => {
  const ctx = useTestApp();
  const client = roomClientOf(ctx);

  it('shows a pending request whose day is over as Expired: in All Requests, not in Pending, without actions', async () => {
    const { cookie } = await client.as('PRESIDENT');
    const secretary = await client.as('GENSEC_SPORTS');
    const base = { requestedBy: secretary.user.id, description: 'Expiry check' };
    const old = await createRoomBooking(ctx.db, {
      ...base,
      date: '2024-03-05',
      startTime: '10:00',
      endTime: '11:00',
    });
    await createRoomBooking(ctx.db, { ...base, date: freshDay(), startTime: '10:00', endTime: '11:00' });
    await createRoomBooking(ctx.db, { ...base, date: '2024-03-06', status: 'Approved' });

    const all = (await client.get('/api/room-bookings?q=Expiry', cookie)).json();
    expect(all.counts).toEqual({ all: 3, Pending: 1, Approved: 1, Rejected: 0 });
    expect(all.items.find((item: { id: string }) => item.id === old.id)).toMatchObject({
      status: 'Expired',
      clashes: false,
      approvedOverlap: null,
    });

    const pending = (await client.get('/api/room-bookings?q=Expiry&status=Pending', cookie)).json();
    expect(pending.total).toBe(1);
    expect(pending.items.map((item: { status: string; date: string }) => item.status)).toEqual([
      'Pending',
    ]);

    const mine = (await client.get('/api/room-bookings/mine', secretary.cookie)).json();
    expect(mine.items.map((item: { status: string }) => item.status).sort()).toEqual([
      'Approved',
      'Expired',
      'Pending',
    ]);
    // The stored status is unchanged: Expired is read from the clock.
    expect((await client.rowOf(old.id)).status).toBe('Pending');
  });

  it('refuses to approve, reject or withdraw a request that has ended (409), and logs nothing', async () => {
    const president = await client.as('PRESIDENT');
    const secretary = await client.as('GENSEC_SCITECH');
    const ended = await createRoomBooking(ctx.db, {
      requestedBy: secretary.user.id,
      date: '2025-01-10',
      startTime: '16:00',
      endTime: '17:00',
    });
    for (const status of ['Approved', 'Rejected']) {
      const response = await client.decide(ended.id, { status }, president.cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe(ENDED_DECISION);
    }
    const withdrawal = await client.withdraw(ended.id, secretary.cookie);
    expect(withdrawal.statusCode).toBe(409);
    expect(withdrawal.json().error.message).toBe(ENDED_WITHDRAWAL);
    expect(await client.rowOf(ended.id)).toMatchObject({ status: 'Pending', decidedBy: null });
    expect(await client.activityOf(ended.id)).toEqual([]);
  });

  it('counts a request as ended from the minute its end passes on the institute clock', async () => {
    const date = '2098-04-14';
    const base = { date, description: 'Clock edge' };
    await createRoomBooking(ctx.db, { ...base, startTime: '09:00', endTime: '10:30' });
    await createRoomBooking(ctx.db, { ...base, startTime: '10:00', endTime: '10:31' });
    await createRoomBooking(ctx.db, { ...base, startTime: '22:00', endTime: '24:00' });
    // 05:00 UTC is 10:30 in Kolkata.
    const at = (now: string) =>
      listApprovals(
        ctx.db,
        { status: 'all', q: 'Clock edge', page: 1, pageSize: 20 },
        { timeZone: 'Asia/Kolkata', now: new Date(now) },
      );
    const morning = await at('2098-04-14T05:00:00Z');
    expect(morning.items.map((item) => [item.startTime, item.status])).toEqual([
      ['22:00', 'Pending'],
      ['10:00', 'Pending'],
      ['09:00', 'Expired'],
    ]);
    expect(morning.counts.Pending).toBe(2);
    // 18:29 UTC is 23:59 that day; 18:30 UTC is midnight, when the last one ends.
    expect((await at('2098-04-14T18:29:00Z')).counts.Pending).toBe(1);
    expect((await at('2098-04-14T18:30:00Z')).counts.Pending).toBe(0);
  });

  it('marks a pending request over an approved booking with its times instead of clashing; rejecting it still works', async () => {
    const president = await client.as('PRESIDENT');
    const secretary = await client.as('GENSEC_CULTURAL');
    const room = await findRoom(ctx.db, 'Room B');
    const date = '2099-09-09';
    const base = { roomId: room.id, date, requestedBy: secretary.user.id };
    const chess = await createRoomBooking(ctx.db, {
      ...base,
      startTime: '10:00',
      endTime: '12:00',
      description: 'Overlap chess',
    });
    const jam = await createRoomBooking(ctx.db, {
      ...base,
      startTime: '11:00',
      endTime: '13:00',
      description: 'Overlap jam',
    });
    const mine = async () =>
      (await client.get('/api/room-bookings/mine', secretary.cookie)).json().items as Array<{
        id: string;
        clashes: boolean;
        approvedOverlap: unknown;
      }>;

    // Both waiting: they clash with each other.
    expect((await mine()).map((item) => [item.id, item.clashes, item.approvedOverlap])).toEqual(
      expect.arrayContaining([
        [chess.id, true, null],
        [jam.id, true, null],
      ]),
    );

    expect((await client.decide(chess.id, { status: 'Approved' }, president.cookie)).statusCode).toBe(
      200,
    );
    const panel = (await client.get('/api/room-bookings?q=Overlap', president.cookie)).json();
    expect(panel.items.find((item: { id: string }) => item.id === jam.id)).toMatchObject({
      status: 'Pending',
      clashes: false,
      approvedOverlap: { startTime: '10:00', endTime: '12:00' },
    });
    expect(panel.items.find((item: { id: string }) => item.id === chess.id)).toMatchObject({
      status: 'Approved',
      clashes: false,
      approvedOverlap: null,
    });
    expect((await mine()).find((item) => item.id === jam.id)).toMatchObject({
      approvedOverlap: { startTime: '10:00', endTime: '12:00' },
    });

    expect((await client.decide(jam.id, { status: 'Rejected' }, president.cookie)).statusCode).toBe(200);
    const after = (await client.get('/api/room-bookings?q=Overlap', president.cookie)).json();
    expect(after.items.find((item: { id: string }) => item.id === jam.id)).toMatchObject({
      status: 'Rejected',
      approvedOverlap: null,
    });
  });
});
