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

/** The e-mail's local part of a name: 'Diya Nair' is diya.nair. */
const keyOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z ]/g, '')
    .split(' ')
    .join('.');

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
  key: keyOf(name),
  name,
  gender,
  role: 'STUDENT',
}));

type Program = NonNullable<DemoPerson['program']>;
const CSE = 'Computer Science & Engineering';
const ECE = 'Electronics & Communication';
const EE = 'Electrical Engineering';
const ME = 'Mechanical Engineering';
const CIVIL = 'Civil Engineering';
const CHEMICAL = 'Chemical Engineering';

// Name, gender, year of study, program, discipline: spread so that each batch, program and most
// disciplines hold five students or more, the smallest group the term report names.
const MORE_STUDENTS: readonly (readonly [string, 'Male' | 'Female', number, Program, string])[] = [
  ['Ira Malhotra', 'Female', 1, 'B.Tech', CSE],
  ['Kunal Bhatt', 'Male', 1, 'B.Tech', CSE],
  ['Riddhi Kapoor', 'Female', 1, 'B.Tech', ECE],
  ['Manav Sethi', 'Male', 1, 'B.Tech', ECE],
  ['Sakshi Dubey', 'Female', 1, 'B.Tech', CHEMICAL],
  ['Rehan Siddiqui', 'Male', 1, 'B.Tech', CHEMICAL],
  ['Tara Chawla', 'Female', 1, 'B.Tech', CIVIL],
  ['Parth Thakur', 'Male', 1, 'B.Tech', ME],
  ['Mahi Bhardwaj', 'Female', 1, 'B.Tech', EE],
  ['Rudra Grover', 'Male', 1, 'B.Tech', EE],
  ['Devika Rawat', 'Female', 1, 'B.Tech', CIVIL],
  ['Ojas Kamath', 'Male', 1, 'B.Tech', ME],
  ['Sameer Hegde', 'Male', 1, 'M.Tech', CSE],
  ['Pallavi Bhosale', 'Female', 1, 'M.Tech', EE],
  ['Nitin Awasthi', 'Male', 1, 'M.Tech', ME],
  ['Ritika Pandey', 'Female', 1, 'MSc', 'Mathematics'],
  ['Aniket Dutta', 'Male', 1, 'MSc', 'Physics'],
  ['Madhavi Rangan', 'Female', 1, 'PhD', 'Chemistry'],
  ['Sahil Oberoi', 'Male', 2, 'B.Tech', CSE],
  ['Jhanvi Soni', 'Female', 2, 'B.Tech', CIVIL],
  ['Ayesha Rizvi', 'Female', 2, 'B.Tech', CHEMICAL],
  ['Vedant Kale', 'Male', 2, 'M.Tech', CSE],
  ['Shruti Bapat', 'Female', 2, 'M.Tech', ECE],
  ['Tanmay Ghatge', 'Male', 2, 'MSc', 'Mathematics'],
  ['Naina Bakshi', 'Female', 2, 'MSc', 'Chemistry'],
  ['Abhay Nanda', 'Male', 2, 'PhD', 'Physics'],
  ['Esha Mathur', 'Female', 3, 'B.Tech', ECE],
  ['Gaurav Lamba', 'Male', 3, 'B.Tech', CIVIL],
  ['Juhi Arora', 'Female', 3, 'B.Tech', CSE],
  ['Raghav Srinath', 'Male', 3, 'PhD', 'Mathematics'],
  ['Leela Pai', 'Female', 3, 'PhD', 'Chemistry'],
  ['Chirag Modi', 'Male', 4, 'B.Tech', ME],
  ['Mitali Dhillon', 'Female', 4, 'B.Tech', EE],
  ['Yuvraj Bedi', 'Male', 4, 'B.Tech', CSE],
  ['Sonal Kohli', 'Female', 4, 'B.Tech', CIVIL],
  ['Hemant Kashyap', 'Male', 4, 'PhD', 'Physics'],
];

/**
 * Thirty-six more students, first-years among them, who claim no skills and hold no office: the
 * campus's rosters, seats and check-ins draw on them with the students above.
 */
export const DEMO_MORE_STUDENTS: readonly DemoPerson[] = MORE_STUDENTS.map(
  ([name, gender, year, program, branch]) => ({
    key: keyOf(name),
    name,
    gender,
    role: 'STUDENT',
    year,
    program,
    branch,
  }),
);

/** Students of DEMO_MORE_STUDENTS who took part in nothing this year: the report's reach is not everyone. */
export const DEMO_BYSTANDERS: readonly string[] = [
  'mahi.bhardwaj',
  'rudra.grover',
  'parth.thakur',
  'ojas.kamath',
];
