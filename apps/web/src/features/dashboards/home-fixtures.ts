import type { HomeDashboard } from '@cosa/contracts';

// The student home's answer for the page tests, typed by hand.

export const dashboard: HomeDashboard = {
  user: {
    name: 'Asha Verma',
    branch: 'Electrical Engineering',
    batchYear: 2023,
    program: 'M.Tech',
    photoUrl: null,
  },
  counts: { skills: 4, achievements: 7, positions: 2, feedbackGiven: 3 },
  upcomingEvents: [
    {
      id: 'e1',
      title: 'Inter IIT Tech Meet Trials',
      description: 'Selection trials for the tech meet.',
      category: 'technical',
      unitName: 'Robotics Club',
      // 09:30 and 17:00 in Asia/Kolkata
      start: '2030-01-15T04:00:00.000Z',
      end: '2030-01-15T11:30:00.000Z',
    },
    {
      id: 'e2',
      title: 'Open Mic Night',
      description: null,
      category: 'cultural',
      unitName: null,
      start: '2030-02-01T14:30:00.000Z',
      end: null,
    },
  ],
  upcomingTotal: 2,
  followedClubEvents: [],
  latestAchievement: {
    id: 'a1',
    achievementCode: 'ACH-0001',
    title: 'Smart India Hackathon finalist',
    description: null,
    category: 'Hackathon',
    type: 'technical',
    level: 'national',
    event: null,
    dateAchieved: '2025-03-05',
    position: 'Finalist',
    certificateUrl: null,
    verified: true,
    verifiedBy: { name: 'Ishita Reddy' },
    verifiedAt: '2025-03-10T10:00:00.000Z',
    declineReason: null,
    version: 1,
    history: [],
    createdAt: '2025-03-06T10:00:00.000Z',
  },
};
