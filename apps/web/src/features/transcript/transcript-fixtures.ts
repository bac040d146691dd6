import type {
  CredentialCheck,
  TranscriptRecords,
  TranscriptSummary,
  TranscriptVerification,
} from '@cosa/contracts';
import { makeUser, stubApi } from '../../../test/render-app';

// Test data for the transcript pages, typed by hand.

export const session = { body: { user: makeUser() } };
export const signedOut = { body: { user: null } };

export const HACKATHON_ID = '10000000-0000-4000-8000-0000000000a1';
export const DEBATE_ID = '10000000-0000-4000-8000-0000000000a2';
export const CORE_MEMBER_ID = '10000000-0000-4000-8000-0000000000b1';
const PYTHON_ID = '10000000-0000-4000-8000-0000000000c1';
export const WORKSHOP_ID = '10000000-0000-4000-8000-0000000000d1';
const TALK_ID = '10000000-0000-4000-8000-0000000000d2';
export const CODING_CURRENT_ID = '10000000-0000-4000-8000-0000000000e1';
export const CODING_PAST_ID = '10000000-0000-4000-8000-0000000000e2';
const CODING_CLUB_ID = '10000000-0000-4000-8000-0000000000f1';
export const LATEST_ID = '20000000-0000-4000-8000-000000000001';
const OLDER_ID = '20000000-0000-4000-8000-000000000002';
const NEW_ID = '20000000-0000-4000-8000-000000000003';

export const records: TranscriptRecords = {
  student: {
    name: 'Asha Verma',
    studentId: '12340001',
    program: 'B.Tech',
    discipline: 'Computer Science & Engineering',
    batchYear: 2024,
  },
  achievements: [
    {
      id: HACKATHON_ID,
      code: 'ACH-0001',
      title: 'Smart India Hackathon',
      type: 'technical',
      category: 'Hackathon',
      level: 'national',
      position: 'Winner',
      dateAchieved: '2025-03-05',
      verifiedBy: 'Ishita Reddy',
      verifiedAt: '2025-03-10T05:00:00.000Z',
      credentialRefusal: null,
    },
    {
      id: DEBATE_ID,
      code: 'ACH-0002',
      title: 'Inter-college debate',
      type: 'cultural',
      category: 'Debate',
      level: 'college',
      position: null,
      dateAchieved: '2024-11-20',
      verifiedBy: 'Ananya Banerjee',
      // 00:15 on 22 November in Asia/Kolkata, still the 21st in UTC
      verifiedAt: '2024-11-21T18:45:00.000Z',
      credentialRefusal: null,
    },
  ],
  positions: [
    {
      id: CORE_MEMBER_ID,
      code: 'POR-0001',
      title: 'Core Member, Competitive Programming',
      unit: 'Coding Club',
      tenureYear: '2025-2026',
      appointmentDate: '2025-07-01',
      verifiedBy: 'Sneha Kulkarni',
      verifiedAt: '2025-07-03T06:00:00.000Z',
      credentialRefusal: null,
    },
  ],
  skills: [
    {
      id: PYTHON_ID,
      name: 'Python',
      category: 'Programming',
      type: 'technical',
      proficiencyLevel: 'advanced',
      endorsedBy: 'Ishita Reddy',
      endorsedAt: '2025-02-01T10:00:00.000Z',
    },
  ],
  attendance: [
    {
      id: WORKSHOP_ID,
      eventId: 'e1',
      title: 'Robotics workshop',
      // 01:00 on 15 August in Asia/Kolkata, still the 14th in UTC
      checkedInAt: '2025-08-14T19:30:00.000Z',
      checkedInBy: 'Ishaan Verma',
    },
    {
      id: TALK_ID,
      eventId: 'e2',
      title: 'Space talk',
      checkedInAt: '2025-07-02T12:00:00.000Z',
      checkedInBy: null,
    },
  ],
  memberships: [
    {
      id: CODING_CURRENT_ID,
      clubId: CODING_CLUB_ID,
      club: 'Coding Club',
      role: 'Core member',
      // 01:30 on 1 August 2025 in Asia/Kolkata, still July in UTC
      startedAt: '2025-07-31T20:00:00.000Z',
      endedAt: null,
    },
    {
      id: CODING_PAST_ID,
      clubId: CODING_CLUB_ID,
      club: 'Coding Club',
      role: 'Member',
      startedAt: '2024-08-10T06:00:00.000Z',
      endedAt: '2025-05-20T06:00:00.000Z',
    },
  ],
  pending: { achievements: 1, positions: 2, skills: 0 },
};

