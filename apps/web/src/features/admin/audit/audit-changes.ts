import type { AuditEntry } from '@cosa/contracts';
import { formatDateTime } from '../../../lib/format';

/** One field of a line: its value before and after the change (undefined where the row did not exist). */
export type FieldChange = { field: string; before: unknown; after: unknown };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Columns every row has that say nothing about the change itself. */
const NOISE = new Set(['id', 'created_at']);

/** The fields a line changed: for an update those that differ; for a creation or a deletion every field with a value. */
export function changesOf(entry: Pick<AuditEntry, 'before' | 'after'>): FieldChange[] {
  const { before, after } = entry;
  if (before && after) {
    return Object.keys({ ...before, ...after })
      .filter((field) => !same(before[field], after[field]))
      .map((field) => ({ field, before: before[field], after: after[field] }));
  }
  const row = after ?? before ?? {};
  return Object.entries(row)
    .filter(([field, value]) => value !== null && !NOISE.has(field))
    .map(([field, value]) =>
      after ? { field, before: undefined, after: value } : { field, before: value, after: undefined },
    );
}

/** A column name as words: 'retired_at' as 'retired at'. */
export const fieldLabel = (field: string) => field.replace(/_/g, ' ');

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

/** A stored value as the page shows it: instants on the institute's clock, yes and no, lists, JSON for the rest. */
export function valueText(value: unknown, timeZone?: string): string {
  if (value === undefined) return '';
  if (value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string') return INSTANT.test(value) ? formatDateTime(value, timeZone) : value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.length ? value.join(', ') : 'none';
  return JSON.stringify(value);
}
