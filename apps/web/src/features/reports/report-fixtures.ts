import type { TermReport } from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';

// Test data for the term report, typed by hand.

const userOf = (role: Parameters<typeof makeUser>[0]) => ({ body: { user: makeUser(role) } });
export const president = userOf({ role: 'PRESIDENT', name: 'Rohan Mehta', studentId: null });
export const coordinator = userOf({ role: 'CLUB_COORDINATOR', name: 'Kabir Singh', studentId: null });

/** The whole campus in 2025-2026: 412 of 1,980 students took part. */
export const termReport: TermReport = {
  period: { tenure: '2025-2026', from: '2025-07-01', to: '2026-06-30' },
  scope: { kind: 'institute', name: 'IIT Bhilai' },
  generatedAt: '2026-12-01T06:30:00.000Z',
  reach: {
    students: 1980,
    participants: 412,
    share: 0.208,
    byBatch: [
      { group: '2022', students: 480, participants: 150, share: 0.3125 },
      { group: '2023', students: 500, participants: 120, share: 0.24 },
      { group: '2024', students: 1000, participants: 142, share: 0.142 },
    ],
    byProgram: [
      { group: 'B.Tech', students: 1500, participants: 380, share: 0.2533 },
      { group: 'Other groups (fewer than 5 each)', students: 480, participants: null, share: null },
    ],
    byDiscipline: [{ group: 'Not given', students: 1980, participants: 412, share: 0.208 }],
    byHostel: [],
  },
  concentration: {
    buckets: [
      { activities: '1', students: 250 },
      { activities: '2', students: 100 },
      { activities: '3-4', students: 62 },
    ],
    topTenthShare: 0.38,
  },
  events: {
    total: {
      group: 'All events',
      events: 34,
      registrations: 1200,
      attended: 950,
      noShows: 144,
      noShowRate: 0.12,
    },
    byCategory: [
      {
        group: 'technical',
        events: 20,
        registrations: 800,
        attended: 640,
        noShows: 96,
        noShowRate: 0.12,
      },
      {
        group: 'cultural',
        events: 14,
        registrations: 400,
        attended: 310,
        noShows: 48,
        noShowRate: 0.12,
      },
    ],
    byClub: [
      {
        group: 'Quiz Club',
        events: 6,
        registrations: 210,
        attended: 180,
        noShows: 30,
        noShowRate: 0.1429,
      },
      {
        group: 'Chess Club',
        events: 2,
        registrations: 12,
        attended: null,
        noShows: null,
        noShowRate: null,
      },
    ],
  },
  feedback: {
    total: {
      group: 'All feedback',
      received: 120,
      resolved: 90,
      resolvedShare: 0.75,
      p50Hours: 36,
      p90Hours: 120,
    },
    byType: [
      {
        group: 'Complaint',
        received: 70,
        resolved: 60,
        resolvedShare: 0.857,
        p50Hours: 20.5,
        p90Hours: 96,
      },
      {
        group: 'Suggestion',
        received: 50,
        resolved: 30,
        resolvedShare: 0.6,
        p50Hours: 60,
        p90Hours: 200,
      },
    ],
  },
  reviews: [
    { group: 'Achievements', decided: 40, waiting: 6, p50Hours: 36, p90Hours: 150 },
    { group: 'Skills', decided: null, waiting: 12, p50Hours: null, p90Hours: null },
    { group: 'Position records', decided: 9, waiting: 0, p50Hours: 12, p90Hours: 30 },
  ],
  budgets: {
    tenures: ['2025-2026'],
    rows: [
      {
        unitId: '00000000-0000-4000-8000-0000000000e2',
        unit: 'Quiz Club',
        allocated: 50000,
        committed: 12500,
        paid: 27000,
        attendances: 180,
        costPerAttendee: 150,
      },
      {
        unitId: '00000000-0000-4000-8000-0000000000e3',
        unit: 'Chess Club',
        allocated: 10000,
        committed: 0,
        paid: 2000,
        attendances: null,
        costPerAttendee: null,
      },
    ],
    total: {
      unit: 'All units',
      allocated: 200000,
      committed: 12500,
      paid: 29000,
      attendances: 950,
      costPerAttendee: 30.53,
    },
  },
  elections: [
    {
      postId: '00000000-0000-4000-8000-0000000000a1',
      election: 'General elections 2026',
      post: 'President',
      eligible: 1980,
      voted: 1386,
      turnout: 0.7,
    },
    {
      postId: '00000000-0000-4000-8000-0000000000a2',
      election: 'General elections 2026',
      post: 'General Secretary, Sports',
      eligible: 1980,
      voted: 673,
      turnout: 0.34,
    },
  ],
};

/** A report of nothing: a period before anyone took part. */
export const emptyReport: TermReport = {
  ...termReport,
  reach: {
    ...termReport.reach,
    participants: 0,
    share: 0,
    byBatch: [],
    byProgram: [],
    byDiscipline: [],
    byHostel: [],
  },
  concentration: { buckets: [], topTenthShare: null },
  events: {
    total: {
      group: 'All events',
      events: 0,
      registrations: 0,
      attended: 0,
      noShows: 0,
      noShowRate: null,
    },
    byCategory: [],
    byClub: [],
  },
  feedback: {
    total: {
      group: 'All feedback',
      received: 0,
      resolved: 0,
      resolvedShare: null,
      p50Hours: null,
      p90Hours: null,
    },
    byType: [],
  },
  reviews: [],
  budgets: {
    tenures: ['2025-2026'],
    rows: [],
    total: { ...termReport.budgets.total, attendances: 0, costPerAttendee: null },
  },
  elections: [],
};
