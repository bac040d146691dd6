/** Positions of the demo campus; `unit` is 'cosa', a council key or a club key. */
export type DemoPosition = {
  key: string;
  unit: string;
  title: string;
  type: string;
  customType?: string;
  count: number;
  description: string;
  responsibilities: string[];
  minCgpa: number;
  minYear: number;
  skills: string[];
};

export const DEMO_POSITIONS: readonly DemoPosition[] = [
  {
    key: 'president', unit: 'cosa', title: 'President, COSA', type: 'Other', customType: 'President', count: 1, minCgpa: 7, minYear: 3,
    description: 'Heads the Council of Students Activities and approves its budget, events and room bookings.',
    responsibilities: ['Chair the council meetings', 'Approve room bookings and event budgets', 'Represent students to the institute administration'],
    skills: ['Leadership', 'Public Speaking', 'Budgeting'],
  },
  {
    key: 'gensec.tech', unit: 'scitech', title: 'General Secretary, Science & Technology', type: 'Other', customType: 'General Secretary', count: 1, minCgpa: 7, minYear: 2,
    description: 'Leads the technical clubs and the Science & Technology Council.',
    responsibilities: ['Coordinate the technical clubs', 'Endorse technical skills and achievements', 'Plan the hackathon and tech meet'],
    skills: ['Project Management', 'Python'],
  },
  {
    key: 'gensec.cult', unit: 'cultural', title: 'General Secretary, Cultural Affairs', type: 'Other', customType: 'General Secretary', count: 1, minCgpa: 6.5, minYear: 2,
    description: 'Leads the cultural clubs and the cultural fest.',
    responsibilities: ['Coordinate the cultural clubs', 'Endorse cultural skills and achievements', 'Run the cultural fest'],
    skills: ['Event Management'],
  },
  {
    key: 'gensec.sports', unit: 'sports', title: 'General Secretary, Sports', type: 'Other', customType: 'General Secretary', count: 1, minCgpa: 6.5, minYear: 2,
    description: 'Leads the sports clubs, the inter-hostel league and the inter-IIT contingent.',
    responsibilities: ['Coordinate the sports clubs', 'Endorse sports skills and achievements', 'Select the inter-IIT contingent'],
    skills: ['Team Management'],
  },
  {
    key: 'gensec.acad', unit: 'academic', title: 'General Secretary, Academic Affairs', type: 'Other', customType: 'General Secretary', count: 1, minCgpa: 7.5, minYear: 2,
    description: 'Represents students on academic matters and runs the academic clubs.',
    responsibilities: ['Sit on the senate undergraduate committee', 'Endorse academic skills and achievements', 'Run the peer tutoring programme'],
    skills: ['Technical Writing'],
  },
  {
    key: 'coding.coordinator', unit: 'coding', title: 'Club Coordinator', type: 'Coordinator', count: 2, minCgpa: 7, minYear: 2,
    description: 'Runs the Coding Club: its calendar, its budget and its team.',
    responsibilities: ['Plan the semester calendar', 'Manage the club budget', 'Mentor the core team'],
    skills: ['C++', 'Competitive Programming', 'Leadership'],
  },
  {
    key: 'coding.core', unit: 'coding', title: 'Core Member, Competitive Programming', type: 'Core Member', count: 6, minCgpa: 6, minYear: 1,
    description: 'Sets problems and runs the weekly contests.',
    responsibilities: ['Set and test contest problems', 'Take the weekly problem-solving session'],
    skills: ['C++', 'Algorithms'],
  },
  {
    key: 'coding.web', unit: 'coding', title: 'Web Development Team Lead', type: 'Team Lead', count: 1, minCgpa: 6, minYear: 2,
    description: 'Leads the team that builds the club and fest websites.',
    responsibilities: ['Lead the web team', 'Review code and deployments'],
    skills: ['React', 'TypeScript', 'Git'],
  },
  {
    key: 'robotics.hardware', unit: 'robotics', title: 'Hardware Team Lead', type: 'Team Lead', count: 1, minCgpa: 6.5, minYear: 2,
    description: 'Owns the electronics and mechanical builds of the club robots.',
    responsibilities: ['Design the robot electronics', 'Maintain the lab inventory'],
    skills: ['Arduino', 'PCB Design'],
  },
  {
    key: 'music.coordinator', unit: 'music', title: 'Music Club Coordinator', type: 'Coordinator', count: 2, minCgpa: 6, minYear: 2,
    description: 'Runs the Music Club and its performances.',
    responsibilities: ['Plan jam sessions and open mics', 'Maintain the instruments'],
    skills: ['Hindustani Vocals', 'Acoustic Guitar'],
  },
  {
    key: 'music.volunteer', unit: 'music', title: 'Sound and Stage Volunteer', type: 'Volunteer', count: 10, minCgpa: 0, minYear: 1,
    description: 'Helps set up sound and stage for performances.',
    responsibilities: ['Set up the sound system', 'Manage the stage during shows'],
    skills: [],
  },
  {
    key: 'football.captain', unit: 'football', title: 'Team Captain', type: 'Other', customType: 'Captain', count: 1, minCgpa: 5, minYear: 2,
    description: 'Captains the institute football team.',
    responsibilities: ['Lead practice sessions', 'Pick the playing eleven with the coach'],
    skills: ['Football'],
  },
  {
    key: 'quiz.master', unit: 'quiz', title: 'Quizmaster', type: 'Coordinator', count: 2, minCgpa: 6, minYear: 1,
    description: 'Sets and hosts the fortnightly quizzes.',
    responsibilities: ['Set quiz questions', 'Host the quizzes'],
    skills: ['Quizzing'],
  },
];

