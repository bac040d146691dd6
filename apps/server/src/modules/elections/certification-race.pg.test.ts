import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestDatabase } from '../../../test/test-db';
import { createPosition, createStudent, createUser } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { moveElectionTo } from '../../../test/election-client';
import { castBallot } from './ballots.service';
import { certifyElection } from './certification.service';

/** Certifications at once on a PostgreSQL server, whose connections run at once. */
describe('certifying at once', () => {
  const ctx = useTestDatabase();

  it('five certifications of one election at once: one certifies, four are refused, the winner holds the position once', async () => {
    const position = await createPosition(ctx.db, { skillsRequired: [] });
    const { election, post } = await createOpenElection(ctx.db, { positionId: position.id });
    const { user: winner } = await createStudent(ctx.db);
    const candidate = await createCandidate(ctx.db, post.id, winner.id);
    const { user: voter } = await createStudent(ctx.db);
    await castBallot(ctx.db, { id: voter.id, role: 'STUDENT' }, post.id, [candidate.id]);
    await moveElectionTo(ctx, election.id, 'closed');
    const admin = await createUser(ctx.db, { role: 'ADMIN' });
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () =>
        certifyElection(ctx.db, { id: admin.id, role: 'ADMIN' }, election.id, 'Asia/Kolkata'),
      ),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(1);
    expect(
      answers.flatMap((answer) =>
        answer.status === 'rejected' ? [(answer.reason as Error).message] : [],
      ),
    ).toEqual(Array(4).fill('This election’s result has been certified already.'));
    const holders = rowsOf<{ user_id: string }>(
      await ctx.db.execute(
        sql`select user_id from position_holders where position_id = ${position.id}::uuid`,
      ),
    );
    expect(holders).toEqual([{ user_id: winner.id }]);
  });
});
