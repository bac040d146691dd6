import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  addEventOrganizers,
  councilOfCategory,
  createEvent,
  createOrgUnit,
} from '../../../test/factories';
import { drawnPdf, jpeg, withComment } from '../../../test/manifesto-pdfs';
import { moneyClientOf } from '../../../test/money-client';

/*
 * What an attack on club money found (issue 35): each test failed on the build attacked. A decider
 * or the accounts office filing a claim left it with nobody to decide or pay it; some PDF/HTML
 * polyglots passed; a draft was readable by id; a receipt was decoded before the claim was checked.
 */

const TENURE = '2026-2027';

describe('club money: review findings', () => {
  const ctx = useTestApp();
  const money = moneyClientOf(ctx);
  let cookies: Record<'president' | 'tech' | 'coordinator' | 'admin' | 'organiser' | 'student', string>;
  let clubId: string;
  let councilLine: string;
  let clubLine: string;
  let eventId: string;

  /** A claim of `amount` filed by `filer` (with `eventId` when given), a receipt attached, submitted. */
  async function submitted(filer: string, amount: number, event: string | null = eventId) {
    const filed = await money.file(
      { unitId: clubId, lineId: clubLine, eventId: event, amount, payee: 'Shop', description: 'Parts' },
      filer,
    );
    expect(filed.statusCode).toBe(201);
    const id: string = filed.json().claim.id;
    const attached = await money.attach(id, await drawnPdf('Invoice'), filer);
    expect(attached.statusCode).toBe(201);
    const sent = await money.submit(id, attached.json().claim.version, filer);
    expect(sent.statusCode).toBe(200);
    return sent.json().claim as { id: string; version: string };
  }

  beforeAll(async () => {
    const council = await councilOfCategory(ctx.db, 'technical');
    const club = await createOrgUnit(ctx.db, { name: 'Aero Club', category: 'technical' });
    clubId = club.id;
    const coordinator = await signedInAs(ctx, 'CLUB_COORDINATOR');
    await ctx.db.update(users).set({ clubUnitId: club.id }).where(eq(users.id, coordinator.user.id));
    const organiser = await signedInAs(ctx, 'STUDENT');
    const tech = await signedInAs(ctx, 'GENSEC_SCITECH');
    const president = await signedInAs(ctx, 'PRESIDENT');
    const admin = await signedInAs(ctx, 'ADMIN');
    const event = await createEvent(ctx.db, { title: 'Drone Race', organizingUnitId: club.id });
    eventId = event.id;
    // The technical secretary, the president and the administrator help organise the club's event.
    await addEventOrganizers(ctx.db, event.id, [
      organiser.user.id,
      tech.user.id,
      president.user.id,
      admin.user.id,
    ]);
    cookies = {
      president: president.cookie,
      tech: tech.cookie,
      coordinator: coordinator.cookie,
      admin: admin.cookie,
      organiser: organiser.cookie,
      student: (await signedInAs(ctx, 'STUDENT')).cookie,
    };
    const allocated = await money.allocate(
      { tenureYear: TENURE, unitId: council.id, heading: null, amount: 500000, reason: 'Year' },
      cookies.president,
    );
    expect(allocated.statusCode).toBe(201);
    councilLine = allocated.json().line.id;
    const passed = await money.passDown(
      { fromLineId: councilLine, toUnitId: clubId, heading: 'events', amount: 200000, reason: 'Events' },
      cookies.tech,
    );
    expect(passed.statusCode).toBe(201);
    clubLine = passed.json().to.id;
  });

  it("F1, F2: who decides or pays a club's claims files none: the secretary of its council, the president, the accounts office", async () => {
    for (const cookie of [cookies.tech, cookies.president, cookies.admin]) {
      const filed = await money.file(
        { unitId: clubId, lineId: clubLine, eventId, amount: 1000, payee: 'Shop', description: 'Parts' },
        cookie,
      );
      expect(filed.statusCode).toBe(403);
      expect(filed.json().error.message).toBe(
        'You decide or pay this club’s claims, so another person files this one: its coordinator or another organiser of the event.',
      );
    }
    // Their claim form offers no club they would decide.
    const options = (await money.send('GET', '/api/money/claims/options', cookies.tech)).json();
    expect(options.units).toEqual([]);
    // The student organiser of the same event files it.
    const claim = await submitted(cookies.organiser, 1000);
    expect(claim.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('F3: a PDF that is also an HTML page with event-handler markup is refused', async () => {
    const draft = await money.file(
      { unitId: clubId, lineId: clubLine, eventId: null, amount: 10, payee: 'Shop', description: 'x' },
      cookies.coordinator,
    );
    const id: string = draft.json().claim.id;
    const pdf = await drawnPdf('Invoice');
    for (const markup of [
      '<details open ontoggle=alert(document.domain)>',
      '<input autofocus onfocus=alert(1)>',
      '<a href="javascript:alert(1)">Pay here</a>',
    ]) {
      const answer = await money.attach(id, withComment(pdf, markup), cookies.coordinator);
      expect(answer.statusCode, markup).toBe(400);
    }
  });

  it("F4: a draft is its filer's alone, as the lists say: its deciders cannot read it or its receipts", async () => {
    const draft = await money.file(
      { unitId: clubId, lineId: clubLine, eventId: null, amount: 10, payee: 'Shop', description: 'x' },
      cookies.coordinator,
    );
    const id: string = draft.json().claim.id;
    const attached = await money.attach(id, await jpeg(), cookies.coordinator, 'bill.jpg');
    const receiptId: string = attached.json().claim.receipts[0].id;
    const listed = (await money.send('GET', '/api/money/claims', cookies.tech)).json();
    expect(listed.items.map((c: { id: string }) => c.id)).not.toContain(id);
    for (const cookie of [cookies.tech, cookies.president, cookies.admin]) {
      expect((await money.claim(id, cookie)).statusCode).toBe(404);
      expect(
        (await money.send('GET', `/api/money/claims/${id}/receipts/${receiptId}`, cookie)).statusCode,
      ).toBe(404);
    }
  });

  it('F6: a receipt posted to a claim the poster may not change is refused before it is decoded', async () => {
    const draft = await money.file(
      { unitId: clubId, lineId: clubLine, eventId: null, amount: 10, payee: 'Shop', description: 'x' },
      cookies.coordinator,
    );
    const id: string = draft.json().claim.id;
    const photo = await jpeg();
    const cut = photo.subarray(0, Math.floor(photo.length / 2));
    // A student who cannot see the claim gets the claim's 404, not a verdict on their picture.
    const answer = await money.attach(id, cut, cookies.student, 'bill.jpg');
    expect(answer.statusCode).toBe(404);
    const nowhere = await money.attach(
      '00000000-0000-4000-8000-000000000000',
      cut,
      cookies.student,
      'b.jpg',
    );
    expect(nowhere.statusCode).toBe(404);
  });
});
