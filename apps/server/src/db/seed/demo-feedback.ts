/** The demo campus's feedback, relative to today. */

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
  /** Who resolved it and how: on a day (days ago), or some hours after it was given. */
  resolved?: { by: string; actions: string } & ({ daysAgo: number } | { afterHours: number });
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
