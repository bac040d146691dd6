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
