import { z } from 'zod';
import { ENDORSEMENT_FILTERS, submittedInOrder } from './endorsements';
import { EventListQuerySchema } from './events';
import { FeedbackListQuerySchema } from './feedback-desk';
import { HolderListQuerySchema, PositionListQuerySchema } from './position-admin';
import { ApprovalListQuerySchema } from './rooms';

/**
 * The query of a list's CSV export: the list's own filters, without its paging (an export holds
 * every matching row). A page number the web sends along with the filters is dropped, not refused.
 */
const withoutPaging = { page: true, pageSize: true } as const;

/** GET /api/feedback/export: the feedback list's status and type filters. */
export const FeedbackExportQuerySchema = FeedbackListQuerySchema.omit(withoutPaging);
export type FeedbackExportQuery = z.infer<typeof FeedbackExportQuerySchema>;

/** GET /api/endorsements/{achievements,user-skills}/export: the review queue's search and filters. */
export const EndorsementExportQuerySchema = z.object(ENDORSEMENT_FILTERS).refine(...submittedInOrder);
export type EndorsementExportQuery = z.infer<typeof EndorsementExportQuerySchema>;

/** GET /api/positions/export: View Positions' search, department, type and state. */
export const PositionExportQuerySchema = PositionListQuerySchema.omit(withoutPaging);
export type PositionExportQuery = z.infer<typeof PositionExportQuerySchema>;

/** GET /api/position-holders/export: View Position Holders' search, status, tenure year and department. */
export const HolderExportQuerySchema = HolderListQuerySchema.omit(withoutPaging);
export type HolderExportQuery = z.infer<typeof HolderExportQuerySchema>;

/** GET /api/events/export: the events list's tab, search and unit. */
export const EventExportQuerySchema = EventListQuerySchema.omit(withoutPaging);
export type EventExportQuery = z.infer<typeof EventExportQuerySchema>;

/** GET /api/room-bookings/export: the approval panel's tab and search. */
export const ApprovalExportQuerySchema = ApprovalListQuerySchema.omit(withoutPaging);
export type ApprovalExportQuery = z.infer<typeof ApprovalExportQuerySchema>;
