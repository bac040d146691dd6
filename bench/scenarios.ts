/** One load scenario: a request autocannon repeats for the run's duration. */
export type Scenario = {
  name: string;
  path: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sends the session cookie of a seeded student. */
  signedIn?: boolean;
  body?: unknown;
};

// Add a scenario with one line here.
export const SCENARIOS: Scenario[] = [
  { name: 'GET /api/health', path: '/api/health' },
  { name: 'GET /api/config', path: '/api/config' },
  { name: 'GET /api/auth/session (signed out)', path: '/api/auth/session' },
  { name: 'GET /api/auth/session (signed in)', path: '/api/auth/session', signedIn: true },
];
