import type {
  Candidate,
  ElectionDetail,
  ElectionPost,
  ElectionSummary,
  PostResults,
} from '@cosa/contracts';
import { makeUser } from '../../../test/render-app';

// Test data for the elections pages, typed by hand.

export const ELECTION_ID = '00000000-0000-4000-8000-0000000000a1';
export const CULT_POST_ID = '00000000-0000-4000-8000-0000000000b1';
export const QUIZ_POST_ID = '00000000-0000-4000-8000-0000000000b2';
export const ROHAN_NOMINATION = '00000000-0000-4000-8000-0000000000c1';
export const MEERA_NOMINATION = '00000000-0000-4000-8000-0000000000c2';
export const ASHA_NOMINATION = '00000000-0000-4000-8000-0000000000c3';
export const KAVYA_NOMINATION = '00000000-0000-4000-8000-0000000000c4';
export const NOTA = 'none-of-the-above';

export const student = { body: { user: makeUser() } };
export const admin = {
  body: {
    user: makeUser({
      id: '00000000-0000-4000-8000-000000000099',
      role: 'ADMIN',
      name: 'Priya Venkatesh',
      studentId: null,
    }),
  },
};

export function candidate(overrides: Partial<Candidate> = {}): Candidate {
  return {
    id: ROHAN_NOMINATION,
    userId: '00000000-0000-4000-8000-000000000002',
    name: 'Rohan Das',
    batchYear: 2023,
    program: 'B.Tech',
    manifesto: 'More jam sessions.',
    manifestoPdfBytes: null,
    manifestoPdfSha256: null,
    status: 'accepted',
    reason: null,
    proposers: [],
    mine: false,
    ...overrides,
  };
}

/** The cultural secretary's post: one seat, every student votes, CGPA 6.5 and the 2nd year to stand. */
export function post(overrides: Partial<ElectionPost> = {}): ElectionPost {
  return {
    id: CULT_POST_ID,
    positionId: '00000000-0000-4000-8000-0000000000d1',
    positionTitle: 'General Secretary, Cultural Affairs',
    unitName: 'Cultural Council',
    seats: 1,
    proposersNeeded: 0,
    voters: 'Every student',
    voterBatchYears: [],
    voterPrograms: [],
    voterDisciplines: [],
    voterUnitId: null,
    voterUnitName: null,
    requirements: { minCgpa: 6.5, minYear: 2, skillsRequired: ['Event Management'] },
    canVote: { ok: true, reason: null },
    voted: false,
    canStand: { ok: true, reason: null },
    candidates: [candidate()],
    draw: null,
    ...overrides,
  };
}

export function summary(overrides: Partial<ElectionSummary> = {}): ElectionSummary {
  return {
    id: ELECTION_ID,
    title: 'Council elections 2099',
    phase: 'nominations',
    tenureYear: '2026-2027',
    // 10:00 on 10 Jan to 18:00 on 15 Jan, then 09:00 to 18:00 on 20 Jan 2099, in Asia/Kolkata
    nominationsOpenAt: '2099-01-10T04:30:00.000Z',
    nominationsCloseAt: '2099-01-15T12:30:00.000Z',
    votingOpenAt: '2099-01-20T03:30:00.000Z',
    votingCloseAt: '2099-01-20T12:30:00.000Z',
    postCount: 2,
    ...overrides,
  };
}

export function election(overrides: Partial<ElectionDetail> = {}): ElectionDetail {
  return {
    ...summary(),
    description: 'Rules: https://example.org/rules',
    officer: { id: '00000000-0000-4000-8000-000000000009', name: 'Meera Iyer' },
    canManage: false,
    version: '4071129600.123456',
    certifiedAt: null,
    tieRule: 'Ties go to the earlier round, then to the draw.',
    posts: [
      post(),
      post({
        id: QUIZ_POST_ID,
        positionId: '00000000-0000-4000-8000-0000000000d2',
        positionTitle: 'Quizmaster',
        unitName: 'Quiz Club',
        seats: 2,
        proposersNeeded: 2,
        voters: 'batch 2024; B.Tech',
        requirements: { minCgpa: 0, minYear: 1, skillsRequired: [] },
        candidates: [],
      }),
    ],
    ...overrides,
  };
}

/** The cultural post's count: Rohan elected in round 2 after Kavya's exclusion. */
export function results(overrides: Partial<PostResults> = {}): PostResults {
  return {
    post: {
      id: CULT_POST_ID,
      electionId: ELECTION_ID,
      positionTitle: 'General Secretary, Cultural Affairs',
      seats: 1,
    },
    method: 'instant-runoff',
    candidates: [
      { id: ROHAN_NOMINATION, name: 'Rohan Das' },
      { id: MEERA_NOMINATION, name: 'Meera Iyer' },
      { id: KAVYA_NOMINATION, name: 'Kavya Nair' },
      { id: NOTA, name: 'None of the above' },
    ],
    validBallots: 10,
    quota: null,
    elected: [ROHAN_NOMINATION],
    rounds: [
      {
        number: 1,
        votes: { [ROHAN_NOMINATION]: 4, [MEERA_NOMINATION]: 3, [KAVYA_NOMINATION]: 2, [NOTA]: 1 },
        exhausted: 0,
        actions: [{ kind: 'excluded', candidate: NOTA }],
        tie: null,
      },
      {
        number: 2,
        votes: { [ROHAN_NOMINATION]: 4, [MEERA_NOMINATION]: 3, [KAVYA_NOMINATION]: 2 },
        exhausted: 1,
        actions: [{ kind: 'excluded', candidate: KAVYA_NOMINATION }],
        tie: null,
      },
      {
        number: 3,
        votes: { [ROHAN_NOMINATION]: 6, [MEERA_NOMINATION]: 3 },
        exhausted: 1,
        actions: [{ kind: 'elected', candidates: [ROHAN_NOMINATION] }],
        tie: null,
      },
    ],
    turnout: {
      eligible: 40,
      voted: 10,
      byBatch: [
        { group: '2023', voters: 7 },
        { group: '2024', voters: null },
      ],
      byProgram: [{ group: 'B.Tech', voters: 10 }],
    },
    ballots: [],
    ...overrides,
  };
}
