import { ApiError } from '../../lib/api-client';

/** The public checks are rate limited per network; this says what to do about it. */
export const TOO_MANY_CHECKS = 'Too many checks from your network. Please wait a minute and try again.';

export const isRateLimited = (error: unknown) => error instanceof ApiError && error.status === 429;
