import { sql } from 'drizzle-orm';
import {
  ELECTION_MESSAGES,
  NONE_OF_THE_ABOVE,
  instituteDate,
  type ElectionDetail,
} from '@cosa/contracts';
import type { Database } from '../../db/client';
import { auditAs } from '../../db/audit';
import { rowsOf } from '../../db/rows';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import { notifyPerson } from '../notifications/notify.service';
import { lockPositionSeats } from '../positions/position-capacity.service';
import { electionDetail, electionRow, managesElection, phaseOf, type Viewer } from './elections.read';
import { countPost } from './results.service';
import { tellResults } from './election-notices.service';

type PostRow = { id: string; position_id: string };

/**
 * Certifies the election's result (the officer or the administrator), once its vote has closed:
 * each post's winners become verified, active holders of its position for the election's tenure,
 * in one audited transaction with the seats locked, and each winner is told. A seat that none of
 * the above won stays empty, as does the seat of a winner whose account has been deactivated
 * since, and every seat of a position retired since. A winner who holds the position for the
 * tenure already keeps that holding.
 */
export async function certifyElection(
  db: Database,
  viewer: Viewer,
  id: string,
  timeZone: string,
): Promise<ElectionDetail> {
  await db.transaction(async (tx) => {
    await auditAs(tx, viewer.id);
    const election = await electionRow(tx, id, true);
    if (!managesElection(viewer, election)) throw AppError.forbidden(ELECTION_MESSAGES.notManager);
    const phase = phaseOf(election);
    if (phase === 'certified') throw AppError.conflict(ELECTION_MESSAGES.certifiedAlready);
    if (phase !== 'counting') throw AppError.conflict(ELECTION_MESSAGES.certifyTooEarly);
    const posts = rowsOf<PostRow>(
      await tx.execute(sql`
        select id, position_id from election_posts where election_id = ${id}::uuid order by id`),
    );
    const today = instituteDate(new Date(), timeZone);
    for (const post of posts) {
      const count = await countPost(tx, post.id);
      const winners = count.elected.filter((candidate) => candidate !== NONE_OF_THE_ABOVE);
      if (winners.length === 0) continue;
      // A winner whose account has been deactivated since is not seated: their seat stays empty.
      const people = rowsOf<{ user_id: string; held: boolean }>(
        await tx.execute(sql`
          select c.user_id,
            exists (
              select 1 from position_holders h
              where h.user_id = c.user_id and h.position_id = ${post.position_id}::uuid
                and h.tenure_year = ${election.tenure_year}
            ) as held
          from election_candidates c join users u on u.id = c.user_id
          where c.id = any(${`{${winners.join(',')}}`}::uuid[]) and u.deactivated_at is null`),
      ).filter((person) => !person.held);
      const seats = await lockPositionSeats(tx, post.position_id, election.tenure_year);
      // A position retired since the election takes no new holders: its seats stay empty.
      if (!seats || seats.retired) continue;
      if (seats.activeHolders + people.length > seats.positionCount)
        throw AppError.conflict(
          `${seats.title} has ${seats.positionCount} ${seats.positionCount === 1 ? 'seat' : 'seats'} and ${seats.activeHolders} active ${seats.activeHolders === 1 ? 'holder' : 'holders'} for ${election.tenure_year} already: end a holding before certifying.`,
        );
      for (const person of people) {
        const [holder] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            insert into position_holders (user_id, position_id, tenure_year, status, appointed_by,
              appointment_date, verification, verified_by, verified_at)
            values (${person.user_id}::uuid, ${post.position_id}::uuid, ${election.tenure_year},
              'active', ${viewer.id}::uuid, ${today}::date, 'verified', ${viewer.id}::uuid, now())
            returning id`),
        );
        await logActivity(tx, {
          type: 'cosa',
          actorId: viewer.id,
          description: `Elected ${seats.title} for ${election.tenure_year} in ${election.title}`,
          subjectType: 'position_holder',
          subjectId: holder!.id,
        });
        await notifyPerson(tx, person.user_id, {
          kind: 'appointment',
          outcome: 'appointed',
          subject: seats.title,
          link: '/manage-position',
        });
      }
    }
    await tx.execute(sql`
      update elections set certified_at = now(), certified_by = ${viewer.id}::uuid, updated_at = now()
      where id = ${id}::uuid`);
    await tellResults(tx, election);
  });
  return electionDetail(db, viewer, id);
}
