import { describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { useTestApp, type TestContext } from '../../../test/build-test-app';
import { openUnreadStream } from '../../../test/event-stream';
import { createEvent, findRoom } from '../../../test/factories';
import { campusOf, clientOf, unread } from '../../../test/events-inbox';

/*
 * The queues an official decides, as the bell counts them (GET /api/notifications/queues), and
 * their notices, which settle once nothing waits in the queue for that official, whoever decided.
 * Each describe has a database of its own: the counts are of the whole campus.
 */

type Person = { id: string; cookie: string };

function helpers(ctx: TestContext) {
  const api = clientOf(ctx);
  return {
    api,
    queues: async (person: Person) => {
      const answer = await api.get('/api/notifications/queues', person.cookie);
      expect(answer.statusCode).toBe(200);
      return answer.json() as {
        queues: { queue: string; count: number }[];
        unreadNotices: number;
      };
    },
    unreadQueueNotices: async (person: Person) => {
      const answer = await api.get('/api/notifications?show=unread', person.cookie);
      expect(answer.statusCode).toBe(200);
      return (answer.json() as { items: { kind: string; outcome: string }[] }).items
        .filter((item) => item.kind === 'queue')
        .map((item) => item.outcome);
    },
    unreadCount: async (person: Person) =>
      (await api.get('/api/notifications/unread-count', person.cookie)).json() as { unread: number },
    /** A club member's technical achievement at the club's event, at the college level: the technical secretary, the president and the club's coordinator review it. */
    submit: async (ctxClub: { id: string }, member: Person, title: string) => {
      const event = await createEvent(ctx.db, { organizingUnitId: ctxClub.id });
      const answer = await api.post('/api/me/achievements', member.cookie, {
        title,
        category: 'Competition',
        type: 'technical',
        level: 'college',
        eventId: event.id,
        dateAchieved: '2025-08-30',
      });
      expect(answer.statusCode).toBe(201);
      return (answer.json() as { achievement: { id: string } }).achievement.id;
    },
  };
}

describe('the queues each role decides', () => {
  const ctx = useTestApp();
  const { api, queues, unreadQueueNotices, submit } = helpers(ctx);

  it('counts what waits for each role, only in the queues it decides; a secretary is told nothing of their own room request', async () => {
    const { club, people } = await campusOf(ctx);
    await submit(club, people.member, 'Robocon finalist');
    const room = await findRoom(ctx.db, 'Room A');
    const booked = await api.post('/api/room-bookings', people.tech.cookie, {
      roomId: room.id,
      date: '2030-11-25',
      startTime: '10:00',
      endTime: '11:00',
      description: 'Club meeting.',
    });
    expect(booked.statusCode).toBe(201);

    // The technical secretary's own request waits for the president: no 'bookings' queue, no notice.
    expect(await queues(people.tech)).toEqual({
      queues: [
        { queue: 'user-skills', count: 0 },
        { queue: 'skills', count: 0 },
        { queue: 'achievements', count: 1 },
        { queue: 'positions', count: 0 },
        { queue: 'feedback', count: 0 },
      ],
      unreadNotices: 0,
    });
    expect(await unreadQueueNotices(people.tech)).toEqual(['achievements']);

    expect(await queues(people.president)).toEqual({
      queues: [
        { queue: 'user-skills', count: 0 },
        { queue: 'skills', count: 0 },
        { queue: 'achievements', count: 1 },
        { queue: 'positions', count: 0 },
        { queue: 'feedback', count: 0 },
        { queue: 'bookings', count: 1 },
      ],
      unreadNotices: 0,
    });
    expect((await unreadQueueNotices(people.president)).sort()).toEqual(['achievements', 'bookings']);

    expect(await queues(people.coordinator)).toEqual({
      queues: [
        { queue: 'user-skills', count: 0 },
        { queue: 'achievements', count: 1 },
        { queue: 'positions', count: 0 },
        { queue: 'feedback', count: 0 },
      ],
      unreadNotices: 0,
    });
    // Another club's coordinator and the cultural secretary decide none of it.
    expect((await queues(people.otherCoordinator)).queues.map((q) => q.count)).toEqual([0, 0, 0, 0]);
    expect((await queues(people.cult)).queues.find((q) => q.queue === 'achievements')).toEqual({
      queue: 'achievements',
      count: 0,
    });
    // A student decides no queue.
    expect(await queues(people.loner)).toEqual({ queues: [], unreadNotices: 0 });
  });

  it('refuses the signed-out', async () => {
    const answer = await ctx.app.inject({ method: 'GET', url: '/api/notifications/queues' });
    expect(answer.statusCode).toBe(401);
  });
});

describe('queue notices settle when their queue empties', () => {
  const ctx = useTestApp();
  const { api, queues, unreadQueueNotices, unreadCount, submit } = helpers(ctx);

  it('clear for every reviewer once the last item is decided, by someone else too; not while one still waits', async () => {
    const { club, people } = await campusOf(ctx);
    const first = await submit(club, people.member, 'Hackathon winner');
    const second = await submit(club, people.member, 'Drone race third');
    expect(await unreadQueueNotices(people.tech)).toEqual(['achievements']);
    expect(await unreadCount(people.tech)).toEqual({ unread: 1 });

    // The president decides one: one still waits, the notices stay.
    const verify = (id: string) =>
      api.post(`/api/endorsements/achievements/${id}/verify`, people.president.cookie);
    expect((await verify(first)).statusCode).toBe(200);
    expect(await unreadQueueNotices(people.tech)).toEqual(['achievements']);
    expect((await queues(people.tech)).queues.find((q) => q.queue === 'achievements')?.count).toBe(1);

    // The coordinator declines the last: nothing waits, the notices settle for all three.
    const declined = await api.post(
      `/api/endorsements/achievements/${second}/decline`,
      people.coordinator.cookie,
      { reason: 'No certificate attached.' },
    );
    expect(declined.statusCode).toBe(200);
    expect(await unreadCount(people.tech)).toEqual({ unread: 0 });
    expect(await unreadQueueNotices(people.tech)).toEqual([]);
    expect(await unreadQueueNotices(people.president)).toEqual([]);
    expect(await unreadQueueNotices(people.coordinator)).toEqual([]);
    // Settled, not deleted: the inbox still lists it, read.
    const all = (await api.get('/api/notifications', people.tech.cookie)).json() as {
      items: { kind: string; readAt: string | null }[];
    };
    expect(
      all.items.filter((item) => item.kind === 'queue').map((item) => item.readAt === null),
    ).toEqual([false]);
  });

  it('settle with nobody looking, so the next item starts a notice of its own rather than counting the decided ones', async () => {
    const { club, people } = await campusOf(ctx);
    const first = await submit(club, people.member, 'Robot soccer');
    const techNotices = async () =>
      (await unread(ctx, people)).filter((told) => told.to === 'tech' && told.kind === 'queue');
    expect(await techNotices()).toEqual([expect.objectContaining({ items: 1 })]);
    expect(
      (await api.post(`/api/endorsements/achievements/${first}/verify`, people.president.cookie))
        .statusCode,
    ).toBe(200);
    // Read straight from the database: no request of the secretary's settles it.
    await expect.poll(techNotices, { timeout: 3_000 }).toEqual([]);

    await submit(club, people.member, 'Robot sumo');
    expect(await techNotices()).toEqual([
      expect.objectContaining({ outcome: 'achievements', subject: 'Robot sumo', items: 1 }),
    ]);
  });

  it("groups a queue's notices in the inbox as its newest; the bell's list leaves them out", async () => {
    const { club, people } = await campusOf(ctx);
    await submit(club, people.member, 'Quiz runner-up');
    const listed = async (query: string) =>
      (
        (await api.get(`/api/notifications${query}`, people.tech.cookie)).json() as {
          items: { kind: string; outcome: string; itemCount: number }[];
          total: number;
        }
      ).items.filter((item) => item.kind === 'queue');
    const [notice] = (
      (await api.get('/api/notifications?show=unread', people.tech.cookie)).json() as {
        items: { id: string }[];
      }
    ).items;
    expect(
      (await api.post(`/api/notifications/${notice!.id}/read`, people.tech.cookie)).statusCode,
    ).toBe(200);
    await submit(club, people.member, 'Coding sprint winner');
    // Earlier queue notices of this file, read and unread, are one line: the newest.
    expect(await listed('')).toEqual([
      expect.objectContaining({ kind: 'queue', outcome: 'achievements', itemCount: 1 }),
    ]);
    expect(await listed('?queues=none')).toEqual([]);
    expect((await api.get('/api/notifications?queues=some', people.tech.cookie)).statusCode).toBe(400);
  });
});

describe('open tabs hear a queue change', () => {
  const ctx = useTestApp();
  const { api, submit } = helpers(ctx);

  it("a reviewer's stream counts the settled notice, and the student's names the achievement, without asking", async () => {
    const { club, people } = await campusOf(ctx);
    const id = await submit(club, people.member, 'Line follower gold');
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    const tech = await openUnreadStream(url, people.tech.cookie);
    const member = await openUnreadStream(url, people.member.cookie);
    try {
      await tech.waitFor((count) => count === 1);
      await member.waitFor((count) => count === 0);
      const from = member.counts.length;
      expect(
        (await api.post(`/api/endorsements/achievements/${id}/verify`, people.president.cookie))
          .statusCode,
      ).toBe(200);
      await tech.waitFor((count) => count === 0, { from: 1 });
      await member.waitFor((count) => count === 1, { from });
      // Under load a tab's periodic recount may bring the new count before the change's own word,
      // which names its kind: wait for that word, as an open page does.
      await expect
        .poll(() => member.kinds.slice(from).flat(), { timeout: 5_000 })
        .toContain('achievement');
      await expect.poll(() => tech.kinds.slice(1).flat(), { timeout: 5_000 }).toContain('queue');
    } finally {
      tech.close();
      member.close();
    }
  });
});

describe('feedback about an official', () => {
  const ctx = useTestApp();
  const { api, queues, unreadQueueNotices } = helpers(ctx);
  const feedbackCount = async (person: Person) =>
    (await queues(person)).queues.find((queue) => queue.queue === 'feedback')?.count;

  it('is not counted in their own queue, and their notice settles once what they may resolve is resolved', async () => {
    const { club, people } = await campusOf(ctx);
    const give = async (targetType: string, targetId: string) => {
      const answer = await api.post('/api/feedback', people.member.cookie, {
        type: 'Complaint',
        targetType,
        targetId,
        comments: 'It went badly.',
        isAnonymous: true,
      });
      expect(answer.statusCode).toBe(201);
      return (answer.json() as { feedback: { id: string } }).feedback.id;
    };
    await give('User', people.tech.id);
    const aboutClub = await give('Club/Organization', club.id);
    // Only the feedback about the club is the technical secretary's to resolve.
    expect(await feedbackCount(people.tech)).toBe(1);
    expect(await feedbackCount(people.president)).toBe(2);
    expect(await unreadQueueNotices(people.tech)).toEqual(['feedback']);

    const resolved = await api.post(`/api/feedback/${aboutClub}/resolution`, people.president.cookie, {
      actionsTaken: 'Spoke to the club.',
    });
    expect(resolved.statusCode).toBe(200);
    // The complaint about her still waits, for another official: nothing waits for her.
    expect(await feedbackCount(people.tech)).toBe(0);
    expect(await unreadQueueNotices(people.tech)).toEqual([]);
    expect(await feedbackCount(people.president)).toBe(1);
  });
});
