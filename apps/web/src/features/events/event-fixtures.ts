import type { EventDetail, EventList, EventSummary } from '@cosa/contracts';
import { listPage } from '../../../test/list-page';

// Test data for the events pages, typed by hand.

export const TECH_FEST_ID = '00000000-0000-4000-8000-0000000000e1';
export const UNIT_ID = '00000000-0000-4000-8000-0000000000c1';
export const ROHAN_ID = '00000000-0000-4000-8000-000000000002';

/** A list entry: a planned technical event with everything filled in. */
export function eventSummary(overrides: Partial<EventSummary> = {}): EventSummary {
  return {
    id: TECH_FEST_ID,
    eventCode: 'EVT-0001',
    title: 'Tech Fest',
    description: 'Three days of talks and hacks.',
    category: 'technical',
    type: 'Workshop',
    mode: 'hybrid',
    venue: 'Lecture Hall 1',
    // 18:30 to 21:00 on 1 December in Asia/Kolkata
    start: '2026-12-01T13:00:00.000Z',
    end: '2026-12-01T15:30:00.000Z',
    status: 'planned',
    unitName: 'Coding Club',
    approval: 'approved',
    registrationRequired: false,
    registrationStart: null,
    registrationEnd: null,
    ...overrides,
  };
}

/** The same event in full, as GET /api/events/{id} answers. */
export function eventDetail(overrides: Partial<EventDetail> = {}): EventDetail {
  return {
    ...eventSummary(),
    unit: { id: UNIT_ID, name: 'Coding Club' },
    registrationRequired: true,
    registrationStart: '2026-11-20T04:30:00.000Z',
    registrationEnd: '2026-11-30T18:00:00.000Z',
    organizers: [
      { id: '00000000-0000-4000-8000-000000000001', name: 'Asha Verma', username: 'asha' },
      { id: ROHAN_ID, name: 'Rohan Das', username: 'rohan' },
    ],
    registration: {
      required: true,
      // 10:00 on 20 November and 23:30 on 30 November in Asia/Kolkata
      start: '2026-11-20T04:30:00.000Z',
      end: '2026-11-30T18:00:00.000Z',
      fees: 250,
      maxParticipants: 120,
    },
    budget: { allocated: 150000, sponsors: ['Acme Corp', 'Globex'] },
    eligibility: { batchYears: [], programs: [], disciplines: [] },
    walkIns: false,
    approvalDetail: { reason: null, decidedBy: null, decidedAt: null },
    roomBooking: null,
    seats: { confirmed: 0, waitlisted: 0, checkedIn: null },
    registrationOpen: false,
    mine: null,
    ineligibleReason: null,
    canDecide: false,
    canManage: false,
    canRate: false,
    createdBy: { id: '00000000-0000-4000-8000-000000000009', name: 'Meera Iyer' },
    createdAt: '2026-10-01T06:00:00.000Z',
    canEdit: false,
    // Who may edit may cancel, unless the event has taken place.
    canCancel: overrides.canEdit ?? false,
    ...overrides,
  };
}

export function eventList(
  items: EventSummary[],
  overrides: Partial<EventList> = {},
): { body: EventList } {
  return listPage(items, {
    counts: { upcoming: items.length, past: 0 },
    canCreate: false,
    awaitingDecision: 0,
    unit: null,
    ...overrides,
  });
}
