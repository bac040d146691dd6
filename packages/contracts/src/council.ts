import { z } from 'zod';
import { ACHIEVEMENT_TYPES } from './constants';

/** GET /api/council/summary: what waits for the signed-in official, for the dashboard's cards and notifications. */
export const CouncilSummarySchema = z.object({
  /** The types this official reviews (one for a general secretary, every type for the president). */
  types: z.array(z.enum(ACHIEVEMENT_TYPES)),
  /** positions: position records awaiting verification, students' own and club coordinators' appointments (every unit). */
  pending: z.object({
    userSkills: z.number().int(),
    skills: z.number().int(),
    achievements: z.number().int(),
    positions: z.number().int(),
  }),
  unresolvedFeedback: z.number().int(),
  upcomingEvents: z.number().int(),
  /** Room requests: the official's own pending ones (the president: every pending one). */
  pendingBookings: z.number().int(),
});
export type CouncilSummary = z.infer<typeof CouncilSummarySchema>;
