import { z } from 'zod';
import { pagedListSchema, PageQuerySchema, SearchTextSchema, UuidSchema } from './common';
import { DEFAULT_TIME_ZONE } from './constants';

/** The visible texts of COSA View (/council), the side menu's 'COSA view' for every signed-in user. */
export const COUNCIL_DIRECTORY_MESSAGES = {
  title: 'COSA View',
  intro:
    'The council and its clubs: who holds each position, and what each position asks of the person who holds it.',
  bearersTab: 'Office-bearers',
  positionsTab: 'Positions',
  noBearers: 'No office-bearers found',
  noPositions: 'No positions found',
  bearersLoadFailed: 'Failed to fetch office-bearers',
  positionsLoadFailed: 'Failed to fetch positions',
  showingBearers: (shown: number, total: number) => `Showing ${shown} of ${total} office-bearers`,
  showingPositions: (shown: number, total: number) => `Showing ${shown} of ${total} positions`,
  seats: (filled: number, count: number, tenure: string) =>
    `${filled} of ${count} ${count === 1 ? 'seat' : 'seats'} held in ${tenure}`,
  openOnly: 'Only positions with a free seat',
  meets: 'Your record meets the requirements.',
  shortOf: 'Your record is short of:',
  /** A student's own shortfall, with their figures: the CGPA and year of study are the institute's record (decision 0015). */
  cgpaShort: (cgpa: number | null, min: string) =>
    cgpa === null
      ? `The institute's record has no CGPA for you; this position asks for at least ${min}. Ask for a correction under "Kept by the institute" on your profile.`
      : `Your CGPA on the institute's record is ${cgpa.toFixed(2)}; this position asks for at least ${min}.`,
  yearShort: (year: number | null, min: string) =>
    year === null
      ? `The institute's record has no admission year for you, so your year of study is unknown; this position asks for at least the ${min} year. Ask for a correction under "Kept by the institute" on your profile.`
      : year < 1
        ? `By the institute's record your first year has not begun; this position asks for at least the ${min} year.`
        : `By the institute's record you are in your ${ordinalOf(year)} year; this position asks for at least the ${min} year.`,
} as const;

/** 1st, 2nd, 3rd, 4th, ... 11th, 12th, 13th, 21st. */
export function ordinalOf(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10];
  return `${n}${suffix ?? 'th'}`;
}

/** The academic year (July to June) a moment falls in on the institute's clock, as a tenure 'YYYY-YYYY'. */
export function currentTenure(now: Date = new Date(), timeZone: string = DEFAULT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
  }).formatToParts(now);
  const year = Number(parts.find((part) => part.type === 'year')?.value);
  const month = Number(parts.find((part) => part.type === 'month')?.value);
  const start = month >= 7 ? year : year - 1;
  return `${start}-${start + 1}`;
}

const unitFilter = z.preprocess((value) => (value === '' ? undefined : value), UuidSchema.optional());
const unit = z.object({ id: z.string(), name: z.string() });

/** ?q=&unitId=&page= of the office-bearers: a search over name, position title and unit name. */
export const OfficeBearerListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  unitId: unitFilter,
});
export type OfficeBearerListQuery = z.infer<typeof OfficeBearerListQuerySchema>;

/** A person holding a position now (active, appointed or verified by an official): what the campus may know of it. */
export const OfficeBearerSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.object({ id: z.string(), title: z.string(), positionType: z.string() }),
  unit,
  tenureYear: z.string(),
  /** The appointment date, when one was recorded. */
  since: z.string().nullable(),
});
export type OfficeBearer = z.infer<typeof OfficeBearerSchema>;
export const OfficeBearerListSchema = pagedListSchema(OfficeBearerSchema).extend({
  units: z.array(unit),
});
export type OfficeBearerList = z.infer<typeof OfficeBearerListSchema>;

/** ?q=&unitId=&open=true&page= of the positions: a search over title, unit name and description. */
export const DirectoryPositionListQuerySchema = PageQuerySchema.extend({
  q: SearchTextSchema,
  unitId: unitFilter,
  open: z.enum(['true', 'false']).default('false'),
});
export type DirectoryPositionListQuery = z.infer<typeof DirectoryPositionListQuerySchema>;

/** A position in use (not retired), its seats in the current tenure, and how the viewer's record compares with its requirements. */
export const DirectoryPositionSchema = z.object({
  id: z.string(),
  positionCode: z.string(),
  title: z.string(),
  positionType: z.string(),
  unit,
  description: z.string().nullable(),
  responsibilities: z.array(z.string()),
  requirements: z.object({
    minCgpa: z.number(),
    minYear: z.number().int(),
    skillsRequired: z.array(z.string()),
  }),
  positionCount: z.number().int(),
  /** Active, verified holders in `tenure`. */
  filled: z.number().int(),
  tenure: z.string(),
  /** Each requirement a student's record falls short of (empty when it meets them all); null for an official. */
  gaps: z.array(z.string()).nullable(),
});
export type DirectoryPosition = z.infer<typeof DirectoryPositionSchema>;
export const DirectoryPositionListSchema = pagedListSchema(DirectoryPositionSchema).extend({
  units: z.array(unit),
});
export type DirectoryPositionList = z.infer<typeof DirectoryPositionListSchema>;
