/** One load scenario: a request autocannon repeats for the run's duration. */
export type Scenario = {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sends the session cookie of a seeded student. */
  signedIn?: boolean;
  body?: unknown;
  /** The status every answer should have; 2xx when unset. */
  expectStatus?: number;
};

// Add a scenario with one line here.
export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/config', path: '/api/config' },
  { name: 'GET /api/auth/session (signed out)', path: '/api/auth/session' },
  { name: 'GET /api/auth/session (signed in)', path: '/api/auth/session', signedIn: true },
  // The student's record: the whole home dashboard is one request; the lists are paged on the server.
  { name: 'GET /api/me/dashboard', path: '/api/me/dashboard', signedIn: true },
  { name: 'GET /api/me/profile', path: '/api/me/profile', signedIn: true },
  { name: 'GET /api/me/skills', path: '/api/me/skills', signedIn: true },
  { name: 'GET /api/me/achievements', path: '/api/me/achievements', signedIn: true },
  { name: 'GET /api/me/achievements (search and filter)', path: '/api/me/achievements?q=a&status=pending', signedIn: true },
  { name: 'GET /api/me/positions', path: '/api/me/positions', signedIn: true },
  // The pickers search the whole campus on the server: a name fragment and a student-id prefix.
  { name: 'GET /api/lookup/users?q=sha', path: '/api/lookup/users?q=sha', signedIn: true },
  { name: 'GET /api/lookup/users?q=2300', path: '/api/lookup/users?q=2300', signedIn: true },
  { name: 'GET /api/lookup/events?q=fest', path: '/api/lookup/events?q=fest', signedIn: true },
  { name: 'GET /api/lookup/positions?q=club', path: '/api/lookup/positions?q=club', signedIn: true },
  { name: 'GET /api/skills?q=py', path: '/api/skills?q=py', signedIn: true },
  // A brute-force flood on one account from one address: after 5 checked attempts every answer is a 429 from the shared counter.
  {
    name: 'POST /api/auth/login (flood, refused)',
    path: '/api/auth/login',
    method: 'POST',
    body: { email: 'flood.target@iitbhilai.ac.in', password: 'Wrong#Password1' },
    expectStatus: 429,
  },
  // Guessed verification links from one address: 20 are checked, then every answer is a 429.
  { name: 'POST /api/auth/verify-email (flood, refused)', path: '/api/auth/verify-email', method: 'POST', body: { token: 'guessed-token' }, expectStatus: 429 },
];
