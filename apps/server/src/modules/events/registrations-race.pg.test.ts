import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { registrationClientOf } from '../../../test/registration-client';

/**
 * A rush of registrations on a PostgreSQL server, whose connections run at once (PGlite's one
 * connection runs one transaction at a time, where no race can happen).
 */
describe('a rush of registrations for a few seats', () => {
  const ctx = useTestApp();
  const client = registrationClientOf(ctx);

  it('40 students at once for 10 seats: exactly 10 seats in arrival order, 30 waiting; 5 cancelling at once promote exactly the next 5', async () => {
    const event = await client.openEvent(10);
    const students: Awaited<ReturnType<typeof client.student>>[] = [];
    for (let i = 0; i < 40; i += 1) students.push(await client.student(`Rush ${i}`));
    const answers = await Promise.all(students.map((s) => client.register(event.id, s.cookie)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(201));

    let rows = await client.rowsOf(event.id);
    // Seats went to the first 10 to arrive (the lowest seq), the waitlist holds the rest in order.
    expect(rows.map((row) => row.status)).toEqual([
      ...Array(10).fill('confirmed'),
      ...Array(30).fill('waitlisted'),
    ]);
    const places = answers
      .map((answer) => answer.json().registration.waitlistPlace)
      .filter((place): place is number => place !== null)
      .sort((a, b) => a - b);
    expect(places).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));

    const holders = rows.slice(0, 5).map((row) => students.find((s) => s.user.id === row.userId)!);
    const cancels = await Promise.all(holders.map((s) => client.unregister(event.id, s.cookie)));
    expect(cancels.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200));
    rows = await client.rowsOf(event.id);
    expect(rows.map((row) => row.status)).toEqual([
      ...Array(5).fill('cancelled'),
      ...Array(5).fill('confirmed'),
      ...Array(5).fill('confirmed'),
      ...Array(25).fill('waitlisted'),
    ]);
    expect(rows.slice(10, 15).every((row) => row.promotedAt !== null)).toBe(true);
  });

  it('registrations taken together never wait on a ticket scanned at the door meanwhile, nor fail it', async () => {
    const event = await client.openEvent(50);
    const holder = await client.student('Scanned at the door');
    const ticket = (await client.register(event.id, holder.cookie)).json().registration.id as string;
    const others: Awaited<ReturnType<typeof client.student>>[] = [];
    for (let i = 0; i < 10; i += 1) others.push(await client.student(`Queued ${i}`));
    const gate = () => {
      let open!: () => void;
      return { opened: new Promise<void>((resolve) => (open = resolve)), open: () => open() };
    };
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const scanMayFinish = gate();
    const lockMayGo = gate();
    // The door's scan: it holds the ticket's row, and then writes its scan, which refers to the event.
    const scanHolds = gate();
    const scan = ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update event_registrations set checked_in_at = now() where id = ${ticket}::uuid`,
      );
      scanHolds.open();
      await scanMayFinish.opened;
      await tx.execute(sql`
        insert into event_check_in_scans (scan_id, event_id, registration_id, scanned_at, outcome)
        values (gen_random_uuid(), ${event.id}::uuid, ${ticket}::uuid, now(), 'checked_in')`);
    });
    // Someone holding the event's row, so that the registrations queue behind it as one call.
    const lockHeld = gate();
    const holding = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from events where id = ${event.id}::uuid for no key update`);
      lockHeld.open();
      await lockMayGo.opened;
    });
    await Promise.all([scanHolds.opened, lockHeld.opened]);
    const answers = Promise.all(
      [holder, ...others].map((person) => client.register(event.id, person.cookie)),
    );
    await sleep(300);
    lockMayGo.open();
    await holding;
    await sleep(300);
    scanMayFinish.open();
    await scan;
    const [again, ...rest] = await answers;
    expect(again!.statusCode).toBe(409);
    expect(again!.json().error.message).toBe('You are already registered for this event.');
    expect(rest.map((answer) => answer.statusCode)).toEqual(Array(10).fill(201));
    const rows = await client.rowsOf(event.id);
    expect(rows.map((row) => row.status)).toEqual(Array(11).fill('confirmed'));
    expect(rows[0]!.checkedInAt).not.toBeNull();
  });

  it('a cancellation racing the door: refused as checked in, never cancelling an attendance', async () => {
    const event = await client.openEvent(5);
    const holder = await client.student('Cancels at the door');
    const ticket = (await client.register(event.id, holder.cookie)).json().registration.id as string;
    let scanned!: () => void;
    const scanMayCommit = new Promise<void>((resolve) => (scanned = resolve));
    let scanHolds!: () => void;
    const holds = new Promise<void>((resolve) => (scanHolds = resolve));
    const scan = ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update event_registrations set checked_in_at = now() where id = ${ticket}::uuid`,
      );
      scanHolds();
      await scanMayCommit;
    });
    // The scan holds the row before the cancellation is sent, however busy the machine.
    await holds;
    const cancel = client.unregister(event.id, holder.cookie);
    await new Promise((resolve) => setTimeout(resolve, 300));
    scanned();
    await scan;
    const answer = await cancel;
    expect(answer.statusCode).toBe(409);
    expect(answer.json().error.message).toBe(
      'You were checked in; the registration can no longer be cancelled.',
    );
    const [row] = await client.rowsOf(event.id);
    expect([row!.status, row!.checkedInAt !== null]).toEqual(['confirmed', true]);
  });

  it('a seat freed while the first waiting walks in at the door: they keep the walk-in, no promotion', async () => {
    const event = await client.openEvent(1);
    const seated = await client.student('Gives the seat up');
    const waiting = await client.student('Walks in');
    await client.register(event.id, seated.cookie);
    const place = (await client.register(event.id, waiting.cookie)).json().registration;
    expect(place.status).toBe('waitlisted');
    let walked!: () => void;
    const walkInMayCommit = new Promise<void>((resolve) => (walked = resolve));
    let walkInHolds!: () => void;
    const holds = new Promise<void>((resolve) => (walkInHolds = resolve));
    const walkIn = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`
        update event_registrations
        set status = 'confirmed', confirmed_at = now(), walk_in = true, checked_in_at = now()
        where id = ${place.id}::uuid`);
      walkInHolds();
      await walkInMayCommit;
    });
    await holds;
    const cancel = client.unregister(event.id, seated.cookie);
    await new Promise((resolve) => setTimeout(resolve, 300));
    walked();
    await walkIn;
    expect((await cancel).statusCode).toBe(200);
    const rows = await client.rowsOf(event.id);
    const walker = rows.find((row) => row.id === place.id)!;
    expect([walker.status, walker.walkIn, walker.promotedAt]).toEqual(['confirmed', true, null]);
    expect((await client.noticesOf(waiting.user.id)).map((notice) => notice.outcome)).not.toContain(
      'promoted',
    );
  });

  it("gives up on an event's row held elsewhere after 10 s with 503, holding no connection meanwhile", async () => {
    const event = await client.openEvent(5);
    const student = await client.student('Waits on a held event');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const holds = new Promise<void>((resolve) => (held = resolve));
    // A transaction left open on the event's row (a cancellation whose connection went silent).
    const holding = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from events where id = ${event.id}::uuid for no key update`);
      held();
      await released;
    });
    await holds;
    const started = Date.now();
    const answer = await client.register(event.id, student.cookie);
    const waited = Date.now() - started;
    release();
    await holding;
    expect(answer.statusCode).toBe(503);
    expect(answer.json().error.message).toBe('This record is busy. Please try again in a moment.');
    expect(waited).toBeGreaterThanOrEqual(9_000);
    expect(await client.rowsOf(event.id)).toEqual([]);
    expect((await client.register(event.id, student.cookie)).statusCode).toBe(201);
  }, 30_000);
});
