import { sql, type SQL } from 'drizzle-orm';
import { currentTenure, OFFICIAL_ROLES } from '@cosa/contracts';
import { events, feedback, positionHolders, positions, users } from '../../db/schema/index';

/** The desk's unresolved tab, where a resolver finds new feedback. */
export const UNRESOLVED_FEEDBACK_LINK = '/viewfeedback?status=unresolved';

const OFFICIALS = sql.join(
  OFFICIAL_ROLES.map((role) => sql`${role}`),
  sql`, `,
);

/**
 * The clubs a feedback (f) is about, as a coordinator's desk finds them (club-scope's
 * feedbackAboutClub): the club itself, its event, its position, or a member in person.
 */
const clubsAbout = sql`select f.target_unit_id
  union all select e.organizing_unit_id from ${events} e where e.id = f.target_event_id
  union all select p.unit_id from ${positions} p where p.id = f.target_position_id
  union all select p.unit_id from ${positionHolders} ph join ${positions} p on p.id = ph.position_id
    where ph.user_id = f.target_user_id and ph.status = 'active' and ph.verification = 'verified' and ph.tenure_year = ${currentTenure()}`;

/**
 * Who may resolve a new feedback, as a query of one column, user_id: the general secretaries, the
 * president and the coordinators of the clubs it is about (scopeOf), less the people it is about
 * (in person or through a position they hold), whom the desk never lets resolve it, and its
 * author, who is told of it when it is resolved instead.
 */
export const feedbackResolvers = (feedbackId: string): SQL => sql`select u.id as user_id
  from ${feedback} f cross join ${users} u
  where f.id = ${feedbackId} and u.id <> f.author_id and u.id is distinct from f.target_user_id
    and (u.role in (${OFFICIALS}) or (u.role = 'CLUB_COORDINATOR' and u.club_unit_id in (${clubsAbout})))
    and not exists (select 1 from ${positionHolders} held
      where held.user_id = u.id and held.position_id = f.target_position_id and held.status = 'active')`;
