import { z } from 'zod';
import { blankAsNull, decimalInput, emptyAsMissing, isPlainLine, isPlainText, tidyName } from './common';

/** Limits of the room form (administration, deviation 60). */
export const MAX_ROOM_NAME = 80;
export const MAX_ROOM_DESCRIPTION = 500;
export const MAX_ROOM_CAPACITY = 5000;
export const MAX_ROOM_FEATURES = 20;
export const MAX_ROOM_FEATURE = 40;

/** Texts of /admin/rooms. */
export const ADMIN_ROOM_MESSAGES = {
  heading: 'Rooms',
  intro:
    'The rooms officials can book. A retired room keeps its bookings but can no longer be requested.',
  add: 'Add room',
  addTitle: 'Add a room',
  editTitle: (name: string) => `Edit ${name}`,
  edit: 'Edit',
  save: 'Save',
  saving: 'Saving...',
  creating: 'Adding...',
  created: (name: string) => `${name} added.`,
  updated: (name: string) => `${name} saved.`,
  saveFailed: 'The room could not be saved. Please try again.',
  nothingToChange: 'Nothing has changed yet. Change a field, or cancel.',
  loading: 'Loading rooms...',
  loadFailed: 'The rooms could not be loaded. Please try again.',
  empty: 'No rooms yet',
  emptyHint: 'Add the rooms officials may book.',
  retire: 'Retire',
  retireTitle: (name: string) => `Retire ${name}?`,
  retireText:
    'It keeps its bookings, and approved bookings still ahead stay approved, but it can no longer be requested.',
  retireAwaiting: (count: number) =>
    count === 1
      ? 'The 1 request waiting for the president will be rejected, with a note to its requester.'
      : `The ${count} requests waiting for the president will be rejected, with a note to their requesters.`,
  retiring: 'Retiring...',
  retiredToast: (name: string) => `${name} retired.`,
  retireFailed: 'The room could not be retired. Please try again.',
  reinstate: 'Reinstate',
  reinstateTitle: (name: string) => `Reinstate ${name}?`,
  reinstateText: 'Officials can request it again.',
  reinstating: 'Reinstating...',
  reinstatedToast: (name: string) => `${name} reinstated.`,
  reinstateFailed: 'The room could not be reinstated. Please try again.',
  retiredBadge: 'Retired',
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${MAX_ROOM_NAME} characters.`,
  lineInvalid: 'Use visible characters only, on one line.',
  textInvalid: 'Use visible characters only.',
  nameTaken: 'Another room already has this name.',
  nameTakenRetired: (name: string) =>
    `The retired room ${name} already has this name. Reinstate it, or choose another name.`,
  capacityRequired: 'Capacity is required.',
  capacityInvalid: `Capacity must be a whole number from 1 to ${MAX_ROOM_CAPACITY}.`,
  descriptionTooLong: `Description must be at most ${MAX_ROOM_DESCRIPTION} characters.`,
  featuresInvalid: `At most ${MAX_ROOM_FEATURES} features of at most ${MAX_ROOM_FEATURE} characters each.`,
  notFound: 'This room no longer exists.',
  isRetired: 'This room is retired. Reinstate it before changing it.',
  alreadyRetired: 'This room is already retired.',
  notRetired: 'This room is not retired.',
  /** The note a request waiting for the president gets when its room is retired. */
  retiredNote: 'The room was retired by the institute administrator; please request another room.',
  /** POST /api/room-bookings for a retired room. */
  retiredRoom: 'This room is retired and can no longer be booked. Please choose another room.',
} as const;

const roomName = z.preprocess(
  (value) => emptyAsMissing(tidyName(value)),
  z
    .string({ error: ADMIN_ROOM_MESSAGES.nameRequired })
    .trim()
    .min(1, ADMIN_ROOM_MESSAGES.nameRequired)
    .max(MAX_ROOM_NAME, ADMIN_ROOM_MESSAGES.nameTooLong)
    .refine(isPlainLine, ADMIN_ROOM_MESSAGES.lineInvalid),
);

const capacity = z.preprocess(
  (value) => decimalInput(emptyAsMissing(value)),
  z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? ADMIN_ROOM_MESSAGES.capacityRequired
          : ADMIN_ROOM_MESSAGES.capacityInvalid,
    })
    .int(ADMIN_ROOM_MESSAGES.capacityInvalid)
    .min(1, ADMIN_ROOM_MESSAGES.capacityInvalid)
    .max(MAX_ROOM_CAPACITY, ADMIN_ROOM_MESSAGES.capacityInvalid),
);

const roomDescription = z.preprocess(
  blankAsNull,
  z
    .string()
    .trim()
    .max(MAX_ROOM_DESCRIPTION, ADMIN_ROOM_MESSAGES.descriptionTooLong)
    .refine(isPlainText, ADMIN_ROOM_MESSAGES.textInvalid)
    .nullable(),
);

/** Distinct whatever the case, in the order typed; blank entries are dropped. */
const features = z.preprocess(
  (value) =>
    value === undefined || value === null
      ? []
      : Array.isArray(value)
        ? value.filter((item) => !(typeof item === 'string' && item.trim() === ''))
        : value,
  z
    .array(
      z
        .string({ error: ADMIN_ROOM_MESSAGES.featuresInvalid })
        .trim()
        .max(MAX_ROOM_FEATURE, ADMIN_ROOM_MESSAGES.featuresInvalid)
        .refine(isPlainLine, ADMIN_ROOM_MESSAGES.lineInvalid),
      {
        error: ADMIN_ROOM_MESSAGES.featuresInvalid,
      },
    )
    .transform((list) =>
      list.filter(
        (item, index) => list.findIndex((other) => other.toLowerCase() === item.toLowerCase()) === index,
      ),
    )
    .refine((list) => list.length <= MAX_ROOM_FEATURES, ADMIN_ROOM_MESSAGES.featuresInvalid),
);

/** POST /api/admin/rooms. */
export const RoomCreateInputSchema = z.object({
  name: roomName,
  capacity,
  description: roomDescription.optional(),
  features,
});
export type RoomCreateInput = z.infer<typeof RoomCreateInputSchema>;

/** PATCH /api/admin/rooms/{id}: rename, capacity, description, features; a field left out stays. */
export const RoomUpdateInputSchema = z.object({
  name: roomName.optional(),
  capacity: capacity.optional(),
  description: roomDescription.optional(),
  features: features.optional(),
});
export type RoomUpdateInput = z.infer<typeof RoomUpdateInputSchema>;

/** A room as the administrator sees it, retired or not, with its bookings counted. */
export const AdminRoomSchema = z.object({
  id: z.string(),
  name: z.string(),
  capacity: z.number().int().nullable(),
  description: z.string().nullable(),
  features: z.array(z.string()),
  retiredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  bookings: z.object({
    /** Every booking request ever made for the room. */
    total: z.number().int(),
    /** Requests still waiting for the president. */
    awaiting: z.number().int(),
    /** Approved bookings that have not ended yet. */
    upcomingApproved: z.number().int(),
  }),
});
export type AdminRoom = z.infer<typeof AdminRoomSchema>;
export const AdminRoomListSchema = z.object({ rooms: z.array(AdminRoomSchema) });
export const AdminRoomResponseSchema = z.object({ room: AdminRoomSchema });
/** A retirement: the room, and how many waiting requests were rejected with it. */
export const RoomRetirementResponseSchema = z.object({
  room: AdminRoomSchema,
  rejectedRequests: z.number().int(),
});
export type RoomRetirementResponse = z.infer<typeof RoomRetirementResponseSchema>;
