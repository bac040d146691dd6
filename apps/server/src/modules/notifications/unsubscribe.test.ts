import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { notifications, notificationSettings, users } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { serverSecret } from '../../lib/server-secrets';
import { createUser } from '../../../test/factories';
import { openTestDatabase } from '../../../test/test-db';
import { unsubscribe, unsubscribeToken } from './unsubscribe.service';

let handle: DatabaseHandle;
let secret: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  secret = await serverSecret(handle.db, 'unsubscribe-links');
});
afterAll(async () => {
  await handle?.close();
});

const settingsOf = async (userId: string) =>
  (
    await handle.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId))
  )[0];

async function refusal(token: string): Promise<unknown> {
  return unsubscribe(handle.db, secret, token).then(
    () => 'accepted',
    (error: unknown) => error,
  );
}

function expectRefused(error: unknown) {
  expect(error).toBeInstanceOf(AppError);
  expect(error).toMatchObject({
    statusCode: 400,
    code: 'BAD_REQUEST',
    message: 'This unsubscribe link is not valid.',
  });
}

describe('unsubscribe links', () => {
  it('a token is compact, URL-safe and the same each time for one person and kind', async () => {
    const asha = await createUser(handle.db, { email: 'asha.unsub@iitbhilai.ac.in' });
    const token = unsubscribeToken(secret, asha.id, 'booking');
    expect(token).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(token.length).toBeLessThanOrEqual(100);
    expect(unsubscribeToken(secret, asha.id, 'booking')).toBe(token);
    expect(unsubscribeToken(secret, asha.id, 'skill')).not.toBe(token);
    expect(token).not.toContain(asha.email);
  });

  it('stops e-mails of the kind it names, creating the settings with the default digest hour, and what of that kind waits unsent', async () => {
    const asha = await createUser(handle.db, { email: 'asha.verma@iitbhilai.ac.in' });
    const base = { userId: asha.id, subject: 'Lecture Hall 1', link: '/room-booking' };
    const [waiting] = await handle.db
      .insert(notifications)
      .values({ ...base, kind: 'booking', outcome: 'approved', delivery: 'instant' })
      .returning();
    const [sent] = await handle.db
      .insert(notifications)
      .values({
        ...base,
        kind: 'booking',
        outcome: 'rejected',
        delivery: 'instant',
        emailedAt: new Date(),
      })
      .returning();
    const [other] = await handle.db
      .insert(notifications)
      .values({ ...base, kind: 'achievement', outcome: 'verified', delivery: 'instant' })
      .returning();

    const result = await unsubscribe(handle.db, secret, unsubscribeToken(secret, asha.id, 'booking'));

    expect(result).toEqual({ kind: 'booking', email: 'a•••@iitbhilai.ac.in' });
    expect(await settingsOf(asha.id)).toMatchObject({ deliveries: { booking: 'app' }, digestHour: 18 });
    const delivery = async (id: string) =>
      (await handle.db.select().from(notifications).where(eq(notifications.id, id)))[0]!.delivery;
    expect(await delivery(waiting!.id)).toBe('app');
    expect(await delivery(sent!.id)).toBe('instant');
    expect(await delivery(other!.id)).toBe('instant');
  });

  it("keeps a person's other choices and digest hour", async () => {
    const ravi = await createUser(handle.db, { email: 'ravi.unsub@iitbhilai.ac.in' });
    await handle.db
      .insert(notificationSettings)
      .values({ userId: ravi.id, deliveries: { queue: 'instant', skill: 'digest' }, digestHour: 7 });

    await unsubscribe(handle.db, secret, unsubscribeToken(secret, ravi.id, 'skill'));

    expect(await settingsOf(ravi.id)).toMatchObject({
      deliveries: { queue: 'instant', skill: 'app' },
      digestHour: 7,
    });
  });

  it('following the link again changes nothing and answers the same', async () => {
    const meera = await createUser(handle.db, { email: 'meera.unsub@iitbhilai.ac.in' });
    const token = unsubscribeToken(secret, meera.id, 'feedback');

    const first = await unsubscribe(handle.db, secret, token);
    const settings = await settingsOf(meera.id);
    const again = await unsubscribe(handle.db, secret, token);

    expect(again).toEqual(first);
    expect(again).toEqual({ kind: 'feedback', email: 'm•••@iitbhilai.ac.in' });
    expect((await settingsOf(meera.id))!.deliveries).toEqual(settings!.deliveries);
    expect((await settingsOf(meera.id))!.deliveries).toEqual({ feedback: 'app' });
  });

  it('refuses a forged or altered token and changes nothing', async () => {
    const kabir = await createUser(handle.db, { email: 'kabir.unsub@iitbhilai.ac.in' });
    const other = await createUser(handle.db, { email: 'other.unsub@iitbhilai.ac.in' });
    const token = unsubscribeToken(secret, kabir.id, 'achievement');
    const [id, kind, signature] = token.split('.') as [string, string, string];
    const otherId = unsubscribeToken(secret, other.id, 'achievement').split('.')[0]!;
    const flip = (text: string, at: number) =>
      `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
    // The last of the id's 22 characters carries 2 bits of it and 4 spare ones: another lowest bit names the same id.
    const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = `${id.slice(0, -1)}${ALPHABET[ALPHABET.indexOf(id.at(-1)!) ^ 1]}`;

    const tampered = [
      unsubscribeToken('another-secret', kabir.id, 'achievement'),
      `${id}.skill.${signature}`,
      `${otherId}.${kind}.${signature}`,
      `${id}.${kind}.${flip(signature, 10)}`,
      `${flip(id, 3)}.${kind}.${signature}`,
      `${spare}.${kind}.${signature}`,
      `${id}.${kind}.${signature.slice(0, -2)}`,
      `${id}.nonsense.${signature}`,
      `${id}.${kind}`,
      token.toUpperCase(),
      '',
      'not a token',
    ];
    for (const forged of tampered) expectRefused(await refusal(forged));

    expect(await settingsOf(kabir.id)).toBeUndefined();
    expect(await settingsOf(other.id)).toBeUndefined();
  });

  it('lets a deactivated account unsubscribe, and refuses the link of a deleted one', async () => {
    const left = await createUser(handle.db, {
      email: 'left.unsub@iitbhilai.ac.in',
      deactivatedAt: new Date(),
    });
    expect(
      await unsubscribe(handle.db, secret, unsubscribeToken(secret, left.id, 'announcement')),
    ).toEqual({ kind: 'announcement', email: 'l•••@iitbhilai.ac.in' });

    const gone = await createUser(handle.db, { email: 'gone.unsub@iitbhilai.ac.in' });
    const token = unsubscribeToken(secret, gone.id, 'skill');
    await handle.db.delete(users).where(eq(users.id, gone.id));
    expectRefused(await refusal(token));
    expect(await settingsOf(gone.id)).toBeUndefined();
  });
});
