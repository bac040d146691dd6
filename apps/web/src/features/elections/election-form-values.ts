import { set, type FieldErrors, type Resolver } from 'react-hook-form';
import {
  ElectionInputSchema,
  type ElectionDetail,
  type ElectionInput,
  type LookupItem,
  type PROGRAMS,
} from '@cosa/contracts';
import { isoToZonedDateTime, zonedDateTimeToIso } from '../../lib/format';

/** A post as the form holds it: pickers' choices, numbers and years as typed. */
export type PostFormValues = {
  position: LookupItem | null;
  seats: string;
  proposersNeeded: string;
  /** Batch (admission) years as typed, separated by commas or spaces; empty: every batch. */
  voterBatchYears: string;
  voterPrograms: (typeof PROGRAMS)[number][];
  voterDisciplines: string[];
  voterUnit: LookupItem | null;
};

/** The set-up form: text as typed, each window's date and time apart, on the institute's clock. */
export type ElectionFormValues = {
  title: string;
  description: string;
  tenureYear: string;
  officer: LookupItem | null;
  nominationsOpenDate: string;
  nominationsOpenTime: string;
  nominationsCloseDate: string;
  nominationsCloseTime: string;
  votingOpenDate: string;
  votingOpenTime: string;
  votingCloseDate: string;
  votingCloseTime: string;
  posts: PostFormValues[];
};

export const EMPTY_POST: PostFormValues = {
  position: null,
  seats: '1',
  proposersNeeded: '0',
  voterBatchYears: '',
  voterPrograms: [],
  voterDisciplines: [],
  voterUnit: null,
};

/** An empty form for the tenure starting in `year`, with one post to fill in. */
export const emptyElectionForm = (year: number): ElectionFormValues => ({
  title: '',
  description: '',
  tenureYear: `${year}-${year + 1}`,
  officer: null,
  nominationsOpenDate: '',
  nominationsOpenTime: '',
  nominationsCloseDate: '',
  nominationsCloseTime: '',
  votingOpenDate: '',
  votingOpenTime: '',
  votingCloseDate: '',
  votingCloseTime: '',
  posts: [EMPTY_POST],
});

/** An instant's date and time on the institute's clock, to the second when it has seconds (a passed time is sent back as it is). */
function wallClock(instant: string, timeZone: string): { date: string; time: string } {
  const wall = isoToZonedDateTime(instant, timeZone) ?? { date: '', time: '' };
  const seconds = new Date(instant).getUTCSeconds();
  return seconds ? { ...wall, time: `${wall.time}:${String(seconds).padStart(2, '0')}` } : wall;
}

/** The form filled in with the election as it stands, to change it. */
export function electionFormOf(election: ElectionDetail, timeZone: string): ElectionFormValues {
  const [nominationsOpen, nominationsClose, votingOpen, votingClose] = [
    election.nominationsOpenAt,
    election.nominationsCloseAt,
    election.votingOpenAt,
    election.votingCloseAt,
  ].map((instant) => wallClock(instant, timeZone)) as [Wall, Wall, Wall, Wall];
  return {
    title: election.title,
    description: election.description,
    tenureYear: election.tenureYear,
    officer: election.officer
      ? { id: election.officer.id, label: election.officer.name, detail: null }
      : null,
    nominationsOpenDate: nominationsOpen.date,
    nominationsOpenTime: nominationsOpen.time,
    nominationsCloseDate: nominationsClose.date,
    nominationsCloseTime: nominationsClose.time,
    votingOpenDate: votingOpen.date,
    votingOpenTime: votingOpen.time,
    votingCloseDate: votingClose.date,
    votingCloseTime: votingClose.time,
    posts: election.posts.map((post) => ({
      position: { id: post.positionId, label: post.positionTitle, detail: post.unitName },
      seats: String(post.seats),
      proposersNeeded: String(post.proposersNeeded),
      voterBatchYears: post.voterBatchYears.join(', '),
      voterPrograms: post.voterPrograms as PostFormValues['voterPrograms'],
      voterDisciplines: post.voterDisciplines,
      voterUnit:
        post.voterUnitId && post.voterUnitName
          ? { id: post.voterUnitId, label: post.voterUnitName, detail: null }
          : null,
    })),
  };
}
type Wall = { date: string; time: string };

