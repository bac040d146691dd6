import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { openPostgres, type DatabaseHandle } from '../src/db/client';
import {
  FACTORY_PASSWORD,
  createFeedback,
  createPosition,
  createRoomBooking,
  createStudent,
  createUser,
  findRoom,
} from './factories';
import { createCandidate, createOpenElection } from './factory-elections';
import { freshDay } from './room-test-client';
import { signInOver, spawnServerAt, type ServerAt } from './spawn-server';
import { copyTemplateOnServer } from './test-db';

/**
 * Two real server processes on one PostgreSQL database, as behind a load balancer. This file runs
 * only with DATABASE_URL (see vitest.config.ts): an embedded database belongs to one process.
 */
describe('two server processes on one PostgreSQL database', () => {
  let copy: Awaited<ReturnType<typeof copyTemplateOnServer>>;
  let database: DatabaseHandle;
  const servers: ServerAt[] = [];

  beforeAll(async () => {
    // An empty database: both processes migrate it as they start, at the same moment.
    copy = await copyTemplateOnServer(process.env.DATABASE_URL!, 'template0');
    const started = await Promise.all(
      [0, 1].map(() =>
        spawnServerAt(
          { DATABASE_URL: copy.url, SEED_DEMO: 'never', LOG_LEVEL: 'error' },
          'COSA Portal is running at',
        ),
      ),
    );
    servers.push(...started);
    database = await openPostgres(copy.url, { max: 2 });
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.close();
    await copy?.drop();
  });

  /** A president signed in on each process: [url, cookie] per process. */
  async function presidentOnEach(): Promise<{ url: string; cookie: string }[]> {
    const president = await createUser(database.db, { role: 'PRESIDENT' });
    return Promise.all(
      servers.map(async (server) => {
        const { status, cookie } = await signInOver(server.url, president.email, FACTORY_PASSWORD);
        expect(status).toBe(200);
        return { url: server.url, cookie };
      }),
    );
  }

  const send = (on: { url: string; cookie: string }, method: string, path: string, body: object) =>
    fetch(`${on.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', origin: on.url, cookie: on.cookie },
      body: JSON.stringify(body),
    });

  it('both start on a new database, migrating it once between them', async () => {
    for (const server of servers) {
      expect(server.output, server.output).toContain(`COSA Portal is running at ${server.url}`);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    }
  });

  it('accepts on one process the session made on the other, and ends it on both', async () => {
    const [a, b] = servers as [ServerAt, ServerAt];
    const user = await createUser(database.db, { role: 'PRESIDENT' });
    const { status, cookie } = await signInOver(a.url, user.email, FACTORY_PASSWORD);
    expect(status).toBe(200);
    expect(
      (
        (await (await fetch(`${b.url}/api/auth/session`, { headers: { cookie } })).json()) as {
          user: { id: string };
        }
      ).user.id,
    ).toBe(user.id);
    expect(
      (await fetch(`${b.url}/api/auth/logout`, { method: 'POST', headers: { cookie, origin: b.url } }))
        .status,
    ).toBe(204);
    expect(
      (
        (await (await fetch(`${a.url}/api/auth/session`, { headers: { cookie } })).json()) as {
          user: unknown;
        }
      ).user,
    ).toBeNull();
  });

  it('gives the only seat of a position to one of two appointments sent to both processes at once', async () => {
    const sides = await presidentOnEach();
    const position = await createPosition(database.db, { positionCount: 1, title: 'Sole Editor' });
    const people = await Promise.all(
      Array.from({ length: 10 }, async () => (await createStudent(database.db)).user),
    );
    const statuses = await Promise.all(
      people.map(async (person, index) => {
        const response = await send(sides[index % 2]!, 'POST', '/api/position-holders', {
          userId: person.id,
          positionId: position.id,
          tenureYear: '2026-2027',
          status: 'active',
          confirm: true,
        });
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
  });

  it('answers an edit with what it saved or with not found when the other process deletes the holding at once, never with an error', async () => {
    const sides = await presidentOnEach();
    const position = await createPosition(database.db, { positionCount: 3, title: 'Brief Editor' });
    const { user: person } = await createStudent(database.db);
    const holding = {
      userId: person.id,
      positionId: position.id,
      tenureYear: '2026-2027',
      confirm: true,
    };
    const answers: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const created = await send(sides[0]!, 'POST', '/api/position-holders', {
        ...holding,
        status: 'active',
      });
      expect(created.status).toBe(201);
      const { holder } = (await created.json()) as { holder: { id: string } };
      // The delete goes a moment after the edit, to land between the edit's commit and its answer.
      const [edited, deleted] = await Promise.all([
        send(sides[0]!, 'PUT', `/api/position-holders/${holder.id}`, {
          ...holding,
          status: 'completed',
        }),
        new Promise((resolve) => setTimeout(resolve, round % 8)).then(() =>
          fetch(`${sides[1]!.url}/api/position-holders/${holder.id}`, {
            method: 'DELETE',
            headers: { origin: sides[1]!.url, cookie: sides[1]!.cookie },
          }),
        ),
      ]);
      expect(deleted.status).toBe(204);
      expect([200, 404], `round ${round}: ${await edited.text()}`).toContain(edited.status);
      answers.push(edited.status);
    }
    expect(answers).toContain(200);
  });

  it('approves one of two overlapping room requests decided on both processes at once, five times over', async () => {
    const sides = await presidentOnEach();
    const room = await findRoom(database.db, 'Room A');
    for (let round = 0; round < 5; round += 1) {
      const date = freshDay();
      const a = await createRoomBooking(database.db, {
        roomId: room.id,
        date,
        startTime: '10:00',
        endTime: '12:00',
      });
      const b = await createRoomBooking(database.db, {
        roomId: room.id,
        date,
        startTime: '11:00',
        endTime: '13:00',
      });
      const statuses = await Promise.all([
        send(sides[0]!, 'PATCH', `/api/room-bookings/${a.id}`, { status: 'Approved' }),
        send(sides[1]!, 'PATCH', `/api/room-bookings/${b.id}`, { status: 'Approved' }),
      ]);
      expect(statuses.map((response) => response.status).sort()).toEqual([200, 409]);
    }
  });

  it('resolves a feedback once when both processes resolve it at once, five times over', async () => {
    const sides = await presidentOnEach();
    for (let round = 0; round < 5; round += 1) {
      const item = await createFeedback(database.db, { type: 'Complaint' });
      const statuses = await Promise.all(
        sides.map((side, index) =>
          send(side, 'POST', `/api/feedback/${item.id}/resolution`, {
            actionsTaken: `Resolved on process ${index + 1}.`,
          }),
        ),
      );
      expect(statuses.map((response) => response.status).sort()).toEqual([200, 409]);
    }
  });
  it('takes one ballot of a voter who votes from two browsers on both processes at once, ten times each', async () => {
    const { post } = await createOpenElection(database.db);
    const { user: standing } = await createStudent(database.db);
    const candidate = await createCandidate(database.db, post.id, standing.id);
    const { user: voter } = await createStudent(database.db);
    // Two browsers, each signed in on its own process.
    const browsers = await Promise.all(
      servers.map(async (server) => {
        const { status, cookie } = await signInOver(server.url, voter.email, FACTORY_PASSWORD);
        expect(status).toBe(200);
        return { url: server.url, cookie };
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send(browsers[i % 2]!, 'POST', `/api/elections/posts/${post.id}/ballots`, {
          ranking: [candidate.id],
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const refusals = await Promise.all(
      answers.filter((answer) => answer.status === 409).map(async (answer) => answer.json()),
    );
    expect(
      new Set(refusals.map((body) => (body as { error: { message: string } }).error.message)),
    ).toEqual(new Set(['You have already voted for this post.']));
    const [stored] = rowsOf<{ ballots: number; voted: number }>(
      await database.db.execute(sql`
        select (select count(*)::int from ballots where post_id = ${post.id}::uuid) as ballots,
          (select count(*)::int from ballot_participations where post_id = ${post.id}::uuid) as voted`),
    );
    expect(stored).toEqual({ ballots: 1, voted: 1 });
  });
});
