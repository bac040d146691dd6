/** Events, achievements, feedback and room bookings of the demo campus, relative to today. */

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

export type DemoAchievement = {
  person: string;
  title: string;
  description: string;
  category: string;
  type: 'academic' | 'cultural' | 'sports' | 'technical' | 'other';
  level: string;
  position: string;
  daysAgo: number;
  event?: string;
  verifiedBy?: string;
};

export const DEMO_ACHIEVEMENTS: readonly DemoAchievement[] = [
  {
    person: 'student',
    title: 'Smart India Hackathon Finalist',
    description: 'Built a crop-disease detector with a team of six.',
    category: 'Hackathon',
    type: 'technical',
    level: 'national',
    position: 'Finalist',
    daysAgo: 210,
    verifiedBy: 'gensec.tech',
  },
  {
    person: 'student',
    title: 'CodeSprint 2.0 Winner',
    description: 'Best overall project: a hostel maintenance tracker.',
    category: 'Hackathon',
    type: 'technical',
    level: 'college',
    position: 'Winner',
    daysAgo: 44,
    event: 'hackathon',
    verifiedBy: 'club.coordinator',
  },
  {
    person: 'student',
    title: 'Best Performer, Unplugged Open Mic',
    description: 'Acoustic cover voted best act by the audience.',
    category: 'Performance',
    type: 'cultural',
    level: 'college',
    position: '1st',
    daysAgo: 19,
    event: 'open-mic',
  },
  {
    person: 'club.coordinator',
    title: 'ICPC Asia Regional Qualifier',
    description: 'Qualified for the Amritapuri regional.',
    category: 'Programming Contest',
    type: 'technical',
    level: 'international',
    position: 'Qualifier',
    daysAgo: 120,
    verifiedBy: 'gensec.tech',
  },
  {
    person: 'kavya.menon',
    title: 'Inter-IIT Cultural Meet, Solo Vocals',
    description: 'Hindustani classical solo.',
    category: 'Competition',
    type: 'cultural',
    level: 'national',
    position: '2nd',
    daysAgo: 95,
    verifiedBy: 'gensec.cult',
  },
  {
    person: 'vikram.rathore',
    title: 'Inter-Hostel League Champion',
    description: 'Captained Kanhar hostel to the title.',
    category: 'Tournament',
    type: 'sports',
    level: 'college',
    position: 'Winner',
    daysAgo: 12,
    event: 'football-final',
  },
  {
    person: 'farhan.qureshi',
    title: 'Rapid Chess Championship',
    description: '6.5 out of 7.',
    category: 'Tournament',
    type: 'sports',
    level: 'college',
    position: '1st',
    daysAgo: 8,
    event: 'chess-rapid',
  },
  {
    person: 'gayatri.mohanty',
    title: 'State Athletics Championship, 400m',
    description: 'Chhattisgarh state meet.',
    category: 'Athletics',
    type: 'sports',
    level: 'state',
    position: '3rd',
    daysAgo: 160,
    verifiedBy: 'gensec.sports',
  },
  {
    person: 'bhavya.shah',
    title: 'Know Your India Quiz',
    description: 'With Debanjan Sen.',
    category: 'Quiz',
    type: 'academic',
    level: 'college',
    position: '1st',
    daysAgo: 5,
    event: 'quiz-india',
  },
  {
    person: 'aishwarya.subramanian',
    title: 'Paper at a national conference on signal processing',
    description: 'Low-power ECG denoising on a microcontroller.',
    category: 'Publication',
    type: 'academic',
    level: 'national',
    position: 'Author',
    daysAgo: 75,
    verifiedBy: 'gensec.acad',
  },
  {
    person: 'lakshmi.krishnan',
    title: 'INSPIRE Scholarship',
    description: 'Awarded for the top rank in the state board.',
    category: 'Scholarship',
    type: 'academic',
    level: 'national',
    position: 'Scholar',
    daysAgo: 400,
    verifiedBy: 'gensec.acad',
  },
  {
    person: 'tejas.patil',
    title: 'Line Follower Race',
    description: 'Fastest lap of the workshop race.',
    category: 'Workshop',
    type: 'technical',
    level: 'college',
    position: '1st',
    daysAgo: 30,
    event: 'robotics-workshop',
  },
  {
    person: 'zoya.ansari',
    title: 'District Painting Competition',
    description: 'Theme: rivers of Chhattisgarh.',
    category: 'Competition',
    type: 'cultural',
    level: 'district',
    position: '2nd',
    daysAgo: 140,
    verifiedBy: 'gensec.cult',
  },
  {
    person: 'pranav.pillai',
    title: 'Blood Donation Drive Lead',
    description: 'Organised a drive with 300 donors.',
    category: 'Social Service',
    type: 'other',
    level: 'college',
    position: 'Organiser',
    daysAgo: 220,
    verifiedBy: 'president',
  },
  {
    person: 'debanjan.sen',
    title: 'Know Your India Quiz',
    description: 'With Bhavya Shah.',
    category: 'Quiz',
    type: 'academic',
    level: 'college',
    position: '1st',
    daysAgo: 5,
    event: 'quiz-india',
  },
  {
    person: 'simran.kaur',
    title: 'Inter-IIT Sports Meet, Badminton Doubles',
    description: "Women's doubles.",
    category: 'Tournament',
    type: 'sports',
    level: 'national',
    position: 'Quarter-finalist',
    daysAgo: 60,
  },
  {
    person: 'omkar.jadhav',
    title: 'Google Summer of Code Contributor',
    description: 'Contributed to an open-source geospatial library.',
    category: 'Open Source',
    type: 'technical',
    level: 'international',
    position: 'Contributor',
    daysAgo: 100,
  },
];

