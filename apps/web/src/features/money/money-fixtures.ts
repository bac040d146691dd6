import type {
  BudgetOverview,
  BudgetUnit,
  Claim,
  ClaimList,
  ClaimOptions,
  ClaimRow,
  LineHistory,
  UnitLines,
} from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';

// Test data for the club money pages, typed by hand.

const COUNCIL_ID = '00000000-0000-4000-8000-0000000000e1';
export const QUIZ_CLUB_ID = '00000000-0000-4000-8000-0000000000e2';
export const COUNCIL_LINE_ID = '00000000-0000-4000-8000-0000000000f1';
export const QUIZ_EVENTS_LINE_ID = '00000000-0000-4000-8000-0000000000f2';
const QUIZ_GENERAL_LINE_ID = '00000000-0000-4000-8000-0000000000f3';
export const CLAIM_ID = '00000000-0000-4000-8000-0000000000c9';
export const QUIZ_EVENT_ID = '00000000-0000-4000-8000-0000000000d9';

const userOf = (role: Parameters<typeof makeUser>[0]) => ({ body: { user: makeUser(role) } });
export const president = userOf({ role: 'PRESIDENT', name: 'Rohan Mehta', studentId: null });
export const secretary = userOf({ role: 'GENSEC_SCITECH', name: 'Ishita Reddy', studentId: null });
export const coordinator = userOf({ role: 'CLUB_COORDINATOR', name: 'Kabir Singh', studentId: null });
export const admin = userOf({ role: 'ADMIN', name: 'Priya Venkatesh', studentId: null });
export const student = userOf({});

/** The technical council: one general line of ₹2,00,000 with ₹50,000 passed down. */
const councilBudget: BudgetUnit = {
  unit: { id: COUNCIL_ID, name: 'Technical Council', type: 'council', council: 'technical' },
  lines: [
    { id: COUNCIL_LINE_ID, heading: null, allocated: 150000, committed: 0, paid: 0, available: 150000 },
  ],
  totals: { allocated: 150000, committed: 0, paid: 0, available: 150000 },
};

/** The quiz club: events ₹40,000 (₹12,500 committed, ₹15,000 paid) and a general line of ₹10,000. */
const quizBudget: BudgetUnit = {
  unit: { id: QUIZ_CLUB_ID, name: 'Quiz Club', type: 'club', council: 'technical' },
  lines: [
    {
      id: QUIZ_EVENTS_LINE_ID,
      heading: 'events',
      allocated: 40000,
      committed: 12500,
      paid: 15000,
      available: 12500,
    },
    {
      id: QUIZ_GENERAL_LINE_ID,
      heading: null,
      allocated: 10000,
      committed: 0,
      paid: 0,
      available: 10000,
    },
  ],
  totals: { allocated: 50000, committed: 12500, paid: 15000, available: 22500 },
};

export function overview(overrides: Partial<BudgetOverview> = {}): { body: BudgetOverview } {
  return {
    body: {
      tenureYear: '2026-2027',
      units: [councilBudget, quizBudget],
      unitCount: 2,
      page: 1,
      pageSize: 20,
      totals: { allocated: 200000, committed: 12500, paid: 15000, available: 172500 },
      mayAllocate: false,
      presidentAbove: 25000,
      ...overrides,
    },
  };
}

export const lineHistory: { body: LineHistory } = {
  body: {
    line: {
      ...quizBudget.lines[0]!,
      tenureYear: '2026-2027',
      unit: { id: QUIZ_CLUB_ID, name: 'Quiz Club' },
    },
    entries: [
      {
        id: 'e3',
        seq: 3,
        kind: 'payment',
        amount: 15000,
        reason: null,
        reference: 'UTR-7788',
        claimId: CLAIM_ID,
        actor: { id: 'u9', name: 'Priya Venkatesh' },
        createdAt: '2026-09-03T06:30:00.000Z',
      },
      {
        id: 'e1',
        seq: 1,
        kind: 'transfer_in',
        amount: 40000,
        reason: 'Quiz season',
        reference: null,
        claimId: null,
        actor: { id: 'u2', name: 'Ishita Reddy' },
        createdAt: '2026-08-01T04:00:00.000Z',
      },
    ],
  },
};

export const unitLines: { body: UnitLines } = {
  body: {
    unit: { id: QUIZ_CLUB_ID, name: 'Quiz Club' },
    tenureYear: '2026-2027',
    lines: quizBudget.lines,
  },
};

export const claimOptions: { body: ClaimOptions } = {
  body: {
    tenureYear: '2026-2027',
    units: [
      {
        id: QUIZ_CLUB_ID,
        name: 'Quiz Club',
        events: [{ id: QUIZ_EVENT_ID, title: 'Inter-college quiz' }],
      },
    ],
  },
};

export function claimRow(overrides: Partial<ClaimRow> = {}): ClaimRow {
  return {
    id: CLAIM_ID,
    claimCode: 'CLM-2026-0007',
    status: 'submitted',
    unit: { id: QUIZ_CLUB_ID, name: 'Quiz Club', council: 'technical' },
    line: { id: QUIZ_EVENTS_LINE_ID, heading: 'events', tenureYear: '2026-2027' },
    event: { id: QUIZ_EVENT_ID, title: 'Inter-college quiz' },
    amount: 4500,
    approvedAmount: null,
    payee: 'Sharma Printers',
    filedBy: { id: 'u5', name: 'Kabir Singh' },
    submittedAt: '2026-09-01T05:00:00.000Z',
    updatedAt: '2026-09-01T05:00:00.000Z',
    ...overrides,
  };
}

const NOTHING = {
  edit: false,
  submit: false,
  decide: false,
  pay: false,
  withdraw: false,
  delete: false,
};

/** The claim CLM-2026-0007: ₹4,500 for printing, submitted with one PDF receipt. */
export function claim(overrides: Partial<Claim> = {}): Claim {
  return {
    ...claimRow(),
    description: 'Question booklets for the quiz',
    paymentReference: null,
    receipts: [
      {
        id: 'r1',
        contentType: 'application/pdf',
        bytes: 240 * 1024,
        uploadedAt: '2026-08-31T12:00:00.000Z',
      },
    ],
    steps: [
      {
        action: 'filed',
        actor: { id: 'u5', name: 'Kabir Singh' },
        amount: 4500,
        reason: null,
        reference: null,
        at: '2026-08-31T11:50:00.000Z',
      },
      {
        action: 'submitted',
        actor: { id: 'u5', name: 'Kabir Singh' },
        amount: null,
        reason: null,
        reference: null,
        at: '2026-09-01T05:00:00.000Z',
      },
    ],
    version: 'v2',
    lineAvailable: 12500,
    may: NOTHING,
    ...overrides,
  };
}

export const claimList = (items: ClaimRow[], awaitingMe = 0): { body: ClaimList } => ({
  body: { items, total: items.length, page: 1, pageSize: 20, awaitingMe },
});
