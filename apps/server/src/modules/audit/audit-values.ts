import {
  ROLE_LABELS,
  SKILL_TYPE_LABELS,
  UNIT_TYPE_LABELS,
  instituteDate,
  instituteDateTime,
  isRole,
  type AuditChange,
} from '@cosa/contracts';

/** The tables a stored id may point at, and what a line says when the row is gone. */
export const REFERENCE_TABLES = {
  users: 'a deleted account',
  org_units: 'a deleted unit',
  positions: 'a deleted position',
  rooms: 'a deleted room',
  skills: 'a deleted skill',
  events: 'a deleted event',
  achievements: 'a deleted achievement',
} as const;
export type ReferenceTable = keyof typeof REFERENCE_TABLES;

/** The names of the rows a page of lines points at, by table and id. */
export type ReferenceNames = Map<ReferenceTable, Map<string, string>>;

const TABLE_OF_NOUN: Record<string, ReferenceTable> = {
  user: 'users',
  author: 'users',
  holder: 'users',
  unit: 'org_units',
  position: 'positions',
  room: 'rooms',
  skill: 'skills',
  event: 'events',
  achievement: 'achievements',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The table a stored column points at, from the column's name: `*_by` is a person, `*_unit_id` a
 * unit and so on; a parent is a unit of the unit tree, a merge target a skill of the catalogue.
 */
function referenceOf(subjectType: string, field: string): ReferenceTable | null {
  if (field.endsWith('_by')) return 'users';
  if (field === 'parent_id') return subjectType === 'org_units' ? 'org_units' : null;
  if (field === 'merged_into_id') return subjectType === 'skills' ? 'skills' : null;
  const noun = /(?:^|_)([a-z]+)_id$/.exec(field)?.[1];
  return noun && Object.hasOwn(TABLE_OF_NOUN, noun) ? TABLE_OF_NOUN[noun]! : null;
}

/** Every id a line's rows point at, by table. */
export function referencesIn(
  subjectType: string,
  rows: (Record<string, unknown> | null)[],
  into: Map<ReferenceTable, Set<string>>,
): void {
  for (const row of rows) {
    for (const [field, value] of Object.entries(row ?? {})) {
      const table = referenceOf(subjectType, field);
      if (!table || typeof value !== 'string' || !UUID.test(value)) continue;
      if (!into.has(table)) into.set(table, new Set());
      into.get(table)!.add(value.toLowerCase());
    }
  }
}

const FIELD_LABELS: Record<string, string> = {
  role: 'Role',
  club_unit_id: 'Club',
  unit_id: 'Unit',
  parent_id: 'Parent unit',
  organizing_unit_id: 'Organising unit',
  target_unit_id: 'Unit',
  target_user_id: 'Person',
  target_event_id: 'Event',
  target_position_id: 'Position',
  position_id: 'Position',
  room_id: 'Room',
  skill_id: 'Skill',
  event_id: 'Event',
  merged_into_id: 'Merged into',
  email: 'E-mail',
  email_verified_at: 'E-mail verified',
  student_id: 'Student ID',
  deactivated_at: 'Deactivated',
  imported_at: 'Imported from the roll',
  retired_at: 'Retired',
  onboarding_complete: 'Onboarding complete',
  is_endorsed: 'Endorsed',
  is_resolved: 'Resolved',
  is_anonymous: 'Anonymous',
  contact_email: 'Contact e-mail',
  cgpa: 'CGPA',
  institute_cgpa: 'CGPA on the institute’s record',
};

/** A stored column as words: 'club_unit_id' as 'Club', 'decided_by' as 'Decided by', any new column readably. */
function fieldLabel(subjectType: string, field: string): string {
  if (field === 'user_id')
    return subjectType === 'position_holders'
      ? 'Holder'
      : subjectType === 'users'
        ? 'Account'
        : 'Student';
  if (Object.hasOwn(FIELD_LABELS, field)) return FIELD_LABELS[field]!;
  const text = field.replace(/_id$/, '').replace(/^is_/, '').replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : field;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?([+-]\d{2}(:?\d{2})?|Z)$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** An instant on the institute's clock, as the pages write it: '21 Nov 2026, 15:30'. */
function instantText(value: string, timeZone: string): string {
  return instituteDateTime(value, timeZone) ?? value;
}

/** How one stored enumeration reads: roles by the names of the portal, unit and skill types. */
function enumText(subjectType: string, field: string, value: string): string | null {
  if (field === 'role') return isRole(value) ? ROLE_LABELS[value] : null;
  if (field === 'type' && subjectType === 'org_units' && Object.hasOwn(UNIT_TYPE_LABELS, value))
    return UNIT_TYPE_LABELS[value as keyof typeof UNIT_TYPE_LABELS];
  if (field === 'type' && subjectType === 'skills' && Object.hasOwn(SKILL_TYPE_LABELS, value))
    return SKILL_TYPE_LABELS[value as keyof typeof SKILL_TYPE_LABELS];
  return null;
}

/** A stored value as people read it. */
function valueText(
  subjectType: string,
  field: string,
  value: unknown,
  names: ReferenceNames,
  timeZone: string,
): string {
  if (value === null || value === undefined || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'number')
    return /^budget_|_fees$/.test(field) ? rupees.format(value) : String(value);
  if (typeof value === 'string') {
    const table = referenceOf(subjectType, field);
    if (table && UUID.test(value))
      return names.get(table)?.get(value.toLowerCase()) ?? REFERENCE_TABLES[table];
    const named = enumText(subjectType, field, value);
    if (named) return named;
    if (INSTANT.test(value)) return instantText(value, timeZone);
    if (DAY.test(value)) return instituteDate(value, 'UTC') ?? value;
    const time = TIME.exec(value);
    if (time) return `${time[1]}:${time[2]}`;
    return value;
  }
  if (Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value.length ? value.join(', ') : 'none';
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** Columns every row has that say nothing about the change itself. */
const NOISE = new Set(['id', 'created_at']);

/**
 * The fields a line changed, in words, by label: for an update those that differ; for a creation
 * or a deletion every field with a value.
 */
export function changesOf(
  line: {
    subjectType: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
  },
  names: ReferenceNames,
  timeZone: string,
): AuditChange[] {
  const { subjectType, before, after } = line;
  const text = (field: string, value: unknown) => valueText(subjectType, field, value, names, timeZone);
  const change = (field: string, was: unknown, now: unknown, hasBefore: boolean, hasAfter: boolean) => ({
    field,
    label: fieldLabel(subjectType, field),
    ...(hasBefore ? { before: text(field, was) } : {}),
    ...(hasAfter ? { after: text(field, now) } : {}),
  });
  const changes =
    before && after
      ? Object.keys({ ...before, ...after })
          .filter((field) => !same(before[field], after[field]))
          .map((field) => change(field, before[field], after[field], true, true))
      : Object.entries(after ?? before ?? {})
          .filter(([field, value]) => value !== null && !NOISE.has(field))
          .map(([field, value]) => change(field, value, value, !after, Boolean(after)));
  // By label, so that a line reads the same whatever order the database kept the columns in.
  return changes.sort((a, b) => a.label.localeCompare(b.label, 'en') || a.field.localeCompare(b.field));
}

/** The changes of a line as one cell of the export: 'Role: Student → President; Club: none → Robotics Club'. */
export function changesText(changes: AuditChange[], side: 'before' | 'after'): string | null {
  const parts = changes
    .filter((change) => change[side] !== undefined)
    .map((change) => `${change.label}: ${change[side]}`);
  return parts.length ? parts.join('; ') : null;
}
