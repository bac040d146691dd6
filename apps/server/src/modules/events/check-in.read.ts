import { eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CheckInOutcome, CheckInResult } from '@cosa/contracts';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { eventRegistrations, users } from '../../db/schema/index';

/** What one scan came to, and the registration it named (null when none of this event). */
export type Answer = { scanId: string; outcome: CheckInOutcome; registrationId: string | null };

const checker = alias(users, 'checker');

/** The answers with each person's name and first check-in, and the event's counts after the batch. */
export async function answerOf(
  db: Database,
  eventId: string,
  answers: Answer[],
): Promise<CheckInResult> {
  // A ticket of another event names someone this door has no business knowing.
  const shown = (answer: Answer) => (answer.outcome === 'other_event' ? null : answer.registrationId);
  const ids = [...new Set(answers.map(shown).filter((id): id is string => id !== null))];
  const people = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({
              id: eventRegistrations.id,
              name: users.name,
              studentId: users.studentId,
              checkedInAt: eventRegistrations.checkedInAt,
              checkedInBy: checker.name,
            })
            .from(eventRegistrations)
            .innerJoin(users, eq(users.id, eventRegistrations.userId))
            .leftJoin(checker, eq(checker.id, eventRegistrations.checkedInBy))
            .where(inArray(eventRegistrations.id, ids))
        ).map((row) => [row.id, row]),
  );
  const [counts] = rowsOf<{ confirmed: number; checked_in: number }>(
    await db.execute(sql`
      select count(*) filter (where status = 'confirmed')::int as confirmed,
             count(*) filter (where checked_in_at is not null)::int as checked_in
      from ${eventRegistrations} where event_id = ${eventId}`),
  );
  return {
    results: answers.map((answer) => {
      const person = people.get(shown(answer) ?? '');
      return {
        scanId: answer.scanId,
        outcome: answer.outcome,
        name: person?.name ?? null,
        studentId: person?.studentId ?? null,
        checkedInAt: person?.checkedInAt?.toISOString() ?? null,
        checkedInBy: person?.checkedInAt ? (person.checkedInBy ?? null) : null,
      };
    }),
    checkedIn: counts?.checked_in ?? 0,
    confirmed: counts?.confirmed ?? 0,
  };
}
