import { describe, expect, it } from 'vitest';
import { browserOf } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';

const DOMAIN = 'iitbhilai.ac.in';
/** A hostel's NAT: every student of the campus reaches the portal from this one address. */
const HOSTEL_NAT = '10.200.0.1';

/** Runs the calls `width` at a time and gives their status codes in order. */
async function inWaves(count: number, width: number, call: (index: number) => Promise<number>) {
  const statuses: number[] = [];
  for (let start = 0; start < count; start += width) {
    const wave = Array.from({ length: Math.min(width, count - start) }, (_, k) => call(start + k));
    statuses.push(...(await Promise.all(wave)));
  }
  return statuses;
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe('a campus behind one address', () => {
  // The default limits: nothing in the environment sizes them.
  const ctx = useTestApp();
  const { post } = browserOf(ctx);

  const registration = (n: number, prefix: string) => ({
    name: `Student ${prefix} ${n}`,
    studentId: String((prefix === 'honest' ? 23_100_000 : 24_100_000) + n),
    email: `${prefix}.student${n}@${DOMAIN}`,
    password: 'Orchid#2024',
  });

  it('lets 500 students register and sign in from one address within an hour, yet refuses a flood of 10,000 from it', async () => {
    const registered = await inWaves(500, 10, async (n) => {
      const response = await post('/api/auth/register', registration(n, 'honest'), { ip: HOSTEL_NAT });
      return response.statusCode;
    });
    expect(tally(registered)).toEqual({ 201: 500 });

    const signedIn = await inWaves(500, 10, async (n) => {
      const { email, password } = registration(n, 'honest');
      return (await post('/api/auth/login', { email, password }, { ip: HOSTEL_NAT })).statusCode;
    });
    expect(tally(signedIn)).toEqual({ 200: 500 });

    // Then someone on the same network scripts registrations: the address's hourly allowance of
    // 600 leaves at most 100 more, and every other attempt of the 10,000 is refused.
    const flood = tally(
      await inWaves(10_000, 50, async (n) => {
        const response = await post('/api/auth/register', registration(n, 'flood'), { ip: HOSTEL_NAT });
        return response.statusCode;
      }),
    );
    expect(flood[201]).toBe(100);
    expect(flood[429]).toBe(9_900);
  }, 240_000);
});
