import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { eventCheckInScans, eventRegistrations } from '../src/db/schema/index';
import { signInAs } from './auth-helpers';
import { TEST_ORIGIN, type TestContext } from './build-test-app';
import { addEventOrganizers, createEvent, createRegistration, createStudent } from './factories';

type Scan = {
  scanId?: string;
  ticket?: string;
  registrationId?: string;
  walkInStudentId?: string;
  scannedAt?: string;
};

/** The schedule of an event whose door is open: it starts within the hour and lasts three. */
export const atTheDoor = () => ({
  scheduleStart: new Date(Date.now() + 30 * 60_000),
  scheduleEnd: new Date(Date.now() + 3.5 * 3_600_000),
});

/** Requests of the ticket page and the door's check-in page, for one test app. */
export function checkInClientOf(ctx: TestContext) {
  const headers = (cookie?: string) => ({ origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) });
  const ticket = (eventId: string, cookie?: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/events/${eventId}/ticket`, headers: headers(cookie) });
  return {
    ticket,
    /** The signed-in person's ticket code for an event (it must exist). */
    codeOf: async (eventId: string, cookie: string): Promise<string> => {
      const response = await ticket(eventId, cookie);
      if (response.statusCode !== 200) throw new Error(`no ticket: ${response.body}`);
      return response.json().code as string;
    },
    /** Posts scans as given (a scanId is made for any scan without one, unless `raw`). */
    post: (eventId: string, scans: Scan[] | unknown, cookie?: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/events/${eventId}/check-ins`,
        payload: Array.isArray(scans)
          ? { scans: scans.map((scan: Scan) => ({ scanId: randomUUID(), ...scan })) }
          : (scans as object),
        headers: headers(cookie),
      }),
    /** An approved event starting within the hour (its door open) that an organiser of it (signed in) runs. */
    eventWithOrganiser: async (overrides: Parameters<typeof createEvent>[1] = {}) => {
      const event = await createEvent(ctx.db, { ...atTheDoor(), ...overrides });
      const { user: organiser } = await createStudent(ctx.db, { name: 'Nisha Rao' });
      await addEventOrganizers(ctx.db, event.id, [organiser.id]);
      return { event, organiser, cookie: await signInAs(ctx, organiser) };
    },
    /** A student registered (confirmed unless told) for an event, signed in. */
    registrant: async (
      eventId: string,
      name?: string,
      overrides: Parameters<typeof createRegistration>[3] = {},
    ) => {
      const { user } = await createStudent(ctx.db, name ? { name } : {});
      const registration = await createRegistration(ctx.db, eventId, user.id, overrides);
      return { user, registration, cookie: await signInAs(ctx, user) };
    },
    registrationRow: async (id: string) =>
      (await ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.id, id)))[0]!,
    registrationsOf: (eventId: string) =>
      ctx.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, eventId)),
    scansOf: (eventId: string) =>
      ctx.db.select().from(eventCheckInScans).where(eq(eventCheckInScans.eventId, eventId)),
  };
}