/** Who held which position; tenure 0 is the current academic year, -1 the one before. */
export type DemoHolder = {
  person: string;
  position: string;
  tenure: number;
  status: 'active' | 'completed' | 'terminated';
  events: number;
  budget: number;
  feedback?: string;
};

export const DEMO_HOLDERS: readonly DemoHolder[] = [
  { person: 'president', position: 'president', tenure: 0, status: 'active', events: 6, budget: 420_000, feedback: 'Steady hand on the council budget.' },
  { person: 'gensec.tech', position: 'gensec.tech', tenure: 0, status: 'active', events: 4, budget: 135_000 },
  { person: 'gensec.cult', position: 'gensec.cult', tenure: 0, status: 'active', events: 3, budget: 98_000 },
  { person: 'gensec.sports', position: 'gensec.sports', tenure: 0, status: 'active', events: 5, budget: 110_500 },
  { person: 'gensec.acad', position: 'gensec.acad', tenure: 0, status: 'active', events: 2, budget: 25_000 },
  { person: 'club.coordinator', position: 'coding.coordinator', tenure: 0, status: 'active', events: 3, budget: 72_500, feedback: 'Revived the weekly contests.' },
  { person: 'student', position: 'coding.core', tenure: 0, status: 'active', events: 2, budget: 0 },
  { person: 'student', position: 'coding.web', tenure: -1, status: 'completed', events: 1, budget: 12_000, feedback: 'Shipped the new club website on time.' },
  { person: 'kavya.menon', position: 'music.coordinator', tenure: 0, status: 'active', events: 2, budget: 18_000 },
  { person: 'arjun.rao', position: 'music.volunteer', tenure: -1, status: 'completed', events: 0, budget: 0 },
  { person: 'vikram.rathore', position: 'football.captain', tenure: 0, status: 'active', events: 1, budget: 20_000 },
  { person: 'bhavya.shah', position: 'quiz.master', tenure: 0, status: 'active', events: 2, budget: 3_000 },
  { person: 'tejas.patil', position: 'robotics.hardware', tenure: -1, status: 'terminated', events: 0, budget: 4_500, feedback: 'Stepped down mid-term.' },
  { person: 'siddharth.deshpande', position: 'coding.coordinator', tenure: -1, status: 'completed', events: 4, budget: 88_000 },
  { person: 'pranav.pillai', position: 'president', tenure: -1, status: 'completed', events: 7, budget: 510_000, feedback: 'Led the council through the fest year.' },
  { person: 'aishwarya.subramanian', position: 'gensec.tech', tenure: -2, status: 'completed', events: 3, budget: 96_000 },
];
