import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { membershipClientOf } from '../../../test/club-membership-client';

const ctx = useTestApp();
const client = membershipClientOf(ctx);
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('PUT /api/clubs/:unitId/recruiting', () => {
  it('opens the club for its coordinator, refusing everyone else', async () => {
    const { club, coordinator } = await client.club('Coding Club');
    const other = await client.club('Drama Club');
    const student = await client.student('Asha Verma');
    const url = `/api/clubs/${club.id}/recruiting`;
    const body = { recruiting: true, joinQuestion: 'Why do you want to join?' };
    expect((await client.inject('PUT', url, undefined, body)).statusCode).toBe(401);
    expect((await client.inject('PUT', url, student.cookie, body)).statusCode).toBe(403);
    const foreign = await client.inject('PUT', url, other.coordinator.cookie, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.message).toBe('Only the coordinator of this club can do this.');
    const unknown = await client.inject(
      'PUT',
      `/api/clubs/${UNKNOWN}/recruiting`,
      coordinator.cookie,
      body,
    );
    expect(unknown.statusCode).toBe(404);
    const bad = await client.inject('PUT', url, coordinator.cookie, { joinQuestion: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      recruiting: 'Say whether the club is taking new members.',
    });
    const ok = await client.inject('PUT', url, coordinator.cookie, body);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ recruiting: true, joinQuestion: 'Why do you want to join?' });
  });
});

describe('POST /api/clubs/:unitId/join-requests', () => {
  it('takes a request with the answer, tells the coordinator, and refuses a second, a member and a closed club', async () => {
    const { club, coordinator } = await client.club('Quiz Club');
    const closed = await client.club('Chess Club');
    const asha = await client.student('Asha Verma');
    const admin = await client.as('ADMIN');
    expect((await client.ask(club.id)).statusCode).toBe(401);

    const notOpen = await client.ask(closed.club.id, asha.cookie, { answer: 'hi' });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().error.message).toBe('This club is not taking new members now.');

    await client.open(club.id, coordinator.cookie, 'What quiz did you last win?');
    expect((await client.ask(club.id, admin.cookie, { answer: 'x' })).statusCode).toBe(403);
    expect((await client.ask(UNKNOWN, asha.cookie, { answer: 'x' })).statusCode).toBe(404);
    const noAnswer = await client.ask(club.id, asha.cookie, { answer: '  ' });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().error.fields).toEqual({ answer: "Answer the club's question." });
    const tooLong = await client.ask(club.id, asha.cookie, { answer: 'a'.repeat(1001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields).toEqual({
      answer: 'The answer must be at most 1000 characters.',
    });

    const asked = await client.ask(club.id, asha.cookie, { answer: ' The inter-hostel quiz ' });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().request).toMatchObject({
      kind: 'request',
      status: 'pending',
      club: { id: club.id, name: 'Quiz Club' },
      student: { id: asha.user.id, name: 'Asha Verma', studentId: asha.user.studentId },
      question: 'What quiz did you last win?',
      answer: 'The inter-hostel quiz',
      reason: null,
      decidedAt: null,
    });
    expect(await client.noticesOf(coordinator.user.id)).toEqual([
      { outcome: 'requested', subject: 'Quiz Club', detail: 'Asha Verma' },
    ]);

    const again = await client.ask(club.id, asha.cookie, { answer: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'You have already asked to join this club; wait for its answer.',
    );
    expect(await client.requestsOf(club.id, asha.user.id)).toHaveLength(1);

    await client.decide(club.id, asked.json().request.id, { decision: 'accept' }, coordinator.cookie);
    const member = await client.ask(club.id, asha.cookie, { answer: 'once more' });
    expect(member.statusCode).toBe(409);
    expect(member.json().error.message).toBe('You are already a member of this club.');
  });
});

