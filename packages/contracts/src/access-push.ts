import type { Access } from './access';

/**
 * The web push routes of API_ACCESS (access.ts, decision 0042): the portal's public key for any
 * signed-in browser; a person's own devices with push on once onboarded (the session names them).
 */
export const PUSH_API_ACCESS = {
  'GET /api/push/public-key': 'signedIn',
  'GET /api/me/push-devices': 'onboarded',
  'POST /api/me/push-devices': 'onboarded',
  'POST /api/me/push-devices/removal': 'onboarded',
  'DELETE /api/me/push-devices/:id': 'onboarded',
  'POST /api/me/push-devices/:id/test': 'onboarded',
} as const satisfies Record<string, Access>;
