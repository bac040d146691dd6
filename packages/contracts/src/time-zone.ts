/**
 * The institute's time zone until its settings say otherwise. A module of its own: every page's
 * footer reads it, the sign-in pages' too, and importing it from constants.ts put that module's
 * lists (disciplines, hostels, event categories...) in what every page loads first.
 */
export const DEFAULT_TIME_ZONE = 'Asia/Kolkata';