describe('DELETE /api/clubs/:unitId/join-requests/mine', () => {
  it('withdraws the waiting request once', async () => {
    const { club, coordinator } = await client.club('Music Club');
    const asha = await client.student('Asha Verma');
    const admin = await client.as('ADMIN');
    await client.open(club.id, coordinator.cookie);
    await client.ask(club.id, asha.cookie);
    const url = `/api/clubs/${club.id}/join-requests/mine`;
    expect((await client.inject('DELETE', url)).statusCode).toBe(401);
    expect((await client.inject('DELETE', url, admin.cookie)).statusCode).toBe(403);
    expect(
      (await client.inject('DELETE', `/api/clubs/${UNKNOWN}/join-requests/mine`, asha.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await client.inject('DELETE', '/api/clubs/nope/join-requests/mine', asha.cookie)).statusCode,
    ).toBe(400);
    const withdrawn = await client.inject('DELETE', url, asha.cookie);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().request).toMatchObject({
      status: 'withdrawn',
      club: { name: 'Music Club' },
    });
    const again = await client.inject('DELETE', url, asha.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You have no request waiting to join this club.');
  });
});

describe('GET /api/clubs/:unitId/join-requests', () => {
  it("lists the club's waiting requests for its coordinator only", async () => {
    const { club, coordinator } = await client.club('Film Club');
    const other = await client.club('Dance Club');
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Nair');
    await client.open(club.id, coordinator.cookie, 'Favourite film?');
    await client.ask(club.id, asha.cookie, { answer: 'Pather Panchali' });
    await client.ask(club.id, ravi.cookie, { answer: 'Sholay' });
    const url = `/api/clubs/${club.id}/join-requests?status=pending`;
    expect((await client.inject('GET', url)).statusCode).toBe(401);
    expect((await client.inject('GET', url, asha.cookie)).statusCode).toBe(403);
    expect((await client.inject('GET', url, other.coordinator.cookie)).statusCode).toBe(403);
    const bad = await client.inject(
      'GET',
      `/api/clubs/${club.id}/join-requests?status=open`,
      coordinator.cookie,
    );
    expect(bad.statusCode).toBe(400);
    const list = await client.inject('GET', url, coordinator.cookie);
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json()
        .items.map((r: { student: { name: string }; answer: string; question: string }) => [
          r.student.name,
          r.question,
          r.answer,
        ]),
    ).toEqual([
      ['Asha Verma', 'Favourite film?', 'Pather Panchali'],
      ['Ravi Nair', 'Favourite film?', 'Sholay'],
    ]);
  });
});

describe('POST /api/clubs/:unitId/join-requests/:id/decision', () => {
  it('accepts into the roster or declines with a reason, once, telling the student', async () => {
    const { club, coordinator } = await client.club('Astronomy Club');
    const other = await client.club('Photo Club');
    const asha = await client.student('Asha Verma');
    const ravi = await client.student('Ravi Nair');
    await client.open(club.id, coordinator.cookie);
    const ashaId = (await client.ask(club.id, asha.cookie)).json().request.id as string;
    const raviId = (await client.ask(club.id, ravi.cookie)).json().request.id as string;

    expect((await client.decide(club.id, ashaId, { decision: 'accept' })).statusCode).toBe(401);
    expect((await client.decide(club.id, ashaId, { decision: 'accept' }, asha.cookie)).statusCode).toBe(
      403,
    );
    const foreign = await client.decide(
      club.id,
      ashaId,
      { decision: 'accept' },
      other.coordinator.cookie,
    );
    expect(foreign.statusCode).toBe(403);
    const noReason = await client.decide(club.id, raviId, { decision: 'decline' }, coordinator.cookie);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields).toEqual({ reason: 'Give a reason the student can read.' });
    const noDecision = await client.decide(club.id, raviId, { decision: 'maybe' }, coordinator.cookie);
    expect(noDecision.json().error.fields).toEqual({ decision: 'Choose accept or decline.' });
    expect(
      (await client.decide(club.id, UNKNOWN, { decision: 'accept' }, coordinator.cookie)).statusCode,
    ).toBe(404);

    const accepted = await client.decide(club.id, ashaId, { decision: 'accept' }, coordinator.cookie);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().request).toMatchObject({ status: 'accepted', reason: null });
    const periods = await client.periodsOf(club.id, asha.user.id);
    expect(periods.map((p) => [p.role, p.endedAt])).toEqual([['Member', null]]);
    expect(await client.noticesOf(asha.user.id)).toEqual([
      { outcome: 'accepted', subject: 'Astronomy Club', detail: null },
    ]);
    const twice = await client.decide(
      club.id,
      ashaId,
      { decision: 'decline', reason: 'No' },
      coordinator.cookie,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe('This request has already been answered.');

    const declined = await client.decide(
      club.id,
      raviId,
      { decision: 'decline', reason: 'We are full this term.' },
      coordinator.cookie,
    );
    expect(declined.statusCode).toBe(200);
    expect(declined.json().request).toMatchObject({
      status: 'declined',
      reason: 'We are full this term.',
    });
    expect(await client.periodsOf(club.id, ravi.user.id)).toEqual([]);
    expect(await client.noticesOf(ravi.user.id)).toEqual([
      { outcome: 'declined', subject: 'Astronomy Club', detail: 'We are full this term.' },
    ]);
  });

  it('of two decisions at once, one is made and the other is a 409', async () => {
    const { club, coordinator } = await client.club('Debate Club');
    const asha = await client.student('Asha Verma');
    await client.open(club.id, coordinator.cookie);
    const id = (await client.ask(club.id, asha.cookie)).json().request.id as string;
    const answers = await Promise.all([
      client.decide(club.id, id, { decision: 'accept' }, coordinator.cookie),
      client.decide(club.id, id, { decision: 'decline', reason: 'Sorry' }, coordinator.cookie),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});
