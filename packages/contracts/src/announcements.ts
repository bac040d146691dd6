import { z } from 'zod';
import { DISCIPLINES, PROGRAMS } from './constants';
import { emptyAsMissing, isPlainLine, isPlainText, pagedListSchema } from './common';

/* Announcements: posting one to an audience, and the lists of them. */

export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'batch', 'program', 'discipline', 'club'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** Every audience an announcement may have: also an event's registrants, posted from the event's page (audienceValue holds its title). */
export const STORED_ANNOUNCEMENT_AUDIENCES = [...ANNOUNCEMENT_AUDIENCES, 'event'] as const;

export const ANNOUNCEMENT_AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  everyone: 'Everyone',
  batch: 'A batch year',
  program: 'A program',
  discipline: 'A discipline',
  club: "The club's members",
};

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 4000;

/** What posting an announcement answers when the server refuses it. */
export const ANNOUNCEMENT_MESSAGES = {
  expiryPast: 'The expiry must be in the future.',
  clubOnlyForCoordinator: "Only a club coordinator posts to a club's members.",
  coordinatorPostsToClub: 'A club coordinator posts to the members of their club.',
  noClub: 'Your account is not linked to a club.',
  nobodyInAudience: 'Nobody in this audience can receive announcements yet.',
} as const;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const CreateAnnouncementRequestSchema = z
  .object({
    title: z.preprocess(
      trimmed,
      z
        .string('Title is required.')
        .min(1, 'Title is required.')
        .max(ANNOUNCEMENT_TITLE_MAX, `Title must be at most ${ANNOUNCEMENT_TITLE_MAX} characters.`)
        .refine(isPlainLine, 'Title must be one line of plain text.'),
    ),
    body: z.preprocess(
      trimmed,
      z
        .string('Message is required.')
        .min(1, 'Message is required.')
        .max(ANNOUNCEMENT_BODY_MAX, `Message must be at most ${ANNOUNCEMENT_BODY_MAX} characters.`)
        .refine(isPlainText, 'Message must be plain text.'),
    ),
    audience: z.enum(ANNOUNCEMENT_AUDIENCES, 'Choose an audience.'),
    /** The batch year, program or discipline; absent for everyone and the club. */
    audienceValue: z.preprocess(
      emptyAsMissing,
      z.string().max(40, 'Enter at most 40 characters.').optional(),
    ),
    /** When it stops showing; absent for never. An instant in ISO 8601. */
    expiresAt: z.preprocess(
      emptyAsMissing,
      z.iso.datetime({ offset: true, message: 'Enter a valid expiry date and time.' }).optional(),
    ),
  })
  .strict()
  .superRefine((value, ctx) => {
    // Checked when the request is read, so the server's clock decides.
    if (value.expiresAt !== undefined && Date.parse(value.expiresAt) <= Date.now()) {
      ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: ANNOUNCEMENT_MESSAGES.expiryPast });
    }
    const needs =
      value.audience === 'batch' || value.audience === 'program' || value.audience === 'discipline';
    if (!needs) {
      if (value.audienceValue !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['audienceValue'],
          message: 'This audience takes no value.',
        });
      return;
    }
    const v = value.audienceValue;
    const ok =
      v !== undefined &&
      (value.audience === 'batch'
        ? /^\d{4}$/.test(v)
        : value.audience === 'program'
          ? (PROGRAMS as readonly string[]).includes(v)
          : (DISCIPLINES as readonly string[]).includes(v));
    if (!ok) {
      const message =
        value.audience === 'batch'
          ? 'Enter a batch year, e.g. 2024.'
          : value.audience === 'program'
            ? 'Choose a program.'
            : 'Choose a discipline.';
      ctx.addIssue({ code: 'custom', path: ['audienceValue'], message });
    }
  });
export type CreateAnnouncementRequest = z.infer<typeof CreateAnnouncementRequestSchema>;

export const AnnouncementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(STORED_ANNOUNCEMENT_AUDIENCES),
  audienceValue: z.string().nullable(),
  /** The club, for a club audience. */
  clubName: z.string().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/** An official's own announcement with how many received and read it. */
export const PostedAnnouncementSchema = AnnouncementSchema.extend({
  recipients: z.number().int(),
  readers: z.number().int(),
});
export type PostedAnnouncement = z.infer<typeof PostedAnnouncementSchema>;

export const PostedAnnouncementListSchema = pagedListSchema(PostedAnnouncementSchema);
export type PostedAnnouncementList = z.infer<typeof PostedAnnouncementListSchema>;

export const CurrentAnnouncementsSchema = z.object({ items: z.array(AnnouncementSchema) });
export type CurrentAnnouncements = z.infer<typeof CurrentAnnouncementsSchema>;

/** A label for an audience, e.g. 'Batch 2024', 'B.Tech students', 'Members of Robotics Club'. */
export function audienceLabel(a: Pick<Announcement, 'audience' | 'audienceValue' | 'clubName'>): string {
  switch (a.audience) {
    case 'everyone':
      return 'Everyone';
    case 'batch':
      return `Batch ${a.audienceValue ?? ''}`.trim();
    case 'program':
      return `${a.audienceValue ?? ''} students`.trim();
    case 'discipline':
      return `${a.audienceValue ?? ''} students`.trim();
    case 'club':
      return `Members of ${a.clubName ?? 'the club'}`;
    case 'event':
      return `Registrants of ${a.audienceValue ?? 'an event'}`;
  }
}
