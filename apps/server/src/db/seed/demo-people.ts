import type { Role } from '@cosa/contracts';
import type { CommitteeKey } from './campus';

/** A person of the demo campus; `key` is the e-mail's local part. */
export type DemoPerson = {
  key: string;
  name: string;
  gender: 'Male' | 'Female';
  role: Role;
  /** Year of study now (1 to 4); the admission year follows from it. */
  year?: number;
  program?: 'B.Tech' | 'M.Tech' | 'MSc' | 'PhD';
  branch?: string;
};

/** The demo accounts, one per role, in the order they are printed; the administrator is staff, not a student. */
export const DEMO_ACCOUNTS: readonly DemoPerson[] = [
  {
    key: 'student',
    name: 'Aarav Sharma',
    gender: 'Male',
    role: 'STUDENT',
    year: 3,
    program: 'B.Tech',
    branch: 'Computer Science & Engineering',
  },
  {
    key: 'president',
    name: 'Rohan Mehta',
    gender: 'Male',
    role: 'PRESIDENT',
    year: 4,
    program: 'B.Tech',
    branch: 'Electrical Engineering',
  },
  {
    key: 'gensec.tech',
    name: 'Ishita Reddy',
    gender: 'Female',
    role: 'GENSEC_SCITECH',
    year: 3,
    program: 'B.Tech',
    branch: 'Computer Science & Engineering',
  },
  {
    key: 'gensec.acad',
    name: 'Karthik Iyer',
    gender: 'Male',
    role: 'GENSEC_ACADEMIC',
    year: 4,
    program: 'B.Tech',
    branch: 'Mechanical Engineering',
  },
  {
    key: 'gensec.cult',
    name: 'Ananya Banerjee',
    gender: 'Female',
    role: 'GENSEC_CULTURAL',
    year: 3,
    program: 'B.Tech',
    branch: 'Electronics & Communication',
  },
  {
    key: 'gensec.sports',
    name: 'Harpreet Singh',
    gender: 'Male',
    role: 'GENSEC_SPORTS',
    year: 3,
    program: 'B.Tech',
    branch: 'Civil Engineering',
  },
  {
    key: 'club.coordinator',
    name: 'Sneha Kulkarni',
    gender: 'Female',
    role: 'CLUB_COORDINATOR',
    year: 3,
    program: 'B.Tech',
    branch: 'Computer Science & Engineering',
  },
  { key: 'admin', name: 'Priya Venkatesh', gender: 'Female', role: 'ADMIN' },
];

/** The club the demo club coordinator runs. */
export const DEMO_COORDINATOR_CLUB = 'coding';

const STUDENTS: readonly (readonly [string, 'Male' | 'Female'])[] = [
  ['Diya Nair', 'Female'],
  ['Vivaan Gupta', 'Male'],
  ['Saanvi Patel', 'Female'],
  ['Aditya Mishra', 'Male'],
  ['Kavya Menon', 'Female'],
  ['Arjun Rao', 'Male'],
  ['Meera Joshi', 'Female'],
  ['Kabir Khan', 'Male'],
  ['Riya Chatterjee', 'Female'],
  ['Siddharth Deshpande', 'Male'],
  ['Tanvi Agarwal', 'Female'],
  ['Pranav Pillai', 'Male'],
  ['Shreya Ghosh', 'Female'],
  ['Yash Verma', 'Male'],
  ['Nandini Das', 'Female'],
  ['Nikhil Yadav', 'Male'],
  ['Aishwarya Subramanian', 'Female'],
  ['Varun Chauhan', 'Male'],
  ['Pooja Tiwari', 'Female'],
  ['Dhruv Saxena', 'Male'],
  ['Lakshmi Krishnan', 'Female'],
  ['Farhan Qureshi', 'Male'],
  ['Simran Kaur', 'Female'],
  ['Tejas Patil', 'Male'],
  ['Gayatri Mohanty', 'Female'],
  ['Anirudh Bose', 'Male'],
  ['Zoya Ansari', 'Female'],
  ['Omkar Jadhav', 'Male'],
  ['Bhavya Shah', 'Female'],
  ['Debanjan Sen', 'Male'],
  ['Keerthi Naidu', 'Female'],
  ['Vikram Rathore', 'Male'],
  ['Mrunal Gokhale', 'Female'],
];

