// Rows for the tests, with sensible defaults and unique names: people and their sign-in tokens, the
// council (units, positions, holdings, events, feedback, room bookings) and the student's records.
export * from './factory-people';
export * from './factory-council';
export * from './factory-records';
