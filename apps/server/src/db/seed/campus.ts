/** The council's fixed structure, shared by the demo and the large-campus generator. */
export const COUNCIL = {
  name: 'Council of Students Activities (COSA)',
  category: 'council',
  contactLocal: 'cosa',
  description:
    'The apex student body that plans, funds and oversees every co-curricular activity on campus through its four councils and their clubs.',
} as const;

export type CommitteeKey = 'scitech' | 'cultural' | 'sports' | 'academic';

/** The four councils under COSA, with the skill, event and achievement type each looks after. */
export const COMMITTEES: readonly {
  key: CommitteeKey;
  name: string;
  category: 'technical' | 'cultural' | 'sports' | 'academic';
  contactLocal: string;
  description: string;
}[] = [
  {
    key: 'scitech',
    name: 'Science & Technology Council',
    category: 'technical',
    contactLocal: 'scitech',
    description:
      'Runs the technical clubs, the annual hackathon and the inter-IIT tech meet contingent.',
  },
  {
    key: 'cultural',
    name: 'Cultural Council',
    category: 'cultural',
    contactLocal: 'cultural',
    description: 'Looks after music, dance, drama and fine arts, and organises the cultural fest.',
  },
  {
    key: 'sports',
    name: 'Sports Council',
    category: 'sports',
    contactLocal: 'sports',
    description:
      'Manages the sports clubs, the inter-hostel league and the inter-IIT sports contingent.',
  },
  {
    key: 'academic',
    name: 'Academic Council',
    category: 'academic',
    contactLocal: 'academic',
    description:
      'Represents students on academic matters and runs the quizzing, literary and research clubs.',
  },
];

/** Club names by council, for generated campuses; the demo uses its own, hand-written clubs. */
export const CLUB_NAMES: Record<CommitteeKey, readonly string[]> = {
  scitech: [
    'Coding Club',
    'Robotics Club',
    'Electronics Club',
    'Astronomy Club',
    'Aeromodelling Club',
    'Motorsports Team',
    'AI & Data Science Club',
    'Cyber Security Club',
    'Open Source Society',
    'Entrepreneurship Cell',
    'Game Development Club',
    'Design & Innovation Club',
    'Blockchain Club',
    'Quantum Computing Group',
  ],
  cultural: [
    'Music Club',
    'Dance Club',
    'Dramatics Club',
    'Fine Arts Club',
    'Photography Club',
    'Film & Media Club',
    'Fashion Society',
    'Culinary Club',
    'Classical Arts Society',
    'Comedy Club',
    'Spic Macay Chapter',
    'Nature Club',
  ],
  sports: [
    'Cricket Club',
    'Football Club',
    'Basketball Club',
    'Volleyball Club',
    'Badminton Club',
    'Table Tennis Club',
    'Athletics Club',
    'Chess Club',
    'Kabaddi Club',
    'Yoga Club',
    'Hockey Club',
    'Lawn Tennis Club',
    'Adventure Club',
  ],
  academic: [
    'Quiz Club',
    'Literary & Debating Society',
    'Mathematics Society',
    'Physics Society',
    'Chemistry Society',
    'Finance & Economics Club',
    'Research Society',
    'Consulting Club',
    'Model United Nations Society',
    'Language Club',
  ],
};

/** Position templates for generated clubs: [title, position type, custom type]. */
export const CLUB_POSITION_TEMPLATES: readonly (readonly [string, string, string | null])[] = [
  ['Club Coordinator', 'Coordinator', null],
  ['Core Member', 'Core Member', null],
  ['Events Team Lead', 'Team Lead', null],
  ['Design Head', 'Other', 'Head'],
  ['Volunteer', 'Volunteer', null],
  ['Treasurer', 'Other', 'Treasurer'],
];
