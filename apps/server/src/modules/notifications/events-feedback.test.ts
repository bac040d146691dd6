import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import {
  createEvent,
  createPosition,
  createPositionHolder,
  createStudent,
} from '../../../test/factories';
import {
  campusOf,
  clientOf,
  markAllRead,
  sorted,
  startEachTestAfresh,
  unread,
} from '../../../test/events-inbox';

const UNRESOLVED = '/viewfeedback?status=unresolved';
const OFFICIALS = ['tech', 'acad', 'cult', 'sport', 'president'];

const queue = (to: string, subject: string, items = 1) => ({
  to,
  kind: 'queue',
  outcome: 'feedback',
  subject,
  detail: null,
  link: UNRESOLVED,
  items,
});
const form = (targetType: string, targetId: string, isAnonymous = false) => ({
  type: 'Suggestion',
  targetType,
  targetId,
  rating: 3,
  comments: 'More practice sessions, please.',
  isAnonymous,
});

describe('notifications of feedback', () => {
  const ctx = useTestApp();
  const api = clientOf(ctx);
  startEachTestAfresh(ctx);

  it('new feedback reaches the officials and the coordinators of the club it is about, never its author', async () => {
    const { club, otherClub, people } = await campusOf(ctx, 'Chess Club');
    expect(
      (await api.post('/api/feedback', people.member.cookie, form('Club/Organization', club.id)))
        .statusCode,
    ).toBe(201);
    expect(await unread(ctx, people)).toEqual(
      sorted([...OFFICIALS, 'coordinator'].map((to) => queue(to, 'Chess Club'))),
    );

    const event = await createEvent(ctx.db, { title: 'Blitz Night', organizingUnitId: otherClub.id });
    await api.post('/api/feedback', people.member.cookie, form('Event', event.id));
    expect(await unread(ctx, people)).toEqual(
      sorted([
        ...OFFICIALS.map((to) => queue(to, 'Blitz Night', 2)),
        queue('coordinator', 'Chess Club'),
        queue('otherCoordinator', 'Blitz Night'),
      ]),
    );
  });

  it('feedback about a person goes to their club and the officials but not to them; about a position, not to its holder', async () => {
    const { club, seat, people } = await campusOf(ctx, 'Quiz Club');
    const { user: target } = await createStudent(ctx.db, { name: 'Nikhil Rao' });
    await createPositionHolder(ctx.db, { userId: target.id, positionId: seat.id, status: 'active' });
    expect(
      (await api.post('/api/feedback', people.loner.cookie, form('User', target.id))).statusCode,
    ).toBe(201);
    expect(await unread(ctx, { ...people, target })).toEqual(
      sorted([...OFFICIALS, 'coordinator'].map((to) => queue(to, 'Nikhil Rao'))),
    );

    const captain = await createPosition(ctx.db, {
      unitId: club.id,
      title: 'Quiz Captain',
      skillsRequired: [],
    });
    await createPositionHolder(ctx.db, {
      userId: people.sport.id,
      positionId: captain.id,
      status: 'active',
    });
    await api.post('/api/feedback', people.loner.cookie, form('POR', captain.id));
    expect(await unread(ctx, { ...people, target })).toEqual(
      sorted([
        ...['tech', 'acad', 'cult', 'president', 'coordinator'].map((to) =>
          queue(to, 'Quiz Captain', 2),
        ),
        queue('sport', 'Nikhil Rao'),
      ]),
    );
  });

  it('resolving tells the author alone, with the actions taken, on the page of their feedback', async () => {
    const { club, people } = await campusOf(ctx, 'Dance Club');
    const sent = await api.post(
      '/api/feedback',
      people.member.cookie,
      form('Club/Organization', club.id),
    );
    await markAllRead(ctx);
    const resolved = await api.post(
      `/api/feedback/${sent.json().feedback.id}/resolution`,
      people.coordinator.cookie,
      { actionsTaken: 'Added a Saturday practice slot.' },
    );
    expect(resolved.statusCode).toBe(200);
    expect(await unread(ctx, people)).toEqual([
      {
        to: 'member',
        kind: 'feedback',
        outcome: 'resolved',
        subject: 'Dance Club',
        detail: 'Added a Saturday practice slot.',
        link: '/viewfeedback?status=resolved',
        items: 1,
      },
    ]);
  });

  it('anonymous feedback: its author is told of the resolution, and nothing anyone else receives or lists names them', async () => {
    const { club, people } = await campusOf(ctx, 'Photography Club');
    const author = people.loner;
    const sent = await api.post('/api/feedback', author.cookie, {
      ...form('Club/Organization', club.id, true),
      comments: 'The darkroom is always locked.',
    });
    expect(sent.statusCode).toBe(201);
    const resolved = await api.post(
      `/api/feedback/${sent.json().feedback.id}/resolution`,
      people.president.cookie,
      { actionsTaken: 'The darkroom key is now at the front desk.' },
    );
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json().feedback.author).toBeNull();

    const all = await unread(ctx, people);
    expect(all.filter((n) => n.to === 'loner')).toEqual([
      {
        to: 'loner',
        kind: 'feedback',
        outcome: 'resolved',
        subject: 'Photography Club',
        detail: 'The darkroom key is now at the front desk.',
        link: '/viewfeedback?status=resolved',
        items: 1,
      },
    ]);
    const others = all.filter((n) => n.to !== 'loner');
    const rowsOfOthers = JSON.stringify(others);
    for (const clue of [author.id, author.name, author.username, author.email])
      expect(rowsOfOthers).not.toContain(clue);
    expect(others.map((n) => `${n.to} ${n.kind} ${n.subject}`).sort()).toEqual(
      ['acad', 'coordinator', 'cult', 'president', 'sport', 'tech'].map(
        (to) => `${to} queue Photography Club`,
      ),
    );
    for (const viewer of [people.president, people.coordinator, people.tech]) {
      const listed = await api.get('/api/feedback', viewer.cookie);
      const item = listed
        .json()
        .items.find((each: { id: string }) => each.id === sent.json().feedback.id);
      expect(item.author).toBeNull();
      for (const clue of [author.id, author.name, author.username])
        expect(listed.body).not.toContain(clue);
    }
  });

  it('an official resolving their own feedback is not told; a second resolution (409) tells nobody', async () => {
    const { people } = await campusOf(ctx, 'Debate Club');
    const event = await createEvent(ctx.db, { title: 'Parliamentary Debate' });
    const sent = await api.post('/api/feedback', people.acad.cookie, form('Event', event.id));
    expect((await unread(ctx, people)).map((n) => n.to)).toEqual(['cult', 'president', 'sport', 'tech']);
    await markAllRead(ctx);

    const id = sent.json().feedback.id;
    expect(
      (
        await api.post(`/api/feedback/${id}/resolution`, people.acad.cookie, {
          actionsTaken: 'Moved it to the larger hall.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await api.post(`/api/feedback/${id}/resolution`, people.president.cookie, {
          actionsTaken: 'Also done.',
        })
      ).statusCode,
    ).toBe(409);
    expect(await unread(ctx, people)).toEqual([]);
  });
});
