import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * The name the institute signs for a person (decision 0015): their official name, or, for an
 * account that has none (staff without a student id), the display name. Transcripts, credentials
 * and verify pages name students and verifiers through this, never through `users.name` alone.
 * Null when the person is missing (a left join found nobody).
 */
export const instituteNameOf = (person: { officialName: Column; name: Column }): SQL<string | null> =>
  sql<string | null>`coalesce(${person.officialName}, ${person.name})`;

/**
 * The same name where the person is there whenever the row is (an inner join, or a left-joined
 * person object that is null as a whole when nobody is found): never null.
 */
export const instituteNameOfPerson = (person: { officialName: Column; name: Column }): SQL<string> =>
  sql<string>`coalesce(${person.officialName}, ${person.name})`;
