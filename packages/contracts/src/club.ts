import { z } from 'zod';
import { ACHIEVEMENT_TYPES, EVENT_STATUSES, FEEDBACK_TYPES } from './constants';

/** The club dashboard's texts (spec section 2, Club dashboard; section 8). */
export const CLUB_MESSAGES = {
  heading: 'Club Dashboard',
  loading: 'Loading club data...',
  loadFailed: 'Failed to fetch club data',
  noClub: 'No club data found',
  noClubHint: 'Your account is not linked to a club. Ask the institute administrator to link it.',
  activeMembers: 'Active Members',
  totalEvents: 'Total Events',
  budgetUsed: 'Budget Used',
  pendingReviews: 'Pending Reviews',
  recentEvents: 'Recent Events',
  noEvents: 'No events yet.',
  pendingAchievements: 'Pending Achievements',
  noPendingAchievements: 'No achievements pending endorsement.',
  recentFeedback: 'Recent Feedback',
  noFeedback: 'No feedback yet.',
  viewAllFeedback: 'View All Feedback',
  anonymous: 'Anonymous',
  quickActions: 'Quick Actions',
  clubInformation: 'Club Information',
  endorse: 'Endorse',
  endorsing: 'Endorsing...',
  tbd: 'TBD',
  /** A coordinator creating an event for a unit other than their club (server, 403). */
  eventForOtherUnit: 'You can create events for your own club only.',
  /** A coordinator reviewing someone who holds no active, verified position in their club (403). */
  notAMember: 'This student is not a member of your club.',
  notYourClubPosition: 'This position belongs to another unit.',
} as const;

/** The dashboard shows the three latest events, three pending achievements and the two latest feedback items (spec section 9). */
export const CLUB_DASHBOARD_LIMITS = { events: 3, achievements: 3, feedback: 2 } as const;

const ClubUnitSchema = z.object({
  id: z.string(),
  unitCode: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  contactEmail: z.string().nullable(),
  /** What the club's budget lines of the current tenure were allocated and paid, from the ledger. */
  budgetAllocated: z.number(),
  budgetSpent: z.number(),
  /** The tenure those figures are of, like 2026-2027. */
  budgetTenure: z.string(),
  /** The address of the club's page: /clubs/{pageSlug}. */
  pageSlug: z.string().nullable(),
});

/** GET /api/clubs/mine: everything the club dashboard shows, in one answer; club null when the account has no club. */
export const ClubBundleSchema = z.object({
  unit: ClubUnitSchema,
  stats: z.object({
    /** Distinct people holding an active, verified position of the club. */
    activeMembers: z.number().int(),
    totalEvents: z.number().int(),
    /** Planned events whose start is still ahead. */
    upcomingEvents: z.number().int(),
    pendingReviews: z.object({
      achievements: z.number().int(),
      userSkills: z.number().int(),
      positions: z.number().int(),
      total: z.number().int(),
    }),
  }),
  recentEvents: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      start: z.string().nullable(),
      venue: z.string().nullable(),
      status: z.enum(EVENT_STATUSES),
    }),
  ),
  pendingAchievements: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      type: z.enum(ACHIEVEMENT_TYPES),
      level: z.string().nullable(),
      dateAchieved: z.string(),
      student: z.object({ name: z.string(), studentId: z.string().nullable() }),
    }),
  ),
  feedback: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        type: z.enum(FEEDBACK_TYPES),
        rating: z.number().int().nullable(),
        comments: z.string(),
        /** Null when the feedback is anonymous. */
        author: z.string().nullable(),
        createdAt: z.string(),
      }),
    ),
    total: z.number().int(),
  }),
});
export type ClubBundle = z.infer<typeof ClubBundleSchema>;

export const MyClubResponseSchema = z.object({ club: ClubBundleSchema.nullable() });
export type MyClubResponse = z.infer<typeof MyClubResponseSchema>;