export const nothingVerified: TranscriptRecords = {
  ...records,
  achievements: [],
  positions: [],
  skills: [],
  attendance: [],
  memberships: [],
  pending: { achievements: 0, positions: 0, skills: 1 },
};

/** 14:30 on 1 April 2025 in Asia/Kolkata. */
export const latest: TranscriptSummary = {
  id: LATEST_ID,
  issuedAt: '2025-04-01T09:00:00.000Z',
  revokedAt: null,
  counts: { achievements: 2, positions: 1, skills: 0, attendance: 1, memberships: 0 },
  verifyUrl: `https://cosa.iitbhilai.ac.in/verify/${LATEST_ID}`,
};

/** Issued 09:00 on 15 January 2025, revoked 12:00 on 20 January 2025 in Asia/Kolkata. */
export const older: TranscriptSummary = {
  id: OLDER_ID,
  issuedAt: '2025-01-15T03:30:00.000Z',
  revokedAt: '2025-01-20T06:30:00.000Z',
  counts: { achievements: 1, positions: 0, skills: 1, attendance: 0, memberships: 0 },
  verifyUrl: `https://cosa.iitbhilai.ac.in/verify/${OLDER_ID}`,
};

/** 17:00 on 2 April 2025 in Asia/Kolkata. */
export const issuedNow: TranscriptSummary = {
  id: NEW_ID,
  issuedAt: '2025-04-02T11:30:00.000Z',
  revokedAt: null,
  counts: { achievements: 1, positions: 1, skills: 0, attendance: 0, memberships: 0 },
  verifyUrl: `https://cosa.iitbhilai.ac.in/verify/${NEW_ID}`,
};

export const verification: TranscriptVerification = {
  id: LATEST_ID,
  status: 'valid',
  issuedAt: '2025-04-01T09:00:00.000Z',
  revokedAt: null,
  institute: { name: 'Indian Institute of Technology Bhilai', shortName: 'IIT Bhilai' },
  content: {
    student: records.student,
    achievements: [records.achievements[0]!],
    positions: records.positions,
    skills: [],
    attendance: [records.attendance[0]!],
    memberships: [],
  },
  withdrawn: [],
};

/** Revoked 00:15 on 3 April 2025 in Asia/Kolkata (still the 2nd in UTC). */
export const revokedVerification: TranscriptVerification = {
  ...verification,
  status: 'revoked',
  revokedAt: '2025-04-02T18:45:00.000Z',
};

export const validCheck: CredentialCheck = {
  valid: true,
  message: 'This credential is valid: it was issued by this portal and has not been altered.',
  credential: {
    achievement: 'Smart India Hackathon',
    description: 'Winner, national level',
    subject: 'Asha Verma',
    issuer: 'Indian Institute of Technology Bhilai',
    issuedAt: '2025-03-10T05:00:00.000Z',
  },
  revocation: null,
};

export const alteredCheck: CredentialCheck = {
  valid: false,
  message: 'This credential has been altered or was not signed by this portal.',
  credential: null,
  revocation: null,
};

/** The issued-transcripts list as the server sends it. */
export const list = (...items: TranscriptSummary[]) => ({ body: { items } });

/** The transcript page's API: the records, the two issued transcripts, and `replies` on top. */
export function stubTranscriptApi(replies: Record<string, Parameters<typeof stubApi>[0][string]> = {}) {
  return stubApi({
    session,
    '/api/me/transcript-records': { body: records },
    '/api/me/transcripts': list(latest, older),
    '/api/me/credentials': { body: { items: [] } },
    ...replies,
  });
}
