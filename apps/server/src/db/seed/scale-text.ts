/** Text pools for generated campuses. */

export const EVENT_KINDS: Record<string, readonly string[]> = {
  technical: ['Workshop', 'Hackathon', 'Tech Talk', 'Coding Contest', 'Project Expo', 'Bootcamp'],
  cultural: ['Performance', 'Open Mic', 'Competition', 'Exhibition', 'Workshop', 'Showcase'],
  sports: ['Tournament', 'League Match', 'Trials', 'Coaching Camp', 'Fitness Drive', 'Championship'],
  academic: ['Quiz', 'Guest Lecture', 'Symposium', 'Debate', 'Paper Reading', 'Study Circle'],
};

export const VENUES: readonly string[] = [
  'Lecture Hall Complex',
  'Auditorium',
  'Open Air Theatre',
  'Student Activity Centre',
  'Main Ground',
  'Indoor Sports Hall',
  'Computer Centre',
  'Tinkerers Lab',
  'Central Library Seminar Hall',
  'Lecture Hall 101',
  'Lecture Hall 204',
  'Central Lawn',
];

export const SPONSORS: readonly string[] = [
  'State Bank of India',
  'Decathlon',
  'GitHub Education',
  'Devfolio',
  'Unstop',
  'Red Bull',
  'Coding Ninjas',
  'Jio',
  'Chhattisgarh Tourism',
  'Amul',
  'Canara Bank',
  'Tata Steel',
];

export const RESPONSIBILITIES: readonly string[] = [
  'Plan the semester calendar',
  'Manage the club budget',
  'Coordinate with the council',
  'Run weekly sessions',
  'Handle social media and posters',
  'Mentor first-year members',
  'Book rooms and equipment',
  'Keep minutes of meetings',
  'Organise the annual flagship event',
  'Maintain the club inventory',
  'Liaise with sponsors',
  'Report to the general secretary',
];

export const HOLDER_FEEDBACK: readonly string[] = [
  'Consistently on time with reports.',
  'Ran every event within budget.',
  'Grew the club membership this year.',
  'Needs to delegate more.',
  'Excellent coordination with the council.',
  'Handled the fest logistics well.',
];

export const ACHIEVEMENT_TITLES: Record<string, readonly string[]> = {
  technical: [
    'Hackathon',
    'Coding Contest',
    'Robotics Challenge',
    'Open Source Contribution',
    'Project Expo',
    'Capture the Flag',
  ],
  cultural: [
    'Solo Singing',
    'Group Dance',
    'Street Play',
    'Painting Competition',
    'Photography Contest',
    'Short Film',
  ],
  sports: [
    'Badminton Singles',
    'Football League',
    'Athletics Meet',
    'Chess Championship',
    'Cricket Tournament',
    'Marathon',
  ],
  academic: [
    'Quiz',
    'Paper Presentation',
    'Mathematics Olympiad',
    'Case Study Competition',
    'Debate',
    'Research Poster',
  ],
  other: [
    'Blood Donation Drive',
    'Community Teaching',
    'Campus Clean-up',
    'Startup Pitch',
    'Model United Nations',
  ],
};

export const ACHIEVEMENT_POSITIONS: readonly string[] = [
  'Winner',
  '1st',
  '2nd',
  '3rd',
  'Runner-up',
  'Finalist',
  'Participant',
  'Special Mention',
];

/** Feedback comments by target type; {name} is replaced with the target's name. */
export const FEEDBACK_COMMENTS: Record<string, readonly string[]> = {
  User: [
    '{name} was very helpful during the event preparations.',
    '{name} should respond to messages on the club group more quickly.',
    'Thanks to {name} for organising the practice sessions every week.',
    '{name} explained the selection process clearly.',
  ],
  Event: [
    '{name} was well organised, but it started forty minutes late.',
    'Loved {name}. Please hold it again next semester.',
    'The sound system at {name} kept failing.',
    'More seats were needed at {name}; many of us stood throughout.',
    'Could the registration for {name} open earlier?',
  ],
  'Club/Organization': [
    '{name} should publish its calendar at the start of the semester.',
    '{name} has been very welcoming to first-years.',
    'The equipment of {name} needs replacing.',
    'Please share the budget summary of {name}.',
  ],
  POR: [
    'What are the selection criteria for {name}?',
    'The {name} role needs a clearer description of duties.',
    'Can first-years apply for {name}?',
  ],
};

export const RESOLUTIONS: readonly string[] = [
  'Discussed in the council meeting; changes made from next week.',
  'Forwarded to the club coordinator, who has replied to the student.',
  'Equipment ordered; expected within two weeks.',
  'Clarified on the notice board and the club group.',
  'Schedule revised as suggested.',
];

export const BOOKING_PURPOSES: readonly string[] = [
  'Club weekly meeting',
  'Workshop session',
  'Auditions',
  'Rehearsal',
  'Council review meeting',
  'Guest lecture',
  'Practice round',
  'Orientation for first-years',
  'Design review',
  'Interview panel',
];
