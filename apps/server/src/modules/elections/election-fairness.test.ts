import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createPosition, createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { electionClientOf, moveElectionTo } from '../../../test/election-client';

const MANIFESTO = 'Open the library at night.';

describe('an election kept fair', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);

  it('refuses the officer as a proposer; a withdrawn candidate may file again while nominations are open', async () => {
    const officer = await signedInAs(ctx, 'STUDENT');
    const position = await createPosition(ctx.db, { skillsRequired: [] });
    const { election, post } = await createOpenElection(
      ctx.db,
      { positionId: position.id, proposersNeeded: 1 },
      { officerId: officer.user.id },
    );
    await moveElectionTo(ctx, election.id, 'nominations');
    const asha = await signedInAs(ctx, 'STUDENT');
    const friend = await signedInAs(ctx, 'STUDENT');
    const byOfficer = await client.nominate(
      election.id,
      post.id,
      { manifesto: MANIFESTO, proposerIds: [officer.user.id] },
      asha.cookie,
    );
    expect(byOfficer.statusCode).toBe(400);
    expect(byOfficer.json().error.fields).toEqual({
      proposerIds: 'The officer cannot propose a candidate in the election they run.',
    });
    const filed = await client.nominate(
      election.id,
      post.id,
      { manifesto: MANIFESTO, proposerIds: [friend.user.id] },
      asha.cookie,
    );
    const id = filed.json().candidate.id;
    expect((await client.withdraw(id, asha.cookie)).json().candidate.status).toBe('withdrawn');
    const again = await client.nominate(
      election.id,
      post.id,
      { manifesto: 'A second try.', proposerIds: [friend.user.id] },
      asha.cookie,
    );
    expect(again.statusCode).toBe(201);
    expect(again.json().candidate).toMatchObject({ id, status: 'filed', manifesto: 'A second try.' });
  });

  it('never names a turnout group of fewer than five voters, nor lets its count be worked out', async () => {
    const { election, post } = await createOpenElection(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, (await createStudent(ctx.db)).user.id);
    const profiles = [
      ...Array.from({ length: 5 }, () => ({ batchYear: 2024, program: 'B.Tech' as const })),
      { batchYear: 2023, program: 'MSc' as const },
      { batchYear: 2021, program: 'PhD' as const },
    ];
    for (const profile of profiles) {
      const cookie = await signInAs(ctx, (await createStudent(ctx.db, {}, profile)).user);
      expect((await client.vote(post.id, [candidate.id], cookie)).statusCode).toBe(201);
    }
    await moveElectionTo(ctx, election.id, 'closed');
    const response = await client.results(
      post.id,
      await signInAs(ctx, (await createStudent(ctx.db)).user),
    );
    const { turnout } = response.json();
    expect(turnout.voted).toBe(7);
    expect(turnout.byBatch).toEqual([
      { group: '2024', voters: 5 },
      { group: 'Other groups (fewer than 5 voters each)', voters: null },
    ]);
    expect(turnout.byProgram).toEqual([
      { group: 'B.Tech', voters: 5 },
      { group: 'Other groups (fewer than 5 voters each)', voters: null },
    ]);
    expect(JSON.stringify(turnout)).not.toMatch(/2023|2021|MSc|PhD/);
  });

  it('seats no winner whose account was deactivated since, and no one in a position retired since', async () => {
    const admin = await signedInAs(ctx, 'ADMIN');
    const kept = await createPosition(ctx.db, { title: 'Cultural Secretary', skillsRequired: [] });
    const retired = await createPosition(ctx.db, { title: 'Hostel Secretary', skillsRequired: [] });
    const { election, post } = await createOpenElection(ctx.db, { positionId: kept.id });
    const [second] = rowsOf<{ id: string }>(
      await ctx.db.execute(sql`
        insert into election_posts (election_id, position_id, seats)
        values (${election.id}::uuid, ${retired.id}::uuid, 1) returning id`),
    );
    const gone = await createStudent(ctx.db);
    const other = await createStudent(ctx.db);
    const a = await createCandidate(ctx.db, post.id, gone.user.id);
    const b = await createCandidate(ctx.db, second!.id, other.user.id);
    const voter = await signInAs(ctx, (await createStudent(ctx.db)).user);
    await client.vote(post.id, [a.id], voter);
    await client.vote(second!.id, [b.id], voter);
    await moveElectionTo(ctx, election.id, 'closed');
    await ctx.db.execute(sql`update users set deactivated_at = now() where id = ${gone.user.id}::uuid`);
    await ctx.db.execute(sql`update positions set retired_at = now() where id = ${retired.id}::uuid`);
    const certified = await client.certify(election.id, admin.cookie);
    expect(certified.statusCode).toBe(200);
    const holders = rowsOf<{ n: number }>(
      await ctx.db.execute(sql`
        select count(*)::int as n from position_holders
        where position_id in (${kept.id}::uuid, ${retired.id}::uuid)`),
    );
    expect(holders).toEqual([{ n: 0 }]);
  });
});
