import { clubMemberships, eventOrganizers, privacyChoices, userPhotos } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import type { TestContext } from './build-test-app';
import { membershipClientOf } from './club-membership-client';
import {
  createEvent,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createRegistration,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from './factories';

/** The viewers of a person's data the visibility tables name. */
export const VIEWERS = ['self', 'student', 'gensec', 'president', 'coordinator', 'admin'] as const;
export type ViewerKind = (typeof VIEWERS)[number];

/** The two subjects: 'open' has made no choice; 'hidden' chose showProfile=false and listed=false. */
export type SubjectKind = 'open' | 'hidden';

type Person = { id: string; cookie: string };

/**
 * Two students of the Astronomy Club with the same record and private facts (typed below): each
 * holds an office in the club this tenure with a photo, is a member, registered for and organises
 * a club event, and claims a skill. Nila chose not to show her profile nor to be listed.
 */
export async function privacyWorld(ctx: TestContext) {
  const club = await createOrgUnit(ctx.db, { name: 'Astronomy Club' });
  const coordinatorUser = await createUser(ctx.db, {
    role: 'CLUB_COORDINATOR',
    clubUnitId: club.id,
  });
  const coordinatorCookie = await signInAs(ctx, coordinatorUser);
  const membership = membershipClientOf(ctx);
  await membership.open(club.id, coordinatorCookie);
  const event = await createEvent(ctx.db, { title: 'Star Party', organizingUnitId: club.id });
  const skill = await createSkill(ctx.db, { name: 'Astrophotography' });
  const subjects = {} as Record<SubjectKind, Person>;
  const facts = [
    ['open', 'Kavya Menon', 'kavya.menon', '23100777', 'Outreach Lead'],
    ['hidden', 'Nila Varma', 'nila.varma', '23100888', 'Telescope Keeper'],
  ] as const;
  for (const [kind, name, username, studentId, title] of facts) {
    const { user } = await createStudent(
      ctx.db,
      { name, username, email: `${username}@iitbhilai.ac.in`, studentId },
      { phone: '9812345670', hostel: 'Indravati', roomNumber: 'B-214', instituteCgpa: 9.12 },
    );
    await ctx.db.insert(userPhotos).values({ userId: user.id, image: Buffer.from('photo') });
    const position = await createPosition(ctx.db, { unitId: club.id, title });
    await createPositionHolder(ctx.db, { userId: user.id, positionId: position.id, status: 'active' });
    await ctx.db.insert(clubMemberships).values({ unitId: club.id, userId: user.id });
    await createRegistration(ctx.db, event.id, user.id);
    await ctx.db.insert(eventOrganizers).values({ eventId: event.id, userId: user.id });
    await createUserSkill(ctx.db, { userId: user.id, skillId: skill.id });
    subjects[kind] = { id: user.id, cookie: await signInAs(ctx, user) };
  }
  await ctx.db
    .insert(privacyChoices)
    .values({ userId: subjects.hidden.id, showProfile: false, listed: false });
  const signed = async (role: 'GENSEC_SCITECH' | 'PRESIDENT' | 'ADMIN'): Promise<Person> => {
    const user = await createUser(ctx.db, { role });
    return { id: user.id, cookie: await signInAs(ctx, user) };
  };
  const student = (await createStudent(ctx.db, { name: 'Dev Shah' })).user;
  const viewers: Record<Exclude<ViewerKind, 'self'>, Person> = {
    student: { id: student.id, cookie: await signInAs(ctx, student) },
    gensec: await signed('GENSEC_SCITECH'),
    president: await signed('PRESIDENT'),
    coordinator: { id: coordinatorUser.id, cookie: coordinatorCookie },
    admin: await signed('ADMIN'),
  };
  /** The cookie of a viewer of the subject (the subject's own for 'self'). */
  const cookieOf = (viewer: ViewerKind, subject: SubjectKind) =>
    viewer === 'self' ? subjects[subject].cookie : viewers[viewer].cookie;
  const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers: { cookie, ...headers } });
  return { club, event, subjects, viewers, cookieOf, get };
}
