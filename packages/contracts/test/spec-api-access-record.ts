// Typed by hand from the spec, design section 4 and decisions 0015, 0016 and 0017; see
// spec-access-visitors.ts for the columns and the outcomes.

/** Trust in the record: the facts the institute keeps, Student ID conflicts, credential revocation. */
export const SPEC_API_ACCESS_RECORD: Readonly<Record<string, string>> = {
  //                                             out    unverified new     student tech    acad    cult    sport   pres    club   admin
  // The facts the institute keeps (decision 0015): a student's requests, the administrator's answers.
  'GET /api/me/corrections':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/corrections':
    'login  verify     onboard allow   allow   allow   allow   allow   allow   allow   allow',
  'POST /api/me/student-id-claims':
    'login  verify     allow   allow   allow   allow   allow   allow   allow   allow   allow',
  'GET /api/admin/corrections':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/corrections/:id/decision':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/student-id-conflicts':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/student-id-conflicts/:id/decision':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'GET /api/admin/credentials':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/credentials/:id/revocation':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/credentials/revocations':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  // Holdings recorded before the portal kept who verified them (decision 0017).
  'GET /api/admin/holding-confirmations':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
  'POST /api/admin/holding-confirmations':
    'login  verify     onboard forbid  forbid  forbid  forbid  forbid  forbid  forbid  allow',
};
