// Typed by hand from the spec; see spec-access-visitors.ts for the columns and the outcomes.

/** Every page of the web app. */
export const SPEC_PAGE_ACCESS: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  '/login': 'allow  home       home    home    home    home    home    home    home    home    home',
  '/register': 'allow  home       home    home    home    home    home    home    home    home    home',
  '/forgot-password':
    'allow  home       home    home    home    home    home    home    home    home    home',
  '/reset-password/:id/:token':
    'allow  home       home    home    home    home    home    home    home    home    home',
  '/google-unavailable':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/unauthorised':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify-email/:token':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify-email':
    'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/': 'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/logout': 'login  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/onboarding':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/home': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/profile': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/feedback': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/add-achievement':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/view-achievements':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/manage-position':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/skills': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/council': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/people/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/viewfeedback':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id/edit':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/events/mine':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id/ticket':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id/registrations':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/events/:id/check-in':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/clubs': 'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/clubs/:slug':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/gensec-tech':
    'login  verify     onboard forbid  allow   forbid  forbid  forbid  forbid  forbid  forbid',
  '/gensec-acad':
    'login  verify     onboard forbid  forbid  allow   forbid  forbid  forbid  forbid  forbid',
  '/gensec-cult':
    'login  verify     onboard forbid  forbid  forbid  allow   forbid  forbid  forbid  forbid',
  '/gensec-sport':
    'login  verify     onboard forbid  forbid  forbid  forbid  allow   forbid  forbid  forbid',
  '/gensec-endorse':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/roombooking':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   forbid  forbid',
  '/cosa': 'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/cosa/create':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/add-event':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/president-approval':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  '/president-dashboard':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  allow   forbid  forbid',
  '/club-dashboard':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  // The club's coordinator edits its page and keeps its members; the administrator keeps the tags.
  '/clubs/:slug/edit':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  '/club-dashboard/members':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  allow   forbid',
  '/admin/club-tags':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  // The co-curricular transcript: anyone with a record; its verification pages: anyone at all.
  '/transcript':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify': 'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/verify/:id':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  // Administration (deviation 60): the institute administrator only.
  '/admin': 'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/users':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/users/:id':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/units':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/positions':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/rooms':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/skills':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/audit':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/notifications':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/notifications/settings':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/announcements':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   forbid',
  '/unsubscribe':
    'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/admin/import':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  // The facts the institute keeps (decision 0015): the administrator's pages.
  '/admin/corrections':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/student-ids':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/admin/credentials':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  // Council elections (decisions 0036 to 0038): everyone onboarded; the set-up for the administrator.
  '/elections':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/elections/new':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  '/elections/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // The page answers everyone onboarded; only the administrator and the election's officer may save.
  '/elections/:id/edit':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/elections/:id/posts/:postId/vote':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/elections/:id/posts/:postId/results':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // Club money (decision 0040): budgets for those who keep money (the officials, the club
  // coordinators and the accounts office); claims for everyone onboarded (any student may organise
  // a club's event and file its claims).
  '/money': 'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  '/money/lines/:id':
    'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  '/money/claims':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/money/claims/new':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/money/claims/:id':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  '/money/claims/:id/edit':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  // The term report (decision 0044): the officials, club coordinators and the administrator.
  '/reports': 'login  verify     onboard forbid  allow   allow   allow   allow   allow   allow   allow',
  // A student's data (decision 0041): the notice for anyone; the settings for everyone with a record.
  '/privacy': 'allow  allow      allow   allow   allow   allow   allow   allow   allow   allow   allow',
  '/settings/privacy':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   forbid',
};
