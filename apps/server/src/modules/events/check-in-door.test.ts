import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { checkInClientOf } from '../../../test/check-in-client';
import { createRegistration } from '../../../test/factories';

describe("the door's hours, and who may not be checked in", () => {
  const ctx = useTestApp();
  const client = checkInClientOf(ctx);

  it('opens 3 hours before the start, refuses an event with no date, and closes a week after the end', async () => {
    const cases: Array<[Parameters<typeof client.eventWithOrganiser>[0], string]> = [
      [
        { scheduleStart: new Date(Date.now() + 4 * 3_600_000), scheduleEnd: null },
        'The door opens 3 hours before the event starts.',
      ],
      [
        { scheduleStart: null, scheduleEnd: null },
        'This event has no date yet: the door opens once it has one.',
      ],
      [
        {
          scheduleStart: new Date(Date.now() - 9 * 86_400_000),
          scheduleEnd: new Date(Date.now() - 8 * 86_400_000),
        },
        'Check-in for this event closed a week after it ended.',
      ],
    ];
    for (const [schedule, message] of cases) {
      const { event, cookie } = await client.eventWithOrganiser(schedule);
      const guest = await client.registrant(event.id);
      const refused = await client.post(event.id, [{ registrationId: guest.registration.id }], cookie);
      expect(refused.statusCode, message).toBe(409);
      expect(refused.json().error.message).toBe(message);
      expect((await client.registrationRow(guest.registration.id)).checkedInAt).toBeNull();
    }
  });

  it("dates a scan no earlier than the door's opening, whatever the device says", async () => {
    const start = new Date(Date.now() + 60 * 60_000);
    const { event, cookie } = await client.eventWithOrganiser({ scheduleStart: start });
    const guest = await client.registrant(event.id);
    const answer = await client.post(
      event.id,
      [{ registrationId: guest.registration.id, scannedAt: '2000-01-01T00:00:00Z' }],
      cookie,
    );
    expect(answer.json().results[0].outcome).toBe('checked_in');
    expect((await client.registrationRow(guest.registration.id)).checkedInAt).toEqual(
      new Date(start.getTime() - 3 * 3_600_000),
    );
  });

  it('never checks in the person at the door: not by their ticket, the search, or as a walk-in', async () => {
    const { event, organiser, cookie } = await client.eventWithOrganiser({ walkIns: true });
    const own = await createRegistration(ctx.db, event.id, organiser.id);
    const answer = await client.post(
      event.id,
      [{ registrationId: own.id }, { walkInStudentId: organiser.studentId! }],
      cookie,
    );
    expect(answer.json().results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'self',
      'self',
    ]);
    expect((await client.registrationRow(own.id)).checkedInAt).toBeNull();
  });
});
