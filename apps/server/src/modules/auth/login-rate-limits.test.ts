import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index';
import { hashPassword } from '../../lib/passwords';
import { browserOf, cookieOf, freshIp } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { FACTORY_PASSWORD, createPasswordResetToken, createUser } from '../../../test/factories';

const DOMAIN = 'iitbhilai.ac.in';
const TOO_MANY = /^Too many attempts\. Please wait \d+ minutes? and try again\.$/;

/**
 * Sign-in limits (5 per account and address in 15 minutes, 50 per account in an hour, and per
 * address three attempts an hour for each of PEOPLE_PER_ADDRESS: 60 with the 20 set here): every attempt is counted before its password is checked.
 */
describe('sign-in rate limits', () => {
  const ctx = useTestApp({ PEOPLE_PER_ADDRESS: '20' });
  const { post } = browserOf(ctx);
  const login = (email: string, password: string, ip: string, cookie?: string) =>
    post('/api/auth/login', { email, password }, { ip, ...(cookie ? { cookie } : {}) });
  const statusCounts = (statuses: number[]) =>
    statuses.reduce<Record<number, number>>(
      (counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }),
      {},
    );

  it('checks only 5 of 100 simultaneous sign-ins to one account from one address, the right password sent last', async () => {
    const user = await createUser(ctx.db);
    const ip = freshIp();
    const attempts = Array.from({ length: 100 }, (_, index) =>
      index === 99 ? FACTORY_PASSWORD : `Wrong#guess${index}`,
    );
    const answers = await Promise.all(attempts.map((password) => login(user.email, password, ip)));
    const counts = statusCounts(answers.map((answer) => answer.statusCode));
    expect(counts[429]).toBe(95);
    expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBe(5);
    const limited = await login(user.email, FACTORY_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(TOO_MANY),
    });
  });

  it('refuses the right password after 5 wrong ones from the same address, whatever the case of the e-mail', async () => {
    const user = await createUser(ctx.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(user.email, `Wrong#${attempt}xyz`, ip)).statusCode).toBe(401);
    expect((await login(user.email.toUpperCase(), FACTORY_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('does not lock the owner out from another address when someone guesses wrong on purpose from one', async () => {
    const user = await createUser(ctx.db);
    const attacker = freshIp();
    for (let attempt = 0; attempt < 40; attempt += 1)
      await login(user.email, `Wrong#${attempt}xyz`, attacker);
    expect((await login(user.email, FACTORY_PASSWORD, attacker)).statusCode).toBe(429);
    expect((await login(user.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('gives the count of a successful sign-in back', async () => {
    const user = await createUser(ctx.db);
    const ip = freshIp();
    for (let attempt = 0; attempt < 4; attempt += 1)
      expect((await login(user.email, `Wrong#${attempt}xyz`, ip)).statusCode).toBe(401);
    expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login(user.email, 'Wrong#fifth', ip)).statusCode).toBe(401);
    expect((await login(user.email, 'Wrong#sixth', ip)).statusCode).toBe(429);
  });

  it('allows 60 failed sign-ins per address across accounts in an hour, and does not count successful ones', async () => {
    const ip = freshIp();
    const user = await createUser(ctx.db);
    for (let attempt = 0; attempt < 12; attempt += 1)
      expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      expect((await login(`stranger${attempt}@${DOMAIN}`, 'Wrong#Password1', ip)).statusCode).toBe(401);
    }
    expect((await login(user.email, FACTORY_PASSWORD, ip)).statusCode).toBe(429);
    expect((await login(user.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(200);
  });

  it('stops slow guessing from many addresses at 50 failures per account in an hour', async () => {
    const user = await createUser(ctx.db);
    for (let address = 0; address < 10; address += 1) {
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1)
        expect((await login(user.email, `Wrong#${address}-${attempt}`, ip)).statusCode).toBe(401);
    }
    expect((await login(user.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(429);
  });

  it("spares the owner's own devices when strangers exhausted the account's and the address's limits", async () => {
    const user = await createUser(ctx.db);
    const device = cookieOf(await login(user.email, FACTORY_PASSWORD, freshIp()), 'cosa_device');
    expect(device).toBeDefined();
    for (let address = 0; address < 10; address += 1) {
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1)
        await login(user.email, `Wrong#${address}-${attempt}`, ip);
    }
    const campus = freshIp();
    for (let attempt = 0; attempt < 60; attempt += 1)
      await login(`stranger.k${attempt}@${DOMAIN}`, 'Wrong#Password1', campus);

    expect((await login(user.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(429);
    expect((await login(user.email, FACTORY_PASSWORD, freshIp(), device)).statusCode).toBe(200);
    expect((await login(user.email, FACTORY_PASSWORD, campus, device)).statusCode).toBe(200);
    // A device cookie not signed by the server, or another account's, spares nothing.
    const forged = `cosa_device=${user.id}`;
    expect((await login(user.email, FACTORY_PASSWORD, freshIp(), forged)).statusCode).toBe(429);
    const other = await createUser(ctx.db);
    const otherDevice = cookieOf(await login(other.email, FACTORY_PASSWORD, freshIp()), 'cosa_device');
    expect((await login(user.email, FACTORY_PASSWORD, freshIp(), otherDevice)).statusCode).toBe(429);
  });

  it('lets the owner in at once after a password reset, however many sign-ins strangers used up', async () => {
    const user = await createUser(ctx.db);
    for (let address = 0; address < 10; address += 1) {
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1)
        await login(user.email, `Wrong#${address}-${attempt}`, ip);
    }
    expect((await login(user.email, FACTORY_PASSWORD, freshIp())).statusCode).toBe(429);

    const { token } = await createPasswordResetToken(ctx.db, { userId: user.id });
    const reset = await post(`/api/auth/reset-password/${user.id}/${token}`, {
      password: 'Monsoon#2025',
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(user.email, 'Monsoon#2025', freshIp())).statusCode).toBe(200);
  });

  it('forgets a device once the password changes: a squatter keeps nothing after the owner resets it', async () => {
    const user = await createUser(ctx.db);
    const device = cookieOf(await login(user.email, FACTORY_PASSWORD, freshIp()), 'cosa_device')!;
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('Owner#New2025') })
      .where(eq(users.id, user.id));
    for (let address = 0; address < 10; address += 1) {
      const ip = freshIp();
      for (let attempt = 0; attempt < 5; attempt += 1)
        await login(user.email, `Wrong#${address}-${attempt}`, ip, device);
    }
    expect((await login(user.email, 'Owner#New2025', freshIp(), device)).statusCode).toBe(429);
  });

  it('still limits a known device per account and address', async () => {
    const user = await createUser(ctx.db);
    const ip = freshIp();
    const device = cookieOf(await login(user.email, FACTORY_PASSWORD, ip), 'cosa_device');
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await login(user.email, `Wrong#${attempt}xyz`, ip, device)).statusCode).toBe(401);
    expect((await login(user.email, FACTORY_PASSWORD, ip, device)).statusCode).toBe(429);
  });
});
