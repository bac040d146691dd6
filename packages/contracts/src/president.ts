import { z } from 'zod';
import { pagedListSchema, PageQuerySchema } from './common';
import { ACTIVITY_TYPES } from './constants';

export const PRESIDENT_MESSAGES = {
  heading: 'President Dashboard',
  badge: 'Presidential Access',
  pendingApprovals: 'Pending Approvals',
  roomBookings: 'Room Bookings',
  upcomingEvents: 'Upcoming Events',
  cosaRecords: 'COSA Records',
  loading: 'Loading...',
  recentActivity: 'Recent Activity',
  loadingActivities: 'Loading activities...',
  noActivities: 'No recent activities found',
  activitiesFailed: 'Recent activity could not be loaded. Please try again.',
  summaryFailed: 'The figures could not be loaded. Please try again.',
} as const;

/** GET /api/president/summary: the four tiles, counted in one statement. */
export const PresidentSummarySchema = z.object({
  /** Booking requests awaiting the president (pending, and not yet ended). */
  pendingApprovals: z.number().int(),
  /** Booking requests on the approval panel (withdrawn ones are not). */
  roomBookings: z.number().int(),
  /** Planned events that start in the future. */
  upcomingEvents: z.number().int(),
  /** Position holder records, declined claims aside. */
  cosaRecords: z.number().int(),
});
export type PresidentSummary = z.infer<typeof PresidentSummarySchema>;

/** One line of the activity log; `actor` is who acted (null once their account is gone). */
export const ActivitySchema = z.object({
  id: z.string(),
  type: z.enum(ACTIVITY_TYPES),
  description: z.string(),
  timestamp: z.string(),
  actor: z.object({ name: z.string() }).nullable(),
});
export type Activity = z.infer<typeof ActivitySchema>;

const ACTIVITY_PAGE_SIZE = 10;
export const ActivityListQuerySchema = PageQuerySchema.extend({
  pageSize: PageQuerySchema.shape.pageSize.default(ACTIVITY_PAGE_SIZE),
});
export const ActivityListSchema = pagedListSchema(ActivitySchema);
export type ActivityList = z.infer<typeof ActivityListSchema>;
