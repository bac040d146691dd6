import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventOrganizers } from '../../db/schema/index';
import { useTestApp } from '../../../test/build-test-app';
import { addEventOrganizers, createEvent, createOrgUnit, createUser } from '../../../test/factories';
import { eventClientOf } from '../../../test/event-client';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

const ALREADY_CANCELLED = 'This event is cancelled and can no longer be changed.';

describe('event changes', () => {
  const ctx = useTestApp();
  const client = eventClientOf(ctx);
  const { form } = client;

  describe('PUT /api/events/:id', () => {
    it('lets the creator replace the details and the organizers, and logs it', async () => {
      const { user: secretary, cookie } = await client.as('GENSEC_SPORTS');
      const [before, after] = [
        await createUser(ctx.db),
        await createUser(ctx.db, { name: 'Kabir Das', username: 'kdas' }),
      ];
      const event = await createEvent(ctx.db, {
        title: 'Chess open',
        createdBy: secretary.id,
        registrationRequired: true,
        maxParticipants: 64,
      });
      await addEventOrganizers(ctx.db, event.id, [before.id]);
      const unit = await createOrgUnit(ctx.db, { name: 'Chess Club' });
      const payload = {
        title: 'Chess open (rapid)',
        category: 'sports',
        organizingUnitId: unit.id,
        organizerIds: [after.id],
        start: '2031-01-10T04:00:00Z',
        venue: 'Library hall',
      };
      const response = await client.edit(event.id, payload, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().event).toMatchObject({
        id: event.id,
        title: 'Chess open (rapid)',
        start: '2031-01-10T04:00:00.000Z',
        end: null,
        venue: 'Library hall',
        mode: null,
        unit: { id: unit.id, name: 'Chess Club' },
        organizers: [{ id: after.id, name: 'Kabir Das', username: 'kdas' }],
        registration: { required: false, start: null, end: null, fees: null, maxParticipants: null },
        canEdit: true,
      });
      expect(await client.rowOf(event.id)).toMatchObject({
        title: 'Chess open (rapid)',
        createdBy: secretary.id,
        maxParticipants: null,
      });
      expect(
        (await ctx.db.select().from(eventOrganizers).where(eq(eventOrganizers.eventId, event.id))).map(
          (row) => row.userId,
        ),
      ).toEqual([after.id]);
      expect(await client.activityOf(event.id)).toEqual([
        expect.objectContaining({ type: 'event', actorId: secretary.id }),
      ]);
    });

    it("lets the president edit another official's event, and checks the input", async () => {
      const { user: creator } = await client.as('GENSEC_CULTURAL');
      const { cookie } = await client.as('PRESIDENT');
      const event = await createEvent(ctx.db, { title: 'Open mic', createdBy: creator.id });
      const blank = await client.edit(event.id, await form({ title: '' }), cookie);
      expect(blank.statusCode).toBe(400);
      expect(blank.json().error.fields).toEqual({ title: 'Title is required' });
      const response = await client.edit(event.id, await form({ title: 'Open mic night' }), cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json().event).toMatchObject({
        title: 'Open mic night',
        createdBy: { id: creator.id },
        canEdit: true,
      });
      expect(await client.rowOf(event.id)).toMatchObject({
        title: 'Open mic night',
        createdBy: creator.id,
      });
    });

    it('refuses to change a cancelled event', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, {
        title: 'Rained out',
        createdBy: user.id,
        status: 'cancelled',
      });
      const response = await client.edit(event.id, await form({ title: 'Back on' }), cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({ code: 'CONFLICT', message: ALREADY_CANCELLED });
      expect(await client.rowOf(event.id)).toMatchObject({ title: 'Rained out', status: 'cancelled' });
    });
  });

  describe('POST /api/events/:id/cancellation', () => {
    it('cancels once: a second cancellation answers the same event and logs nothing more', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, { createdBy: user.id });
      for (const attempt of [1, 2]) {
        const response = await client.cancel(event.id, cookie);
        expect(response.statusCode, `attempt ${attempt}`).toBe(200);
        expect(response.json().event).toMatchObject({
          id: event.id,
          status: 'cancelled',
          canEdit: false,
        });
      }
      expect((await client.rowOf(event.id)).status).toBe('cancelled');
      expect(await client.activityOf(event.id)).toEqual([
        expect.objectContaining({ type: 'event', actorId: user.id, subjectType: 'event' }),
      ]);
    });

    it('refuses to cancel an event that took place, which can still be corrected', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const event = await createEvent(ctx.db, {
        title: 'Annual athletics meet',
        createdBy: user.id,
        status: 'completed',
      });
      expect((await client.get(`/api/events/${event.id}`, cookie)).json().event).toMatchObject({
        canEdit: true,
        canCancel: false,
      });
      const response = await client.cancel(event.id, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: 'CONFLICT',
        message: 'This event has taken place and cannot be cancelled.',
      });
      expect(await client.rowOf(event.id)).toMatchObject({ status: 'completed' });
      expect(await client.activityOf(event.id)).toEqual([]);
      expect(
        (await client.edit(event.id, await form({ title: 'Annual athletics meet 2026' }), cookie))
          .statusCode,
      ).toBe(200);
    });

    it('refuses to cancel an event whose time has passed, though nobody marked it completed', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const ended = await createEvent(ctx.db, {
        createdBy: user.id,
        status: 'planned',
        scheduleStart: new Date(Date.now() - 3 * DAY),
        scheduleEnd: new Date(Date.now() - 2 * DAY),
      });
      expect((await client.get(`/api/events/${ended.id}`, cookie)).json().event).toMatchObject({
        canEdit: true,
        canCancel: false,
      });
      const response = await client.cancel(ended.id, cookie);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('This event has taken place and cannot be cancelled.');
      expect(await client.rowOf(ended.id)).toMatchObject({ status: 'planned' });
      // Under way: it can still be called off.
      const running = await createEvent(ctx.db, {
        createdBy: user.id,
        status: 'ongoing',
        scheduleStart: new Date(Date.now() - HOUR),
        scheduleEnd: new Date(Date.now() + HOUR),
      });
      expect((await client.cancel(running.id, cookie)).json().event).toMatchObject({
        status: 'cancelled',
      });
    });

    it('keeps one cancellation line and never un-cancels when requests race', async () => {
      const { user, cookie } = await client.as('GENSEC_SPORTS');
      const { cookie: president } = await client.as('PRESIDENT');
      for (let round = 0; round < 4; round += 1) {
        const twice = await createEvent(ctx.db, { createdBy: user.id });
        const responses = await Promise.all([
          client.cancel(twice.id, cookie),
          client.cancel(twice.id, president),
          client.cancel(twice.id, cookie),
        ]);
        expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200]);
        expect((await client.rowOf(twice.id)).status).toBe('cancelled');
        expect(await client.activityOf(twice.id)).toHaveLength(1);

        const raced = await createEvent(ctx.db, { title: 'Before the race', createdBy: user.id });
        const edit = await form({ title: 'After the race' });
        const [edited, cancelled] = await Promise.all([
          client.edit(raced.id, edit, cookie),
          client.cancel(raced.id, president),
        ]);
        expect(cancelled.statusCode).toBe(200);
        expect([200, 409]).toContain(edited.statusCode);
        // The edit lands wholly before the cancellation (which then shows it) or not at all.
        const title = edited.statusCode === 200 ? 'After the race' : 'Before the race';
        expect(cancelled.json().event.title).toBe(title);
        expect(await client.rowOf(raced.id)).toMatchObject({ status: 'cancelled', title });
        expect(await client.activityOf(raced.id)).toHaveLength(edited.statusCode === 200 ? 2 : 1);
      }
    });
  });
});
