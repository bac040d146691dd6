import { z } from 'zod';
import { AchievementSchema } from './achievements';
import { EVENT_CATEGORIES } from './constants';

/** An event of the upcoming-events list. */
export const UpcomingEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(EVENT_CATEGORIES),
  unitName: z.string().nullable(),
  start: z.string(),
  end: z.string().nullable(),
});
export type UpcomingEvent = z.infer<typeof UpcomingEventSchema>;

export const UPCOMING_EVENTS_LIMIT = 5;
/** How many upcoming events of the clubs the student follows the home shows. */
export const FOLLOWED_CLUB_EVENTS_LIMIT = 3;

/** GET /api/me/dashboard: the whole student home dashboard in one answer (spec section 1). */
export const HomeDashboardSchema = z.object({
  user: z.object({
    name: z.string(),
    branch: z.string().nullable(),
    batchYear: z.number().int().nullable(),
    program: z.string().nullable(),
    photoUrl: z.string().nullable(),
  }),
  counts: z.object({
    skills: z.number().int(),
    achievements: z.number().int(),
    positions: z.number().int(),
    feedbackGiven: z.number().int(),
  }),
  upcomingEvents: z.array(UpcomingEventSchema),
  upcomingTotal: z.number().int(),
  /** The next few upcoming events of the clubs the student follows, soonest first. */
  followedClubEvents: z.array(UpcomingEventSchema),
  latestAchievement: AchievementSchema.nullable(),
});
export type HomeDashboard = z.infer<typeof HomeDashboardSchema>;

export const HOME_MESSAGES = {
  noUpcoming: 'No upcoming events.',
  followedClubsHeading: 'From clubs you follow',
  loadFailed: 'The dashboard could not be loaded. Please try again.',
  notApplicable: 'N/A',
} as const;
