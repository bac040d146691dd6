import { z } from 'zod';

/*
 * Club memberships on a person's record: the club's own record of them, started when its
 * coordinator accepted them (or they accepted its invitation) and ended when they left or were
 * removed. The profile, a person's page and the transcript word them alike through these functions;
 * the months are written by the caller's formatter (the web's, or the printed transcript's).
 */

export const MEMBERSHIP_RECORD_MESSAGES = {
  heading: 'Club memberships',
  none: 'No club memberships yet.',
} as const;

/** One period of a person's membership of a club, as their record shows it (never why it ended). */
export const MembershipRecordSchema = z.object({
  id: z.string(),
  club: z.object({ id: z.string(), name: z.string() }),
  /** The role the club names: Member, Core member, … */
  role: z.string(),
  startedAt: z.string(),
  /** Null while the membership lasts. */
  endedAt: z.string().nullable(),
});
export type MembershipRecord = z.infer<typeof MembershipRecordSchema>;

/** 'Member · Coding Club · since Aug 2025': a membership that lasts, led by the role the club names. */
export function currentMembershipLine(role: string, club: string, since: string): string {
  return `${role} · ${club} · since ${since}`;
}

/** 'Member, Coding Club, Aug 2025 – May 2026'; 'Aug 2025 – present' while it lasts (`until` null). */
export function membershipPeriodLine(
  role: string,
  club: string,
  from: string,
  until: string | null,
): string {
  return `${role}, ${club}, ${from} – ${until ?? 'present'}`;
}

/** 'Verified by Coding Club': the membership is the club's own record, accepted by its coordinator. */
export function membershipCheckLine(club: string): string {
  return `Verified by ${club}`;
}
