import { z } from 'zod';
import {
  blankAsNull,
  decimalInput,
  emptyAsMissing,
  isPlainLine,
  isPlainText,
  optionalText,
  uuidInput,
  UuidSchema,
} from './common';
import { DISCIPLINES, EVENT_CATEGORIES, EVENT_MODES, PROGRAMS } from './constants';
import { EVENT_MESSAGES, MAX_EVENT_ORGANIZERS, MAX_EVENT_SPONSORS } from './events';

/* The event form's input (create and edit), as the officials send it. */

/** numeric(12,2) holds up to this many rupees. */
const MAX_RUPEES = 9_999_999_999.99;

/** Instants a campus plans for; the database could not store a year beyond 9999 or before 1 either. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const LATEST = Date.parse('2100-01-01T00:00:00Z');

const dateTime = z.preprocess(
  blankAsNull,
  z.iso
    .datetime({ offset: true, error: EVENT_MESSAGES.dateTimeInvalid })
    .refine(
      (value) => Date.parse(value) >= EARLIEST && Date.parse(value) < LATEST,
      EVENT_MESSAGES.dateTimeInvalid,
    )
    .nullable()
    .optional(),
);

/** Optional text of visible characters: one line, or several when `lines`. */
const plainText = (max: number, tooLong: string, lines = false) =>
  optionalText(max, tooLong).refine(
    (value) => value == null || (lines ? isPlainText(value) : isPlainLine(value)),
    lines ? EVENT_MESSAGES.invisibleInText : EVENT_MESSAGES.invisibleCharacters,
  );

/** The key two sponsor names share when they look the same: case, full-width letters, composed accents, joiners and spacing aside. */
const lookalikeKey = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/[\u200c\u200d]/g, '')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** Names without blanks and look-alikes, each as first written. */
function distinctNames(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const name of names)
    if (name !== '' && !byKey.has(lookalikeKey(name)))
      byKey.set(lookalikeKey(name), name.normalize('NFC'));
  return [...byKey.values()];
}

const REGISTRATION_FIELDS = [
  'registrationStart',
  'registrationEnd',
  'registrationFees',
  'maxParticipants',
] as const;

/** Registration details count only when registration is required: otherwise they are cleared before any check. */
const withoutUnusedRegistration = (value: unknown): unknown => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const event = value as Record<string, unknown>;
  if (event.registrationRequired === true) return value;
  return { ...event, ...Object.fromEntries(REGISTRATION_FIELDS.map((name) => [name, null])) };
};

const rupees = (message: string) =>
  z
    .number({ error: message })
    .min(0, message)
    .max(MAX_RUPEES, message)
    .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, message);

const time = (value: string | null | undefined) => (value ? Date.parse(value) : null);

/**
 * POST /api/events and PUT /api/events/{id}: the Event form (spec section 5) plus start before end
 * and registration closing before the event ends. Times carry their offset; the creator is the
 * signed-in user. Registration fields are ignored unless registration is required.
 */