/** Where each request field of the election is shown; a window shows under its date. */
const FIELD_OF: Record<string, string> = {
  title: 'title',
  description: 'description',
  tenureYear: 'tenureYear',
  officerId: 'officer',
  nominationsOpenAt: 'nominationsOpenDate',
  nominationsCloseAt: 'nominationsCloseDate',
  votingOpenAt: 'votingOpenDate',
  votingCloseAt: 'votingCloseDate',
};

/** And of each post's. */
const POST_FIELD_OF: Record<string, keyof PostFormValues> = {
  positionId: 'position',
  seats: 'seats',
  proposersNeeded: 'proposersNeeded',
  voterBatchYears: 'voterBatchYears',
  voterPrograms: 'voterPrograms',
  voterDisciplines: 'voterDisciplines',
  voterUnitId: 'voterUnit',
};

/**
 * The form field showing a request path ('title', 'posts', 'posts.1.positionId',
 * 'posts.0.voterBatchYears.2'); undefined for none. A message about the posts together goes to
 * 'posts.root', react-hook-form's place for a list's own error.
 */
export function formFieldOf(path: string): string | undefined {
  const [first, index, field] = path.split('.');
  if (first !== 'posts') return FIELD_OF[first ?? ''];
  if (index === undefined) return 'posts.root';
  const postField = POST_FIELD_OF[field ?? ''];
  return /^\d+$/.test(index) && postField ? `posts.${index}.${postField}` : 'posts.root';
}

/** A date and time on the institute's clock as an instant; anything unreadable is left for the schema to refuse. */
function instant(date: string, time: string, timeZone: string): string {
  return zonedDateTimeToIso(date, time, timeZone) ?? `${date} ${time}`.trim();
}

/** A whole number as typed; anything else stays text for the schema to refuse, blank is none. */
function wholeNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  return /^-?\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** '2024, 2025' as years; a part that is no whole number stays text, for the schema to refuse. */
function batchYears(text: string): (number | string)[] {
  return text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map((part) => (/^\d{1,6}$/.test(part) ? Number(part) : part));
}

/** The form as the request schema reads it. */
function toElectionRequest(values: ElectionFormValues, timeZone: string): unknown {
  return {
    title: values.title,
    description: values.description,
    tenureYear: values.tenureYear.trim(),
    officerId: values.officer?.id ?? null,
    nominationsOpenAt: instant(values.nominationsOpenDate, values.nominationsOpenTime, timeZone),
    nominationsCloseAt: instant(values.nominationsCloseDate, values.nominationsCloseTime, timeZone),
    votingOpenAt: instant(values.votingOpenDate, values.votingOpenTime, timeZone),
    votingCloseAt: instant(values.votingCloseDate, values.votingCloseTime, timeZone),
    posts: values.posts.map((post) => ({
      positionId: post.position?.id ?? '',
      seats: wholeNumber(post.seats),
      proposersNeeded: wholeNumber(post.proposersNeeded),
      voterBatchYears: batchYears(post.voterBatchYears),
      voterPrograms: post.voterPrograms,
      voterDisciplines: post.voterDisciplines,
      voterUnitId: post.voterUnit?.id ?? null,
    })),
  };
}

/** The request as the form gives it, before it is checked: a change may put back what can no longer change. */
export type RequestAdjustment = (request: Record<string, unknown>) => Record<string, unknown>;

/** Checks the form with the shared ElectionInputSchema and puts each message under its field. */
export function electionResolver(
  timeZone: string,
  adjust: RequestAdjustment = (request) => request,
): Resolver<ElectionFormValues, unknown, ElectionInput> {
  return (values) => {
    const request = adjust(toElectionRequest(values, timeZone) as Record<string, unknown>);
    const parsed = ElectionInputSchema.safeParse(request);
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: FieldErrors<ElectionFormValues> = {};
    const placed = new Set<string>();
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path.join('.')) ?? 'root';
      if (placed.has(field)) continue;
      placed.add(field);
      set(errors, field, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}
