/** A catalogue skill of the demo campus, endorsed or awaiting review. */
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
