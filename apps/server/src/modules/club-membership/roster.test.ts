import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';

const ctx = useTestApp();
const client = membershipClientOf(ctx);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** A club with `names` as its members, accepted from their requests. */
async function clubWith(clubName: string, ...names: string[]) {
  const made = await client.club(clubName);
  await client.open(made.club.id, made.coordinator.cookie);
  const members = [];
  for (const name of names) {
    const student = await client.student(name);
    const id = (await client.ask(made.club.id, student.cookie)).json().request.id as string;
    await client.decide(made.club.id, id, { decision: 'accept' }, made.coordinator.cookie);
    const [period] = await client.periodsOf(made.club.id, student.user.id);
    members.push({ ...student, membershipId: period!.id });
  }
  return { ...made, members };
}

describe('invitations', () => {
  it('the coordinator invites by student ID; the student sees and accepts it, once', async () => {
    const { club, coordinator } = await client.club('Coding Club');
    const other = await client.club('Art Club');
    const asha = await client.student('Asha Verma');
    const url = `/api/clubs/${club.id}/invitations`;
    const body = { studentId: asha.user.studentId };
    expect((await client.inject('POST', url, undefined, body)).statusCode).toBe(401);
    expect((await client.inject('POST', url, asha.cookie, body)).statusCode).toBe(403);
    expect((await client.inject('POST', url, other.coordinator.cookie, body)).statusCode).toBe(403);
    const letters = await client.inject('POST', url, coordinator.cookie, { studentId: '12ab' });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().error.fields).toEqual({ studentId: 'Student ID must contain digits only.' });
    const nobody = await client.inject('POST', url, coordinator.cookie, { studentId: '99999999999' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json().error.fields).toEqual({ studentId: 'No student has this student ID.' });

    const invited = await client.inject('POST', url, coordinator.cookie, body);
    expect(invited.statusCode).toBe(201);
    expect(invited.json().request).toMatchObject({
      kind: 'invitation',
      status: 'pending',
      club: { name: 'Coding Club' },
    });
    const twice = await client.inject('POST', url, coordinator.cookie, body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      'This student already has an invitation or a request waiting.',
    );
    expect(await client.noticesOf(asha.user.id)).toEqual([
      { outcome: 'invited', subject: 'Coding Club', detail: null },
    ]);

    expect((await client.inject('GET', '/api/me/club-invitations')).statusCode).toBe(401);
    const mine = await client.inject('GET', '/api/me/club-invitations', asha.cookie);
    expect(mine.json().items.map((i: { id: string; status: string }) => [i.id, i.status])).toEqual([
      [invited.json().request.id, 'pending'],
    ]);

    const decision = `/api/me/club-invitations/${invited.json().request.id}/decision`;
    const ravi = await client.student('Ravi Nair');
    expect((await client.inject('POST', decision, undefined, { decision: 'accept' })).statusCode).toBe(
      401,
    );
    expect((await client.inject('POST', decision, ravi.cookie, { decision: 'accept' })).statusCode).toBe(
      404,
    );
    const bad = await client.inject('POST', decision, asha.cookie, { decision: 'yes' });
    expect(bad.json().error.fields).toEqual({ decision: 'Choose accept or decline.' });
    const accepted = await client.inject('POST', decision, asha.cookie, { decision: 'accept' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request.status).toBe('accepted');
    const again = await client.inject('POST', decision, asha.cookie, { decision: 'decline' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This invitation has already been answered.');
    const member = await client.inject('POST', url, coordinator.cookie, body);
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe('This student is already a member of this club.');
  });
});

describe('a member leaves and keeps the past period', () => {
  it('GET /api/me/club-memberships and DELETE /api/clubs/:unitId/membership', async () => {
    const { club, members } = await clubWith('Hiking Club', 'Asha Verma');
    const asha = members[0]!;
    const admin = await client.as('ADMIN');
    expect((await client.inject('GET', '/api/me/club-memberships')).statusCode).toBe(401);
    // The administrator belongs to no club: an empty list, as for their registrations.
    const adminList = await client.inject('GET', '/api/me/club-memberships', admin.cookie);
    expect(adminList.statusCode).toBe(200);
    expect(adminList.json()).toEqual({ items: [] });
    expect((await client.leave(club.id)).statusCode).toBe(401);
    expect((await client.leave(UNKNOWN, asha.cookie)).statusCode).toBe(404);
    const left = await client.leave(club.id, asha.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json().membership).toMatchObject({
      club: { name: 'Hiking Club' },
      role: 'Member',
      endReason: 'Left the club',
    });
    expect(left.json().membership.endedAt).not.toBeNull();
    const again = await client.leave(club.id, asha.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are not a member of this club.');
    const mine = await client.inject('GET', '/api/me/club-memberships', asha.cookie);
    expect(
      mine
        .json()
        .items.map((m: { club: { name: string }; endReason: string }) => [m.club.name, m.endReason]),
    ).toEqual([['Hiking Club', 'Left the club']]);
  });
});

describe('GET /api/clubs/:unitId/members', () => {
  it('pages the roster, current or past, searched by name or student ID, for the coordinator, officials and administrator', async () => {
    const { club, coordinator, members } = await clubWith(
      'Robotics Guild',
      'Asha Verma',
      'Ravi Nair',
      'Meera Iyer',
    );
    const other = await client.club('Poetry Club');
    await client.leave(club.id, members[2]!.cookie);
    const url = `/api/clubs/${club.id}/members`;
    expect((await client.inject('GET', url)).statusCode).toBe(401);
    expect((await client.inject('GET', url, members[0]!.cookie)).statusCode).toBe(403);
    expect((await client.inject('GET', url, other.coordinator.cookie)).statusCode).toBe(403);
    expect((await client.inject('GET', `${url}?status=gone`, coordinator.cookie)).statusCode).toBe(400);
    expect(
      (await client.inject('GET', `/api/clubs/${UNKNOWN}/members`, (await client.as('ADMIN')).cookie))
        .statusCode,
    ).toBe(404);

    const current = await client.inject('GET', `${url}?pageSize=1`, coordinator.cookie);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ total: 2, overall: 2, page: 1, pageSize: 1 });
    expect(current.json().items).toEqual([
      {
        id: members[0]!.membershipId,
        student: { id: members[0]!.user.id, name: 'Asha Verma', studentId: members[0]!.user.studentId },
        role: 'Member',
        offices: [],
        startedAt: expect.any(String),
        endedAt: null,
        endReason: null,
      },
    ]);
    const president = await client.as('PRESIDENT');
    const past = await client.inject('GET', `${url}?status=past`, president.cookie);
    expect(
      past
        .json()
        .items.map((m: { student: { name: string }; endReason: string }) => [
          m.student.name,
          m.endReason,
        ]),
    ).toEqual([['Meera Iyer', 'Left the club']]);
    const admin = await client.as('ADMIN');
    const byName = await client.inject('GET', `${url}?status=all&q=ravi`, admin.cookie);
    expect(byName.json().items.map((m: { student: { name: string } }) => m.student.name)).toEqual([
      'Ravi Nair',
    ]);
    expect(byName.json()).toMatchObject({ total: 1, overall: 3 });
    // A page past the last still counts, and a search finding no one counts the status.
    const beyond = await client.inject('GET', `${url}?pageSize=1&page=7`, coordinator.cookie);
    expect(beyond.json()).toMatchObject({ items: [], total: 2, overall: 2, page: 7 });
    const nobody = await client.inject('GET', `${url}?status=all&q=zzz`, coordinator.cookie);
    expect(nobody.json()).toMatchObject({ items: [], total: 0, overall: 3 });
    const byId = await client.inject(
      'GET',
      `${url}?q=${members[1]!.user.studentId}`,
      coordinator.cookie,
    );
    expect(byId.json().items.map((m: { student: { name: string } }) => m.student.name)).toEqual([
      'Ravi Nair',
    ]);
  });
});

describe('the coordinator names roles and removes members', () => {
  it('PATCH /api/clubs/:unitId/members/:membershipId and POST .../removal', async () => {
    const { club, coordinator, members } = await clubWith('Sailing Club', 'Asha Verma');
    const other = await client.club('Rowing Club');
    const asha = members[0]!;
    const url = `/api/clubs/${club.id}/members/${asha.membershipId}`;
    expect((await client.inject('PATCH', url, undefined, { role: 'Core member' })).statusCode).toBe(401);
    expect((await client.inject('PATCH', url, asha.cookie, { role: 'Core member' })).statusCode).toBe(
      403,
    );
    expect(
      (await client.inject('PATCH', url, other.coordinator.cookie, { role: 'Core member' })).statusCode,
    ).toBe(403);
    const long = await client.inject('PATCH', url, coordinator.cookie, { role: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ role: 'A role is 1 to 40 characters.' });
    expect(
      (
        await client.inject('PATCH', `/api/clubs/${club.id}/members/${UNKNOWN}`, coordinator.cookie, {
          role: 'Lead',
        })
      ).statusCode,
    ).toBe(404);
    const renamed = await client.inject('PATCH', url, coordinator.cookie, { role: ' Core member ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().member).toMatchObject({ role: 'Core member', endedAt: null });

    const removal = `${url}/removal`;
    expect((await client.inject('POST', removal, undefined, { reason: 'x' })).statusCode).toBe(401);
    expect((await client.inject('POST', removal, asha.cookie, { reason: 'x' })).statusCode).toBe(403);
    expect(
      (await client.inject('POST', removal, other.coordinator.cookie, { reason: 'x' })).statusCode,
    ).toBe(403);
    const noReason = await client.inject('POST', removal, coordinator.cookie, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Give a reason the student can read.' });
    const removed = await client.inject('POST', removal, coordinator.cookie, {
      reason: 'Missed every meeting.',
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().member).toMatchObject({
      role: 'Core member',
      endReason: 'Missed every meeting.',
    });
    expect(await client.noticesOf(asha.user.id)).toContainEqual({
      outcome: 'removed',
      subject: 'Sailing Club',
      detail: 'Missed every meeting.',
    });
    const twice = await client.inject('POST', removal, coordinator.cookie, { reason: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This membership has already ended.');
    const renameEnded = await client.inject('PATCH', url, coordinator.cookie, { role: 'Lead' });
    expect(renameEnded.statusCode).toBe(409);
  });
});
