import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';
import { createStudent } from '../../../test/factories';
import { signInAs } from '../../../test/auth-helpers';

const ctx = useTestApp();
const client = membershipClientOf(ctx);

describe('who may join how', () => {
  it('keeps a coordinator from joining their own club, and says so when an invitation already waits', async () => {
    const { club, coordinator } = await client.club('Kite Club');
    await client.open(club.id, coordinator.cookie);
    const own = await client.ask(club.id, coordinator.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error.message).toBe(
      'You coordinate this club, so you cannot ask to join it or invite yourself.',
    );
    // A coordinator who studies at the institute cannot invite themselves either.
    const { user: studying } = await createStudent(ctx.db, { name: 'Lata Coordinator' });
    await ctx.db
      .update(users)
      .set({ role: 'CLUB_COORDINATOR', clubUnitId: club.id })
      .where(eq(users.id, studying.id));
    const self = await client.inject(
      'POST',
      `/api/clubs/${club.id}/invitations`,
      await signInAs(ctx, studying),
      { studentId: studying.studentId },
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().error.fields).toEqual({
      studentId: 'You coordinate this club, so you cannot ask to join it or invite yourself.',
    });

    const asha = await client.student('Asha Menon');
    const url = `/api/clubs/${club.id}/invitations`;
    expect(
      (await client.inject('POST', url, coordinator.cookie, { studentId: asha.user.studentId }))
        .statusCode,
    ).toBe(201);
    const asked = await client.ask(club.id, asha.cookie);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error.message).toBe('This club has invited you: answer its invitation instead.');
  });
});

describe('invitations in an hour', () => {
  it("refuses a coordinator's 61st invitation of the hour with 429, refused ones counted", async () => {
    const { club, coordinator } = await client.club('Quilting Club');
    const url = `/api/clubs/${club.id}/invitations`;
    const asha = await client.student('Asha Pillai');
    const first = await client.inject('POST', url, coordinator.cookie, {
      studentId: asha.user.studentId,
    });
    expect(first.statusCode).toBe(201);
    // Fifty-nine more for the same student: each refused, each counted.
    for (let n = 0; n < 59; n += 1)
      expect(
        (await client.inject('POST', url, coordinator.cookie, { studentId: asha.user.studentId }))
          .statusCode,
      ).toBe(409);
    const ravi = await client.student('Ravi Iyer');
    const over = await client.inject('POST', url, coordinator.cookie, {
      studentId: ravi.user.studentId,
    });
    expect(over.statusCode).toBe(429);
    expect(over.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
    );
    expect(await client.requestsOf(club.id, ravi.user.id)).toEqual([]);
  });
});

describe('a retired club', () => {
  it('ends its memberships, withdraws what waits, and its invitation can no longer be accepted', async () => {
    const { club, coordinator } = await client.club('Radio Club');
    await client.open(club.id, coordinator.cookie);
    const member = await client.student('Mohan Das');
    const asking = await client.student('Neha Roy');
    const invited = await client.student('Omkar Jain');
    const requestId = (await client.ask(club.id, member.cookie)).json().request.id as string;
    await client.decide(club.id, requestId, { decision: 'accept' }, coordinator.cookie);
    expect((await client.ask(club.id, asking.cookie)).statusCode).toBe(201);
    const invitation = await client.inject(
      'POST',
      `/api/clubs/${club.id}/invitations`,
      coordinator.cookie,
      {
        studentId: invited.user.studentId,
      },
    );
    const invitationId = invitation.json().request.id as string;

    // The administrator unlinks the coordinator, then retires the club.
    await ctx.db.update(users).set({ clubUnitId: null }).where(eq(users.id, coordinator.user.id));
    const admin = await client.as('ADMIN');
    const retired = await client.inject('POST', `/api/admin/units/${club.id}/retirement`, admin.cookie);
    expect(retired.statusCode).toBe(200);

    const [period] = await client.periodsOf(club.id, member.user.id);
    expect(period).toMatchObject({ endReason: 'The club was retired' });
    expect(period!.endedAt).not.toBeNull();
    const mine = await client.inject('GET', '/api/me/club-memberships', member.cookie);
    expect(mine.json().items).toMatchObject([{ endReason: 'The club was retired' }]);
    expect((await client.requestsOf(club.id, asking.user.id)).map((r) => r.status)).toEqual([
      'withdrawn',
    ]);
    const accept = await client.inject(
      'POST',
      `/api/me/club-invitations/${invitationId}/decision`,
      invited.cookie,
      { decision: 'accept' },
    );
    expect(accept.statusCode).toBe(404);
    expect(await client.periodsOf(club.id, invited.user.id)).toEqual([]);
  });
});