/** Thirty-three more students; their academic details are generated. */
export const DEMO_STUDENTS: readonly DemoPerson[] = STUDENTS.map(([name, gender]) => ({
  key: name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .join('.'),
  name,
  gender,
  role: 'STUDENT',
}));

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

export type DemoSkill = {
  name: string;
  category: string;
  type: 'technical' | 'cultural' | 'sports' | 'academic';
  endorsed: boolean;
  description: string;
};

export const DEMO_SKILLS: readonly DemoSkill[] = [
  {
    name: 'Python',
    category: 'Programming',
    type: 'technical',
    endorsed: true,
    description: 'General-purpose programming, scripting and data work.',
  },
  {
    name: 'C++',
    category: 'Programming',
    type: 'technical',
    endorsed: true,
    description: 'Systems programming and the language of competitive programming.',
  },
  {
    name: 'React',
    category: 'Web and Mobile',
    type: 'technical',
    endorsed: true,
    description: 'Building interactive web interfaces with components.',
  },
  {
    name: 'Machine Learning',
    category: 'Data and AI',
    type: 'technical',
    endorsed: false,
    description: 'Training and evaluating predictive models.',
  },
  {
    name: 'Competitive Programming',
    category: 'Systems and Tools',
    type: 'technical',
    endorsed: true,
    description: 'Timed algorithmic problem solving on judges such as Codeforces.',
  },
  {
    name: 'Arduino',
    category: 'Hardware and Design',
    type: 'technical',
    endorsed: false,
    description: 'Microcontroller prototyping with sensors and motors.',
  },
  {
    name: 'Rust',
    category: 'Programming',
    type: 'technical',
    endorsed: false,
    description: 'Memory-safe systems programming.',
  },
  {
    name: 'Hindustani Vocals',
    category: 'Music',
    type: 'cultural',
    endorsed: true,
    description: 'North Indian classical singing.',
  },
  {
    name: 'Acoustic Guitar',
    category: 'Music',
    type: 'cultural',
    endorsed: true,
    description: 'Rhythm and fingerstyle guitar.',
  },
  {
    name: 'Kathak',
    category: 'Dance',
    type: 'cultural',
    endorsed: false,
    description: 'Classical dance of North India.',
  },
  {
    name: 'Stage Acting',
    category: 'Drama and Speaking',
    type: 'cultural',
    endorsed: true,
    description: 'Acting for stage productions.',
  },
  {
    name: 'Sketching',
    category: 'Visual Arts',
    type: 'cultural',
    endorsed: false,
    description: 'Pencil and charcoal drawing.',
  },
  {
    name: 'Photography',
    category: 'Visual Arts',
    type: 'cultural',
    endorsed: false,
    description: 'Event and landscape photography.',
  },
  {
    name: 'Football',
    category: 'Team Sports',
    type: 'sports',
    endorsed: true,
    description: 'Eleven-a-side football.',
  },
  {
    name: 'Chess',
    category: 'Mind Sports',
    type: 'sports',
    endorsed: true,
    description: 'Classical, rapid and blitz chess.',
  },
  {
    name: 'Badminton',
    category: 'Racket Sports',
    type: 'sports',
    endorsed: false,
    description: 'Singles and doubles badminton.',
  },
  {
    name: '100m Sprint',
    category: 'Athletics',
    type: 'sports',
    endorsed: false,
    description: 'Short-distance sprinting.',
  },
  {
    name: 'Yoga',
    category: 'Fitness',
    type: 'sports',
    endorsed: true,
    description: 'Asanas, pranayama and flexibility training.',
  },
  {
    name: 'Quizzing',
    category: 'Research and Writing',
    type: 'academic',
    endorsed: true,
    description: 'General and specialised quizzing.',
  },
  {
    name: 'Linear Algebra',
    category: 'Mathematics',
    type: 'academic',
    endorsed: false,
    description: 'Vector spaces, matrices and their applications.',
  },
  {
    name: 'Technical Writing',
    category: 'Research and Writing',
    type: 'academic',
    endorsed: true,
    description: 'Reports, papers and documentation.',
  },
  {
    name: 'Debating',
    category: 'Research and Writing',
    type: 'academic',
    endorsed: false,
    description: 'Parliamentary and Oxford-style debating.',
  },
];
