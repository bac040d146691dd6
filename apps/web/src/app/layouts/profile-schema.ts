/** The profile's schema, on its own so that the header loads it after the page (use-own-photo.ts). */
export { ProfileResponseSchema } from '@cosa/contracts';
