import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { checkInClientOf } from '../../../test/check-in-client';
import { signInAs } from '../../../test/auth-helpers';
import { createEvent, createRegistration, createStudent, createUser } from '../../../test/factories';
import { registrationOfTicket, ticketCodeOf } from './tickets.service';

const NO_TICKET = 'There is no ticket: only a confirmed registration has one.';
const NOT_FOUND = 'Event not found.';
const CANCELLED = 'This event is cancelled.';

describe('tickets', () => {
  const ctx = useTestApp();
  const client = checkInClientOf(ctx);

  describe('GET /api/events/:id/ticket', () => {
    it("answers the signed-in person's confirmed registration with a signed code", async () => {
      const event = await createEvent(ctx.db, {
        title: 'Robotics expo',
        venue: 'Main auditorium',
        scheduleStart: new Date('2031-02-01T12:30:00Z'),
        scheduleEnd: new Date('2031-02-01T15:30:00Z'),
      });
      const { user, registration, cookie } = await client.registrant(event.id, 'Riya Iyer');
      const response = await client.ticket(event.id, cookie);
      expect(response.statusCode).toBe(200);
      const ticket = response.json();
      expect(ticket).toEqual({
        code: expect.stringMatching(/^T1\.[A-Za-z0-9_-]{43}$/),
        registrationId: registration.id,
        name: 'Riya Iyer',
        studentId: user.studentId,
        event: {
          id: event.id,
          title: 'Robotics expo',
          start: '2031-02-01T12:30:00.000Z',
          end: '2031-02-01T15:30:00.000Z',
          venue: 'Main auditorium',
        },
        checkedInAt: null,
      });
      // The same ticket every time; another registration's differs.
      expect((await client.ticket(event.id, cookie)).json().code).toBe(ticket.code);
      const other = await client.registrant(event.id);
      expect(await client.codeOf(event.id, other.cookie)).not.toBe(ticket.code);
    });

    it('shows when the ticket was checked in', async () => {
      const event = await createEvent(ctx.db);
      const { cookie } = await client.registrant(event.id, undefined, {
        checkedInAt: new Date('2031-02-01T12:34:00Z'),
      });
      expect((await client.ticket(event.id, cookie)).json().checkedInAt).toBe(
        '2031-02-01T12:34:00.000Z',
      );
    });

    it('has no ticket (409) for a waitlisted, cancelled or missing registration', async () => {
      const event = await createEvent(ctx.db);
      const waiting = await client.registrant(event.id, undefined, { status: 'waitlisted' });
      const cancelled = await client.registrant(event.id, undefined, {
        status: 'cancelled',
        cancelledAt: new Date(),
      });
      const { user: stranger } = await createStudent(ctx.db);
      // Someone else's confirmed registration is never handed to another person.
      await client.registrant(event.id);
      for (const cookie of [waiting.cookie, cancelled.cookie, await signInAs(ctx, stranger)]) {
        const response = await client.ticket(event.id, cookie);
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toEqual({ code: 'CONFLICT', message: NO_TICKET });
      }
    });

    it('refuses a cancelled event (409), a proposal the person may not see and an unknown event (404)', async () => {
      const cancelled = await createEvent(ctx.db, { status: 'cancelled' });
      const held = await client.registrant(cancelled.id);
      const refused = await client.ticket(cancelled.id, held.cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(CANCELLED);

      const proposal = await createEvent(ctx.db, { approval: 'proposed' });
      const unseen = await client.registrant(proposal.id);
      for (const id of [proposal.id, randomUUID()]) {
        const response = await client.ticket(id, unseen.cookie);
        expect(response.statusCode).toBe(404);
        expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: NOT_FOUND });
      }
    });

    it('asks for sign-in (401) and checks the id (400)', async () => {
      const event = await createEvent(ctx.db);
      expect((await client.ticket(event.id)).statusCode).toBe(401);
      const cookie = await signInAs(ctx, (await createStudent(ctx.db)).user);
      expect((await client.ticket('not-an-id', cookie)).statusCode).toBe(400);
    });
  });

  describe('the ticket code', () => {
    it('names its registration, and nothing the server did not sign', async () => {
      const event = await createEvent(ctx.db);
      const registration = await createRegistration(ctx.db, event.id, (await createUser(ctx.db)).id);
      const code = await ticketCodeOf(ctx.db, registration.id);
      expect(code).toHaveLength(46);
      expect(await registrationOfTicket(ctx.db, code)).toBe(registration.id);
      // One character changed anywhere: the id (another registration) or the signature.
      for (const at of [3, 20, 30, 45]) {
        const swapped = code[at] === 'A' ? 'B' : 'A';
        const forged = `${code.slice(0, at)}${swapped}${code.slice(at + 1)}`;
        expect(await registrationOfTicket(ctx.db, forged), `changed at ${at}`).toBeNull();
      }
      // The same bytes spelled another way (a spare bit of the last character set).
      const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
      const respelled = code.slice(0, -1) + alphabet[alphabet.indexOf(code.at(-1)!) ^ 1];
      expect(await registrationOfTicket(ctx.db, respelled)).toBeNull();
      // The id alone, an unsigned guess, another version and plain junk.
      const idOnly = Buffer.from(registration.id.replaceAll('-', ''), 'hex');
      const guess = `T1.${Buffer.concat([idOnly, Buffer.alloc(16)]).toString('base64url')}`;
      for (const bad of [guess, `T2${code.slice(2)}`, code.slice(0, 40), '', 'hello', registration.id])
        expect(await registrationOfTicket(ctx.db, bad), bad).toBeNull();
    });
  });
});