export type DemoTarget =
  | { kind: 'User'; person: string }
  | { kind: 'Event'; event: string }
  | { kind: 'Club/Organization'; unit: string }
  | { kind: 'POR'; position: string };

export type DemoFeedback = {
  author: string;
  type: 'Suggestion' | 'Complaint' | 'General Feedback' | 'Query' | 'Appreciation' | 'Report' | 'Other';
  target: DemoTarget;
  rating?: number;
  comments: string;
  anonymous?: boolean;
  daysAgo: number;
  resolved?: { by: string; actions: string; daysAgo: number };
};

export const DEMO_FEEDBACK: readonly DemoFeedback[] = [
  {
    author: 'student',
    type: 'Appreciation',
    target: { kind: 'Event', event: 'hackathon' },
    rating: 5,
    daysAgo: 43,
    comments:
      'Brilliant problem statements and the mentors stayed up all night with us. Please make this a two-day event next year.',
  },
  {
    author: 'diya.nair',
    type: 'Complaint',
    target: { kind: 'Event', event: 'football-final' },
    rating: 2,
    anonymous: true,
    daysAgo: 11,
    comments:
      'There was no drinking water near the stands and the first-aid team arrived twenty minutes late.',
    resolved: {
      by: 'gensec.sports',
      actions: 'Water dispensers and a first-aid desk are now mandatory at every ground event.',
      daysAgo: 9,
    },
  },
  {
    author: 'saanvi.patel',
    type: 'Suggestion',
    target: { kind: 'Event', event: 'open-mic' },
    rating: 4,
    daysAgo: 19,
    comments: 'Lovely evening. A sign-up sheet online would stop the queue at the stage.',
  },
  {
    author: 'aditya.mishra',
    type: 'Query',
    target: { kind: 'Event', event: 'quiz-india' },
    daysAgo: 4,
    comments: 'Will the questions and answers be shared after the quiz?',
  },
  {
    author: 'student',
    type: 'Suggestion',
    target: { kind: 'Club/Organization', unit: 'coding' },
    rating: 4,
    daysAgo: 30,
    comments: 'Could the weekly contest move to Saturday evening? Many of us have labs on Friday.',
    resolved: {
      by: 'club.coordinator',
      actions: 'Moved the weekly contest to Saturday 8 pm from this month.',
      daysAgo: 26,
    },
  },
  {
    author: 'meera.joshi',
    type: 'Complaint',
    target: { kind: 'Club/Organization', unit: 'music' },
    rating: 2,
    anonymous: true,
    daysAgo: 15,
    comments: 'Two of the practice room guitars have been broken for a month.',
  },
  {
    author: 'kabir.khan',
    type: 'Report',
    target: { kind: 'Club/Organization', unit: 'sports' },
    rating: 3,
    daysAgo: 22,
    comments: 'The basketball court lights fail after 8 pm, which makes evening practice unsafe.',
    resolved: {
      by: 'gensec.sports',
      actions: 'Reported to the estate office; the lights were repaired on the 14th.',
      daysAgo: 16,
    },
  },
  {
    author: 'riya.chatterjee',
    type: 'Appreciation',
    target: { kind: 'User', person: 'club.coordinator' },
    rating: 5,
    daysAgo: 10,
    comments: 'Sneha answers every doubt on the club group and made first-years feel welcome.',
  },
  {
    author: 'yash.verma',
    type: 'General Feedback',
    target: { kind: 'User', person: 'gensec.cult' },
    rating: 4,
    anonymous: true,
    daysAgo: 7,
    comments: 'The cultural council updates are clear. More notice before auditions would help.',
  },
  {
    author: 'nandini.das',
    type: 'Query',
    target: { kind: 'POR', position: 'coding.core' },
    daysAgo: 14,
    comments: 'Can second-year students apply for the core member position this semester?',
    resolved: {
      by: 'gensec.tech',
      actions: 'Yes: the minimum year is 1; applications open next week.',
      daysAgo: 13,
    },
  },
  {
    author: 'student',
    type: 'Other',
    target: { kind: 'POR', position: 'president' },
    rating: 4,
    daysAgo: 3,
    comments: 'It would be good to publish the council budget summary every semester.',
  },
  {
    author: 'nikhil.yadav',
    type: 'Suggestion',
    target: { kind: 'Event', event: 'web-bootcamp' },
    daysAgo: 1,
    comments:
      'Please share the setup instructions a day before so we can install everything in advance.',
  },
];

