/** The demo campus's events, relative to today. */

export type DemoEvent = {
  key: string;
  unit: string;
  title: string;
  description: string;
  category: 'technical' | 'cultural' | 'sports' | 'academic' | 'other';
  type: string;
  /** Days from today; negative is past (completed), positive upcoming (planned). */
  day: number;
  /** Start in Indian time, 24-hour clock, and the length in minutes. */
  at: [number, number];
  minutes: number;
  venue: string;
  mode: 'online' | 'offline' | 'hybrid';
  registration?: { fees: number; max: number };
  /**
   * A past event's take-up: confirmed seats (`absent` of them never came), seats given up before
   * the day, and people the door let in without a seat (the event takes walk-ins when there are any).
   */
  turnout?: { seats: number; absent: number; cancelled?: number; walkIns?: number };
  budget: number;
  sponsors?: string[];
  organizers: string[];
  createdBy: string;
};

export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    key: 'hackathon',
    unit: 'coding',
    title: 'CodeSprint 2.0 Hackathon',
    category: 'technical',
    type: 'Competition',
    day: -45,
    at: [10, 0],
    minutes: 24 * 60,
    description:
      'A 24-hour hackathon on campus problems: mess feedback, hostel maintenance and bus tracking.',
    venue: 'Lecture Hall Complex',
    mode: 'offline',
    registration: { fees: 0, max: 200 },
    turnout: { seats: 30, absent: 5, cancelled: 3, walkIns: 2 },
    budget: 60_000,
    sponsors: ['GitHub Education', 'Devfolio'],
    organizers: ['club.coordinator', 'student'],
    createdBy: 'gensec.tech',
  },
  {
    key: 'robotics-workshop',
    unit: 'robotics',
    title: 'Robotics Workshop: Line Follower Bots',
    category: 'technical',
    type: 'Workshop',
    day: -30,
    at: [14, 0],
    minutes: 180,
    description: 'Build and race a line-following robot in teams of three; kits provided.',
    venue: 'Tinkerers Lab',
    mode: 'offline',
    registration: { fees: 200, max: 60 },
    turnout: { seats: 22, absent: 5, cancelled: 1 },
    budget: 15_000,
    organizers: ['tejas.patil'],
    createdBy: 'gensec.tech',
  },
  {
    key: 'open-mic',
    unit: 'music',
    title: 'Unplugged: Open Mic Night',
    category: 'cultural',
    type: 'Performance',
    day: -20,
    at: [19, 0],
    minutes: 180,
    description:
      'Songs, poetry and stand-up under the stars; anyone can sign up for a five-minute slot.',
    venue: 'Open Air Theatre',
    mode: 'offline',
    turnout: { seats: 0, absent: 0, walkIns: 24 },
    budget: 8_000,
    organizers: ['kavya.menon', 'arjun.rao'],
    createdBy: 'gensec.cult',
  },
  {
    key: 'football-final',
    unit: 'football',
    title: 'Inter-Hostel Football League Final',
    category: 'sports',
    type: 'Tournament',
    day: -12,
    at: [16, 30],
    minutes: 120,
    description: 'Indravati and Kanhar meet in the final of the inter-hostel league.',
    venue: 'Main Ground',
    mode: 'offline',
    turnout: { seats: 0, absent: 0, walkIns: 26 },
    budget: 20_000,
    sponsors: ['Decathlon'],
    organizers: ['vikram.rathore'],
    createdBy: 'gensec.sports',
  },
  {
    key: 'chess-rapid',
    unit: 'chess',
    title: 'Rapid Chess Championship',
    category: 'sports',
    type: 'Tournament',
    day: -8,
    at: [10, 0],
    minutes: 360,
    description: 'Seven rounds of 15+10 rapid chess; rated on the club ladder.',
    venue: 'Student Activity Centre',
    mode: 'offline',
    registration: { fees: 50, max: 64 },
    turnout: { seats: 18, absent: 5, walkIns: 1 },
    budget: 5_000,
    organizers: ['farhan.qureshi'],
    createdBy: 'gensec.sports',
  },
  {
    key: 'quiz-india',
    unit: 'quiz',
    title: 'General Quiz: Know Your India',
    category: 'academic',
    type: 'Competition',
    day: -5,
    at: [18, 0],
    minutes: 120,
    description: 'A general quiz on Indian history, geography, culture and sport, in teams of two.',
    venue: 'Lecture Hall 101',
    mode: 'hybrid',
    turnout: { seats: 0, absent: 0, walkIns: 14 },
    budget: 3_000,
    organizers: ['bhavya.shah'],
    createdBy: 'gensec.acad',
  },
  {
    key: 'web-bootcamp',
    unit: 'coding',
    title: 'Web Development Bootcamp',
    category: 'technical',
    type: 'Workshop',
    day: 3,
    at: [17, 30],
    minutes: 120,
    description: 'Three evenings from HTML to a deployed React app; bring a laptop.',
    venue: 'Computer Centre',
    mode: 'hybrid',
    registration: { fees: 0, max: 120 },
    budget: 12_000,
    organizers: ['club.coordinator', 'student'],
    createdBy: 'club.coordinator',
  },
  {
    key: 'nukkad',
    unit: 'dramatics',
    title: 'Nukkad Natak: Voices of Change',
    category: 'cultural',
    type: 'Performance',
    day: 6,
    at: [18, 0],
    minutes: 90,
    description: 'Street plays on mental health and road safety by the Dramatics Club.',
    venue: 'Central Lawn',
    mode: 'offline',
    budget: 6_500,
    organizers: ['mrunal.gokhale'],
    createdBy: 'gensec.cult',
  },
  {
    key: 'paint-marathon',
    unit: 'finearts',
    title: 'Sketch and Paint Marathon',
    category: 'cultural',
    type: 'Competition',
    day: 10,
    at: [10, 0],
    minutes: 300,
    description: 'Five hours, one theme announced on the spot; materials provided.',
    venue: 'Fine Arts Studio',
    mode: 'offline',
    registration: { fees: 100, max: 40 },
    budget: 9_000,
    organizers: ['zoya.ansari'],
    createdBy: 'gensec.cult',
  },
  {
    key: 'athletics-meet',
    unit: 'sports',
    title: 'Annual Athletics Meet',
    category: 'sports',
    type: 'Tournament',
    day: 18,
    at: [7, 0],
    minutes: 600,
    description: 'Track and field events for every hostel; medals for the top three in each event.',
    venue: 'Athletics Track',
    mode: 'offline',
    budget: 75_000,
    sponsors: ['Decathlon', 'State Bank of India'],
    organizers: ['gensec.sports', 'varun.chauhan'],
    createdBy: 'gensec.sports',
  },
  {
    key: 'poster-symposium',
    unit: 'academic',
    title: 'Research Poster Symposium',
    category: 'academic',
    type: 'Symposium',
    day: 25,
    at: [10, 0],
    minutes: 360,
    description:
      'Undergraduate and postgraduate research posters judged by faculty from every department.',
    venue: 'Auditorium',
    mode: 'offline',
    registration: { fees: 0, max: 80 },
    budget: 25_000,
    organizers: ['gensec.acad'],
    createdBy: 'gensec.acad',
  },
];
