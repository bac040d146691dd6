import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { announcements, users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { announcementClientOf } from '../../../test/announcement-test-client';

/** The readers count the database keeps on each announcement as its notifications are read (migration 0018). */
describe('the readers of an announcement', () => {
  const ctx = useTestApp();
  const client = announcementClientOf(ctx);
  const readers = async (id: string) =>
    (
      await ctx.db
        .select({ n: announcements.readers })
        .from(announcements)
        .where(eq(announcements.id, id))
    )[0]!.n;
  const readAll = (cookie: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { origin: 'http://localhost:3000', cookie },
    });

  it('counts each reader once, whether they read one or all, at the same moment as others, and forgets a reader who is removed', async () => {
    const author = await client.as('GENSEC_CULTURAL');
    const students = await Promise.all(Array.from({ length: 6 }, () => client.as('STUDENT')));
    const post = async (title: string) => {
      const response = await client.post(
        { title, body: 'See the notice board.', audience: 'everyone' },
        author.cookie,
      );
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: string }).id;
    };
    const diwali = await post('Diwali night');
    const quiz = await post('Quiz finals');
    expect([await readers(diwali), await readers(quiz)]).toEqual([0, 0]);

    // Five students mark everything read at once: both announcements, in every order, no deadlock.
    const results = await Promise.all(students.slice(0, 5).map((student) => readAll(student.cookie)));
    expect(results.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect([await readers(diwali), await readers(quiz)]).toEqual([5, 5]);

    // Reading again changes nothing.
    await readAll(students[0]!.cookie);
    expect(await readers(diwali)).toBe(5);

    // The sixth reads one of them only.
    const inbox = (await client.get('/api/notifications', students[5]!.cookie)).json() as {
      items: { id: string; subject: string }[];
    };
    const quizNotice = inbox.items.find((item) => item.subject === 'Quiz finals')!;
    await ctx.app.inject({
      method: 'POST',
      url: `/api/notifications/${quizNotice.id}/read`,
      headers: { origin: 'http://localhost:3000', cookie: students[5]!.cookie },
    });
    expect([await readers(diwali), await readers(quiz)]).toEqual([5, 6]);

    // A reader's account removed: their notifications go, and so does their read.
    await ctx.db.delete(users).where(eq(users.id, students[1]!.user.id));
    expect([await readers(diwali), await readers(quiz)]).toEqual([4, 5]);
    const listed = (await client.get('/api/announcements', author.cookie)).json() as {
      items: { title: string; recipients: number; readers: number }[];
    };
    expect(
      listed.items.map(({ title, recipients, readers: n }) => ({ title, recipients, readers: n })),
    ).toEqual([
      { title: 'Quiz finals', recipients: 6, readers: 5 },
      { title: 'Diwali night', recipients: 6, readers: 4 },
    ]);
  });
});