export const EventInputSchema = z.preprocess(
  withoutUnusedRegistration,
  z
    .object({
      title: z
        .string({ error: EVENT_MESSAGES.titleRequired })
        .trim()
        .min(1, EVENT_MESSAGES.titleRequired)
        .max(200, EVENT_MESSAGES.titleTooLong)
        .refine(isPlainLine, EVENT_MESSAGES.invisibleCharacters),
      description: plainText(5000, 'Description must be at most 5000 characters.', true),
      category: z.preprocess(
        emptyAsMissing,
        z.enum(EVENT_CATEGORIES, { error: EVENT_MESSAGES.categoryRequired }),
      ),
      type: plainText(60, 'Type must be at most 60 characters.'),
      organizingUnitId: z.preprocess(emptyAsMissing, uuidInput({ error: EVENT_MESSAGES.unitRequired })),
      organizerIds: z
        .array(UuidSchema, { error: EVENT_MESSAGES.organizersInvalid })
        .max(MAX_EVENT_ORGANIZERS, EVENT_MESSAGES.tooManyOrganizers)
        .default([]),
      start: dateTime,
      end: dateTime,
      venue: plainText(200, 'Venue must be at most 200 characters.'),
      mode: z.preprocess(
        blankAsNull,
        z.enum(EVENT_MODES, { error: EVENT_MESSAGES.modeInvalid }).nullable().optional(),
      ),
      registrationRequired: z.boolean().default(false),
      registrationStart: dateTime,
      registrationEnd: dateTime,
      registrationFees: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? null,
        rupees(EVENT_MESSAGES.feesInvalid).nullable(),
      ),
      maxParticipants: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? null,
        z
          .number({ error: EVENT_MESSAGES.maxParticipantsInvalid })
          .int(EVENT_MESSAGES.maxParticipantsInvalid)
          .min(1, EVENT_MESSAGES.maxParticipantsInvalid)
          .max(1_000_000, EVENT_MESSAGES.maxParticipantsInvalid)
          .nullable(),
      ),
      budgetAllocated: z.preprocess(
        (value) => decimalInput(blankAsNull(value)) ?? 0,
        rupees(EVENT_MESSAGES.budgetInvalid),
      ),
      sponsors: z
        .array(
          z
            .string({ error: EVENT_MESSAGES.sponsorsInvalid })
            .trim()
            .max(120, EVENT_MESSAGES.sponsorsInvalid)
            .refine(isPlainLine, EVENT_MESSAGES.invisibleCharacters),
          {
            error: EVENT_MESSAGES.sponsorsInvalid,
          },
        )
        .max(MAX_EVENT_SPONSORS, EVENT_MESSAGES.sponsorsInvalid)
        .default([])
        .transform(distinctNames),
      eligibleBatchYears: z
        .array(
          z
            .number({ error: EVENT_MESSAGES.batchYearsInvalid })
            .int(EVENT_MESSAGES.batchYearsInvalid)
            .min(2000, EVENT_MESSAGES.batchYearsInvalid)
            .max(2100, EVENT_MESSAGES.batchYearsInvalid),
          { error: EVENT_MESSAGES.batchYearsInvalid },
        )
        .max(20, EVENT_MESSAGES.batchYearsInvalid)
        .default([])
        .transform((years) => [...new Set(years)].sort()),
      eligiblePrograms: z
        .array(z.enum(PROGRAMS, { error: EVENT_MESSAGES.programsInvalid }), {
          error: EVENT_MESSAGES.programsInvalid,
        })
        .default([])
        .transform((values) => [...new Set(values)]),
      eligibleDisciplines: z
        .array(z.enum(DISCIPLINES, { error: EVENT_MESSAGES.disciplinesInvalid }), {
          error: EVENT_MESSAGES.disciplinesInvalid,
        })
        .default([])
        .transform((values) => [...new Set(values)]),
      walkIns: z.boolean().default(false),
      /** A room to request for the event's time (creation only), joining the room-booking flow. */
      roomId: z.preprocess(emptyAsMissing, UuidSchema.optional()),
    })
    .superRefine((event, ctx) => {
      const [start, end, opens, closes] = [
        time(event.start),
        time(event.end),
        time(event.registrationStart),
        time(event.registrationEnd),
      ];
      if (end !== null && start === null)
        ctx.addIssue({ code: 'custom', path: ['start'], message: EVENT_MESSAGES.startRequired });
      if (start !== null && end !== null && end <= start)
        ctx.addIssue({ code: 'custom', path: ['end'], message: EVENT_MESSAGES.endBeforeStart });
      if (closes !== null && opens === null)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationStart'],
          message: EVENT_MESSAGES.registrationStartRequired,
        });
      if (opens !== null && closes !== null && closes <= opens)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationEnd'],
          message: EVENT_MESSAGES.registrationOrder,
        });
      const eventEnds = end ?? start;
      if (closes !== null && eventEnds !== null && closes > eventEnds)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationEnd'],
          message: EVENT_MESSAGES.registrationAfterEvent,
        });
      if (opens !== null && eventEnds !== null && opens >= eventEnds)
        ctx.addIssue({
          code: 'custom',
          path: ['registrationStart'],
          message: EVENT_MESSAGES.registrationOpensAfterEvent,
        });
    }),
);
export type EventInput = z.infer<typeof EventInputSchema>;
