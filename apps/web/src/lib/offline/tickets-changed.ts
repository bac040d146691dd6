/** Within the page: the person's seats changed (a registration made or cancelled); the tickets kept for offline use are fetched again. */
export const TICKETS_CHANGED_EVENT = 'cosa-tickets-changed';
