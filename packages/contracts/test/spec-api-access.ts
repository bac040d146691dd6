// Typed by hand from the spec and design section 4; see spec-access-visitors.ts for the columns and
// the outcomes. One table per area; spec-access-table.ts joins them.

/** The portal's own routes, the account, the student's record, transcripts and notifications. */
export const SPEC_API_ACCESS_ACCOUNT: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  'GET /api/health':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/config':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/openapi.json':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/session':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/login':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/logout':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/google':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/auth/google/callback':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/verify-email':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/auth/register':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/forgot-password':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'GET /api/auth/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  'POST /api/auth/verify-email/resend':
    'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/dashboard':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/profile':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/me/profile':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/me/photo':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/photo':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/photos/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/skills':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/skills/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // Changes to one's own submissions (decision 0024); the administrator keeps no student record.
  'PATCH /api/me/achievements/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/achievements/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/me/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PATCH /api/me/positions/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/positions/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/feedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/users':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/events':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/units':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/lookup/officials':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/search':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/people/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/onboarding':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/onboarding':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // Transcripts and credentials: a signed-in user's own records; checking them is public.
  'GET /api/me/transcript-records':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/transcripts':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/transcripts':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/transcripts/:id/pdf':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/transcripts/:id/revocation':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/achievements/:id/credential':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/positions/:id/credential':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/verify/transcripts/:id':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/verify/credentials':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/issuer':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/issuer/keys/:kid':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/issuer/status-lists/:list':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/credentials':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications/unread-count':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications/queues':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notifications/stream':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/:id/read':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/read-all':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/notification-preferences':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PATCH /api/notification-preferences':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/notifications/unsubscribe':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // Web push (decision 0042): the key for any signed-in browser, a person's own devices once onboarded.
  'GET /api/push/public-key':
    'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/push-devices':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/push-devices':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/push-devices/removal':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/push-devices/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/push-devices/:id/test':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/announcements/current':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
};

/** The council's work: reviews, clubs, feedback, events, rooms, positions and their exports. */
export const SPEC_API_ACCESS_COUNCIL: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  'GET /api/council/summary':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/endorsements/user-skills':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/skills':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/endorsements/achievements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/:id/endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/:id/endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/:id/verify':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/counts':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/bulk-endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/bulk-endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/bulk-verify':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/user-skills/:id/undo':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/skills/:id/undo':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/endorsements/achievements/:id/undo':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/positions/:id/verify':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/endorsements/positions/:id/decline':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/clubs/mine':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  'GET /api/feedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/feedback/:id/resolution':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/events':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/events/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/events':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'PUT /api/events/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/events/:id/cancellation':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'POST /api/events/:id/decision':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/events/:id/registration':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/events/:id/registration':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/events/:id/ticket':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/events/:id/registrations':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/events/:id/registrations/export':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'PATCH /api/events/:id/registrations/:registrationId':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/events/:id/check-ins':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/events/:id/announcements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/events/:id/rating':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/registrations':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/me/calendar-feed':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/calendar-feed':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/me/calendar-feed':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/calendar/feeds/:token':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/calendar/units/:id':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/rooms':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/rooms/:id/slots':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/room-bookings':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/room-bookings/mine':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'POST /api/room-bookings/:id/withdrawal':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  'GET /api/room-bookings':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'PATCH /api/room-bookings/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/president/summary':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/activities':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  'GET /api/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'POST /api/positions':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'GET /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/positions/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'POST /api/positions/:id/retirement':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'GET /api/position-holders':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'POST /api/position-holders':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'GET /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'PUT /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'DELETE /api/position-holders/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  'GET /api/directory/office-bearers':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/directory/positions':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // CSV exports follow the access of their list.
  'GET /api/feedback/export':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/endorsements/achievements/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/endorsements/user-skills/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/positions/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/position-holders/export':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  'GET /api/events/export':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/room-bookings/export':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
};
