import type { ApprovalList, Booking } from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';

// Test data for the room pages, typed by hand.

export const ROOM_A_ID = '90000000-0000-4000-8000-000000000001';
export const president = {
  body: { user: makeUser({ role: 'PRESIDENT', name: 'Rohan Mehta', studentId: null }) },
};
export const secretary = {
  body: { user: makeUser({ role: 'GENSEC_SCITECH', name: 'Ishita Reddy', studentId: null }) },
};
export const roomList = { body: { rooms: [{ id: ROOM_A_ID, name: 'Room A', capacity: null }] } };

/** A pending request for Room A on 14 Mar 2099, 10:00 to 11:30, by Ishita Reddy. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    id: '80000000-0000-4000-8000-000000000001',
    room: { id: ROOM_A_ID, name: 'Room A' },
    date: '2099-03-14',
    startTime: '10:00',
    endTime: '11:30',
    description: 'Quiz club final',
    status: 'Pending',
    requestedBy: { name: 'Ishita Reddy' },
    decidedBy: null,
    decidedAt: null,
    decisionNote: null,
    createdAt: '2099-03-01T10:00:00.000Z',
    clashes: false,
    approvedOverlap: null,
    ...overrides,
  };
}

/** An approval list answer with the given rows and counts (one page of 20). */
export const approvalList = (
  items: Booking[],
  counts: ApprovalList['counts'],
  page = 1,
  total = items.length,
): { body: ApprovalList } => ({
  body: { items, total, overall: counts.all, page, pageSize: 20, counts },
});

/** The user's own requests, one page. */
export const myList = (items: Booking[]) => ({
  body: { items, total: items.length, overall: items.length, page: 1, pageSize: 20 },
});
