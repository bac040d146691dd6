import type { CheckInResult, EventDetail } from '@cosa/contracts';
import { makeUser, sentBodies, stubApi } from '../../../../test/render-app';
import { eventDetail, TECH_FEST_ID } from '../event-fixtures';

// Test data for the door's page, typed by hand.

const organiser = makeUser({ name: 'Nisha Rao' });
const session = { body: { user: organiser } };
const eventPath = `/api/events/${TECH_FEST_ID}`;
export const checkInsPath = `/api/events/${TECH_FEST_ID}/check-ins`;
export const searchPath = `/api/events/${TECH_FEST_ID}/registrations`;
export const storageKey = `cosa.check-in.v1.${organiser.id}.${TECH_FEST_ID}`;
export const CODE = 'T1.AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8';

/** The event as its organiser sees it: approved, 40 confirmed, 12 checked in, started an hour ago (its door open). */
export function doorEvent(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventDetail(),
    start: new Date(Date.now() - 3_600_000).toISOString(),
    end: new Date(Date.now() + 2 * 3_600_000).toISOString(),
    approval: 'approved',
    registrationRequired: true,
    registrationStart: null,
    registrationEnd: null,
    eligibility: { batchYears: [], programs: [], disciplines: [] },
    walkIns: false,
    approvalDetail: { reason: null, decidedBy: null, decidedAt: null },
    roomBooking: null,
    seats: { confirmed: 40, waitlisted: 3, checkedIn: 12 },
    registrationOpen: false,
    mine: null,
    ineligibleReason: null,
    canDecide: false,
    canManage: true,
    canRate: false,
    ...overrides,
  };
}

type Result = CheckInResult['results'][number];

/** The server's answer to each scan of a POST, from `outcome` per scan. */
export function answering(
  answer: (scan: Record<string, string>) => Partial<Result>,
  counts = { checkedIn: 13, confirmed: 40 },
) {
  return (body: { scans: Record<string, string>[] }): CheckInResult => ({
    results: body.scans.map((scan) => ({
      scanId: scan.scanId!,
      outcome: 'checked_in',
      name: null,
      studentId: null,
      checkedInAt: null,
      checkedInBy: null,
      ...answer(scan),
    })),
    ...counts,
  });
}

export const lastPost = (fetchMock: ReturnType<typeof stubApi>) =>
  sentBodies(fetchMock, 'POST', checkInsPath).at(-1) as { scans: Record<string, string>[] };

type Stubbed = Parameters<typeof stubApi>[0];
/** A reply as the stub takes it (not a function giving one). */
type Reply = Exclude<Stubbed[string], undefined | ((...args: never[]) => unknown)>;

/** Stubs the API as the door meets it: the event, and each POST of scans answered from its body. */
export function stubDoor(
  event: EventDetail | Reply,
  post?: (body: { scans: Record<string, string>[] }) => CheckInResult | Reply,
  more: Stubbed = {},
) {
  const isEvent = (value: EventDetail | Reply): value is EventDetail =>
    typeof value === 'object' && 'title' in value;
  const isResult = (value: CheckInResult | Reply): value is CheckInResult =>
    typeof value === 'object' && 'results' in value;
  const table: Stubbed = {
    session,
    [eventPath]: isEvent(event) ? { body: { event } } : event,
    ...more,
  };
  if (post)
    table[`POST ${checkInsPath}`] = () => {
      const reply = post(lastPost(fetchMock));
      return isResult(reply) ? { body: reply } : reply;
    };
  const fetchMock = stubApi(table);
  return fetchMock;
}
