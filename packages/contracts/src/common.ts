import { z } from 'zod';

export { isPlainLine, isPlainText } from './plain-text';

/**
 * A name as it is compared and kept: compatibility characters folded (full-width letters, composed
 * accents: NFKC) and runs of spaces of any kind made one, so two names that look alike are alike.
 */
export const tidyName = (value: unknown): unknown =>
  typeof value === 'string' ? value.normalize('NFKC').replace(/\s+/gu, ' ').trim() : value;

/** A form's blank field (empty or only spaces) as null, which clears it; anything else as it is. */
export const blankAsNull = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? null : value;

/** A field left empty ('' or null) as missing, so its 'required' message applies. */
export const emptyAsMissing = (value: unknown): unknown =>
  value === '' || value === null ? undefined : value;

/** An optional one-line text: blank becomes null; at most `max` characters once trimmed. */
export function optionalText(max: number, tooLong = `At most ${max} characters.`) {
  return z.preprocess(blankAsNull, z.string().trim().max(max, tooLong).nullable().optional());
}

/**
 * A number from a JSON number or a plain decimal string ('8.5', ' 2024 '); a blank string is left
 * out. Booleans, arrays, hex and exponent strings stay as they are, so the number check refuses them
 * (z.coerce would turn true into 1, [7] into 7 and '0x7e8' into 2024).
 */
export function decimalInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  // '.5' and '8.' are what a browser's number field may hold.
  return /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value) ? Number(value) : value;
}

/** True for an absolute http or https address with a host name (what a link may open). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.hostname.includes('.') &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** An optional http(s) address: blank becomes null. */
export function optionalHttpUrl(message: string, host?: (hostname: string) => boolean) {
  return z.preprocess(
    blankAsNull,
    z
      .string({ error: message })
      .trim()
      .max(500, message)
      .refine(
        (value) => isHttpUrl(value) && (!host || host(new URL(value).hostname.toLowerCase())),
        message,
      )
      .nullable()
      .optional(),
  );
}

/** A calendar date 'YYYY-MM-DD' that exists. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const lowerCased = (value: unknown): unknown =>
  typeof value === 'string' ? value.toLowerCase() : value;

/**
 * A UUID in either letter case, as PostgreSQL reads it, lower-cased: ids the server compares in
 * code (a coordinator's own club, a retired position's id) then agree with what the database says.
 */
export function uuidInput(error?: Parameters<typeof z.uuid>[0]) {
  return z.preprocess(lowerCased, z.uuid(error));
}

export const UuidSchema = uuidInput('Not a valid id.');
export const IdParamsSchema = z.object({ id: UuidSchema });

export const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** ?page=1&pageSize=20 of a list paged on the server. */
/** The furthest page a list is asked for. */
export const MAX_PAGE = 100_000;

export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** The longest search a list accepts. */
export const SEARCH_MAX_LENGTH = 100;

/** ?q= of a search: trimmed, at most 100 characters, blank means no search. */
export const SearchTextSchema = z.preprocess(
  (value) => (typeof value === 'string' ? value.trim() : value),
  z.string().max(SEARCH_MAX_LENGTH, `Search at most ${SEARCH_MAX_LENGTH} characters.`).optional(),
);

/** A page of a list: `total` items match the filters, `overall` exist without them. */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    overall: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** One entry of a searchable picker. */
export const LookupItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  detail: z.string().nullable(),
});
export type LookupItem = z.infer<typeof LookupItemSchema>;
export const LookupResponseSchema = z.object({ items: z.array(LookupItemSchema) });
export const LookupQuerySchema = z.object({ q: SearchTextSchema });
export const LOOKUP_LIMIT = 20;
