/**
 * Who gets what on every page and API route, typed by hand from the spec (section 2 "Access
 * classes", section 6 "Roles and permissions") and the API decisions of design section 4.
 * Tests compare the server and the web guards against it, so it must never be computed from
 * PAGE_ACCESS, API_ACCESS or decideAccess: a wrong declaration there has to show up as a mismatch.
 * The visitors and outcomes are in spec-access-visitors.ts, the tables beside it.
 */
import { SPEC_API_ACCESS_ACCOUNT, SPEC_API_ACCESS_COUNCIL } from './spec-api-access';
import { SPEC_API_ACCESS_ADMIN } from './spec-api-access-admin';
import { SPEC_API_ACCESS_CLUBS } from './spec-api-access-clubs';
import { SPEC_API_ACCESS_ELECTIONS } from './spec-api-access-elections';
import { SPEC_API_ACCESS_MONEY } from './spec-api-access-money';
import { SPEC_API_ACCESS_PRIVACY } from './spec-api-access-privacy';
import { SPEC_API_ACCESS_RECORD } from './spec-api-access-record';

export { outcomesOf, VISITORS, type Outcome, type Visitor } from './spec-access-visitors';
export { SPEC_PAGE_ACCESS } from './spec-page-access';

/** Every API route except the documentation page and its assets (`/api/docs*`). */
export const SPEC_API_ACCESS: Readonly<Record<string, string>> = {
  ...SPEC_API_ACCESS_ACCOUNT,
  ...SPEC_API_ACCESS_COUNCIL,
  ...SPEC_API_ACCESS_ADMIN,
  ...SPEC_API_ACCESS_RECORD,
  ...SPEC_API_ACCESS_CLUBS,
  ...SPEC_API_ACCESS_ELECTIONS,
  ...SPEC_API_ACCESS_MONEY,
  ...SPEC_API_ACCESS_PRIVACY,
};
