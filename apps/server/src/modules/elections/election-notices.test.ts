import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { useTestDatabase } from '../../../test/test-db';
import { createStudent } from '../../../test/factories';
import { createCandidate, createOpenElection } from '../../../test/factory-elections';
import { moveElectionTo } from '../../../test/election-client';
import { castBallot } from './ballots.service';
import { sendDueElectionNotices } from './election-notices.service';

describe('what an election’s voters hear', () => {
  const ctx = useTestDatabase();

  const noticesOf = async (electionId: string) =>
    rowsOf<{ user_id: string; outcome: string }>(
      await ctx.db.execute(sql`
        select user_id, outcome from notifications
        where kind = 'election' and link = ${`/elections/${electionId}`} order by outcome, user_id`),
    );

  it('tells the voters of its posts once that nominations and voting opened, and reminds only those who have not voted', async () => {
    const { election, post } = await createOpenElection(
      ctx.db,
      { voterBatchYears: [2024] },
      { title: 'Hostel Council Elections' },
    );
    const [asha, bala, older] = await Promise.all([
      createStudent(ctx.db, {}, { batchYear: 2024 }),
      createStudent(ctx.db, {}, { batchYear: 2024 }),
      createStudent(ctx.db, {}, { batchYear: 2022 }),
    ]);
    const candidate = await createCandidate(ctx.db, post.id, older.user.id);
    const [a, b] = [asha.user.id, bala.user.id].sort();

    await moveElectionTo(ctx, election.id, 'nominations');
    await Promise.all([sendDueElectionNotices(ctx.db), sendDueElectionNotices(ctx.db)]);
    await sendDueElectionNotices(ctx.db);
    expect(await noticesOf(election.id)).toEqual([
      { user_id: a, outcome: 'nominations-open' },
      { user_id: b, outcome: 'nominations-open' },
    ]);

    // Voting open, closing in two days: no reminder yet.
    await ctx.db.execute(sql`
      update elections set nominations_open_at = now() - interval '3 days',
        nominations_close_at = now() - interval '2 days', voting_open_at = now() - interval '1 hour',
        voting_close_at = now() + interval '2 days'
      where id = ${election.id}::uuid`);
    await sendDueElectionNotices(ctx.db);
    await castBallot(ctx.db, { id: asha.user.id, role: 'STUDENT' }, post.id, [candidate.id]);
    // A day before the close, the one who has not voted is reminded.
    await ctx.db.execute(sql`
      update elections set voting_close_at = now() + interval '2 hours' where id = ${election.id}::uuid`);
    await sendDueElectionNotices(ctx.db);
    await sendDueElectionNotices(ctx.db);
    expect(await noticesOf(election.id)).toEqual([
      { user_id: a, outcome: 'nominations-open' },
      { user_id: b, outcome: 'nominations-open' },
      { user_id: bala.user.id, outcome: 'reminder' },
      { user_id: a, outcome: 'voting-open' },
      { user_id: b, outcome: 'voting-open' },
    ]);
  });
});