export type DemoBooking = {
  room: string;
  day: number;
  start: string;
  end: string;
  description: string;
  status: 'Pending' | 'Approved' | 'Rejected';
  requester: string;
};

export const DEMO_BOOKINGS: readonly DemoBooking[] = [
  {
    room: 'Room A',
    day: -3,
    start: '15:00',
    end: '17:00',
    description: 'Cultural council auditions for first-years',
    status: 'Approved',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: -6,
    start: '18:00',
    end: '20:00',
    description: 'Fine Arts Club portrait workshop',
    status: 'Rejected',
    requester: 'gensec.cult',
  },
  // Never decided: its day has passed, so the portal shows it as Expired.
  {
    room: 'Room B',
    day: -2,
    start: '16:00',
    end: '17:30',
    description: 'Debating Society mock parliament',
    status: 'Pending',
    requester: 'gensec.acad',
  },
  {
    room: 'Room A',
    day: 1,
    start: '14:00',
    end: '15:00',
    description: 'COSA budget review meeting',
    status: 'Approved',
    requester: 'president',
  },
  {
    room: 'Room A',
    day: 2,
    start: '17:00',
    end: '19:00',
    description: 'Coding Club weekly contest',
    status: 'Approved',
    requester: 'gensec.tech',
  },
  {
    room: 'Room A',
    day: 2,
    start: '18:00',
    end: '19:30',
    description: 'Quiz Club practice round',
    status: 'Rejected',
    requester: 'gensec.acad',
  },
  {
    room: 'Room A',
    day: 2,
    start: '19:00',
    end: '20:30',
    description: 'Dramatics Club rehearsal for the street play',
    status: 'Pending',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: 4,
    start: '10:00',
    end: '12:00',
    description: 'Chess Club opening-theory session',
    status: 'Approved',
    requester: 'gensec.sports',
  },
  {
    room: 'Room B',
    day: 4,
    start: '11:00',
    end: '13:00',
    description: 'Music Club jam session',
    status: 'Pending',
    requester: 'gensec.cult',
  },
  {
    room: 'Room B',
    day: 7,
    start: '16:00',
    end: '18:00',
    description: 'Robotics Club design review',
    status: 'Pending',
    requester: 'gensec.tech',
  },
  {
    room: 'Room A',
    day: 9,
    start: '09:00',
    end: '11:00',
    description: 'Dry run of the research poster symposium',
    status: 'Pending',
    requester: 'gensec.acad',
  },
];
