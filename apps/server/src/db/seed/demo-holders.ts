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
  {
    person: 'president',
    position: 'president',
    tenure: 0,
    status: 'active',
    events: 6,
    budget: 420_000,
    feedback: 'Steady hand on the council budget.',
  },
  {
    person: 'gensec.tech',
    position: 'gensec.tech',
    tenure: 0,
    status: 'active',
    events: 4,
    budget: 135_000,
  },
  {
    person: 'gensec.cult',
    position: 'gensec.cult',
    tenure: 0,
    status: 'active',
    events: 3,
    budget: 98_000,
  },
  {
    person: 'gensec.sports',
    position: 'gensec.sports',
    tenure: 0,
    status: 'active',
    events: 5,
    budget: 110_500,
  },
  {
    person: 'gensec.acad',
    position: 'gensec.acad',
    tenure: 0,
    status: 'active',
    events: 2,
    budget: 25_000,
  },
  {
    person: 'club.coordinator',
    position: 'coding.coordinator',
    tenure: 0,
    status: 'active',
    events: 3,
    budget: 72_500,
    feedback: 'Revived the weekly contests.',
  },
  { person: 'student', position: 'coding.core', tenure: 0, status: 'active', events: 2, budget: 0 },
  {
    person: 'student',
    position: 'coding.web',
    tenure: -1,
    status: 'completed',
    events: 1,
    budget: 12_000,
    feedback: 'Shipped the new club website on time.',
  },
  {
    person: 'kavya.menon',
    position: 'music.coordinator',
    tenure: 0,
    status: 'active',
    events: 2,
    budget: 18_000,
  },
  {
    person: 'arjun.rao',
    position: 'music.volunteer',
    tenure: -1,
    status: 'completed',
    events: 0,
    budget: 0,
  },
  {
    person: 'vikram.rathore',
    position: 'football.captain',
    tenure: 0,
    status: 'active',
    events: 1,
    budget: 20_000,
  },
  {
    person: 'bhavya.shah',
    position: 'quiz.master',
    tenure: 0,
    status: 'active',
    events: 2,
    budget: 3_000,
  },
  {
    person: 'tejas.patil',
    position: 'robotics.hardware',
    tenure: -1,
    status: 'terminated',
    events: 0,
    budget: 4_500,
    feedback: 'Stepped down mid-term.',
  },
  {
    person: 'siddharth.deshpande',
    position: 'coding.coordinator',
    tenure: -1,
    status: 'completed',
    events: 4,
    budget: 88_000,
  },
  {
    person: 'pranav.pillai',
    position: 'president',
    tenure: -1,
    status: 'completed',
    events: 7,
    budget: 510_000,
    feedback: 'Led the council through the fest year.',
  },
  {
    person: 'aishwarya.subramanian',
    position: 'gensec.tech',
    tenure: -2,
    status: 'completed',
    events: 3,
    budget: 96_000,
  },
];
