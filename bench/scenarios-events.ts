import type { Scenario } from './scenarios';

/** This month on the institute's clock (Asia/Kolkata), as the month view asks for it. */
const thisMonth = () => new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 7);

/**
 * Events people attend: the list with its filters, the month view, a student's own registrations,
 * and the calendar programs' feeds. BENCH_EVENTS=5000 gives the campus that many events with their
 * registrations.
 */
export const EVENT_SCENARIOS: Scenario[] = [
  { name: 'GET /api/events', path: '/api/events', signedIn: true },
  { name: 'GET /api/events?when=past&q=fest', path: '/api/events?when=past&q=fest', signedIn: true },
  { name: 'GET /api/events?open=true', path: '/api/events?open=true', signedIn: true },
  {
    name: 'GET /api/events?week=true&category=technical',
    path: '/api/events?week=true&category=technical',
    signedIn: true,
  },
  {
    name: 'GET /api/events?month= (the month view)',
    path: () => `/api/events?month=${thisMonth()}`,
    signedIn: true,
  },
  {
    name: 'GET /api/events?pending=true (secretary)',
    path: '/api/events?pending=true',
    as: 'GENSEC_SCITECH',
  },
  { name: 'GET /api/me/registrations', path: '/api/me/registrations', signedIn: true },
  // Calendar programs: a student's private feed, and a council's public feed (its clubs' events).
  { name: 'GET /api/calendar/feeds/:token', path: (i) => `/api/calendar/feeds/${i.calendarToken}.ics` },
  { name: 'GET /api/calendar/units/:id', path: (i) => `/api/calendar/units/${i.councilId}.ics` },
];
