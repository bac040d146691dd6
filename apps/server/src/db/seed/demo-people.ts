import type { Role } from '@cosa/contracts';

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
