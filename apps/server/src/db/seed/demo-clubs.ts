import type { CommitteeKey } from './campus';

/** A club of the demo campus: its committee, contact, budget and description. */
export type DemoClub = {
  key: string;
  name: string;
  committee: CommitteeKey;
  category: string;
  contactLocal: string;
  allocated: number;
  spent: number;
  description: string;
};

export const DEMO_CLUBS: readonly DemoClub[] = [
  {
    key: 'coding',
    name: 'Coding Club',
    committee: 'scitech',
    category: 'technical',
    contactLocal: 'codingclub',
    allocated: 250_000,
    spent: 142_500,
    description:
      'Competitive programming, development sprints and the annual hackathon; weekly problem-solving sessions for every year.',
  },
  {
    key: 'robotics',
    name: 'Robotics Club',
    committee: 'scitech',
    category: 'technical',
    contactLocal: 'robotics',
    allocated: 300_000,
    spent: 187_250,
    description:
      'Builds autonomous robots and drones, runs hands-on workshops and represents the institute at national robotics contests.',
  },
  {
    key: 'music',
    name: 'Music Club',
    committee: 'cultural',
    category: 'cultural',
    contactLocal: 'musicclub',
    allocated: 180_000,
    spent: 96_400,
    description:
      'Hindustani, Carnatic and western music; jam sessions, open mics and the band that headlines the cultural fest.',
  },
  {
    key: 'dramatics',
    name: 'Dramatics Club',
    committee: 'cultural',
    category: 'cultural',
    contactLocal: 'dramatics',
    allocated: 120_000,
    spent: 45_000,
    description:
      'Stage plays, street plays and mime; the club performs on social themes across the city.',
  },
  {
    key: 'finearts',
    name: 'Fine Arts Club',
    committee: 'cultural',
    category: 'cultural',
    contactLocal: 'finearts',
    allocated: 80_000,
    spent: 61_200,
    description:
      'Sketching, painting and traditional art forms such as Madhubani and Warli; decorates the campus for every fest.',
  },
  {
    key: 'football',
    name: 'Football Club',
    committee: 'sports',
    category: 'sports',
    contactLocal: 'football',
    allocated: 150_000,
    spent: 98_000,
    description:
      'Daily practice on the main ground, the inter-hostel league and the inter-IIT football squad.',
  },
  {
    key: 'chess',
    name: 'Chess Club',
    committee: 'sports',
    category: 'sports',
    contactLocal: 'chess',
    allocated: 50_000,
    spent: 18_500,
    description:
      'Rapid and blitz tournaments, opening-theory sessions and coaching for the inter-IIT chess team.',
  },
  {
    key: 'quiz',
    name: 'Quiz Club',
    committee: 'academic',
    category: 'academic',
    contactLocal: 'quizclub',
    allocated: 60_000,
    spent: 22_300,
    description:
      'General, business and science quizzes every fortnight; trains teams for national quizzing circuits.',
  },
];
