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

const TENURE = '2026-2027';

describe('club money: a claim from allocation to payment', () => {
  const ctx = useTestApp();
  const money = moneyClientOf(ctx);
  let cookies: Record<
    'president' | 'tech' | 'cult' | 'coordinator' | 'admin' | 'organiser' | 'student',
    string
  >;
  let councilLine: string;
  let clubLine: string;
  let clubId: string;
  let eventId: string;

  beforeAll(async () => {
    const council = await councilOfCategory(ctx.db, 'technical');
    const club = await createOrgUnit(ctx.db, { name: 'Robotics Club', category: 'technical' });
    clubId = club.id;
    const coordinator = await signedInAs(ctx, 'CLUB_COORDINATOR', { name: 'Kavya Rao' });
    await ctx.db.update(users).set({ clubUnitId: club.id }).where(eq(users.id, coordinator.user.id));
    const organiser = await signedInAs(ctx, 'STUDENT', { name: 'Imran Sheikh' });
    const event = await createEvent(ctx.db, { title: 'RoboWars', organizingUnitId: club.id });
    eventId = event.id;
    await addEventOrganizers(ctx.db, event.id, [organiser.user.id]);
    cookies = {
      president: (await signedInAs(ctx, 'PRESIDENT', { name: 'Anita Desai' })).cookie,
      tech: (await signedInAs(ctx, 'GENSEC_SCITECH', { name: 'Rohit Verma' })).cookie,
      cult: (await signedInAs(ctx, 'GENSEC_CULTURAL')).cookie,
      coordinator: coordinator.cookie,
      admin: (await signedInAs(ctx, 'ADMIN', { name: 'Accounts Office' })).cookie,
      organiser: organiser.cookie,
      student: (await signedInAs(ctx, 'STUDENT')).cookie,
    };
    const allocated = await money.allocate(
      {
        tenureYear: TENURE,
        unitId: council.id,
        heading: null,
        amount: '100000',
        reason: 'Budget for the year',
      },
      cookies.president,
    );
    expect(allocated.statusCode).toBe(201);
    councilLine = allocated.json().line.id;
  });

  it('refuses allocations to everyone but the president and the administrator', async () => {
    const body = {
      tenureYear: TENURE,
      unitId: clubId,
      heading: 'events',
      amount: 5000,
      reason: 'Top up',
    };
    expect((await money.allocate(body, cookies.tech)).statusCode).toBe(403);
    expect((await money.allocate(body, cookies.coordinator)).statusCode).toBe(403);
    expect((await money.allocate(body)).statusCode).toBe(401);
    const far = await money.allocate({ ...body, tenureYear: '2099-2100' }, cookies.president);
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields.tenureYear).toBe(
      'Tenure: choose a tenure such as 2026-2027, from 2016-2017 to two years ahead.',
    );
    const bad = await money.allocate({ ...body, amount: '12.345' }, cookies.president);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.amount).toBe(
      'Amount: enter rupees above 0 with at most two decimals (up to ₹10,00,00,000).',
    );
  });

  it("lets only the council's own secretary pass its money down, and never more than it has", async () => {
    const body = {
      fromLineId: councilLine,
      toUnitId: clubId,
      heading: 'events',
      amount: 40000,
      reason: 'Events',
    };
    const other = await money.passDown(body, cookies.cult);
    expect(other.statusCode).toBe(403);
    const tooMuch = await money.passDown({ ...body, amount: 100000.01 }, cookies.tech);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe('The line has ₹1,00,000.00 left.');
    const passed = await money.passDown(body, cookies.tech);
    expect(passed.statusCode).toBe(201);
    expect(passed.json().from).toMatchObject({ allocated: 60000, available: 60000 });
    expect(passed.json().to).toMatchObject({ heading: 'events', allocated: 40000, available: 40000 });
    clubLine = passed.json().to.id;
  });

  it('files a claim, takes receipts judged by their bytes, and submits only with one', async () => {
    const filed = await money.file(
      {
        unitId: clubId,
        lineId: clubLine,
        eventId,
        amount: 30000,
        payee: 'Sharma Electronics',
        description: 'Motors and batteries for RoboWars',
      },
      cookies.organiser,
    );
    expect(filed.statusCode).toBe(201);
    const claim = filed.json().claim;
    expect(claim).toMatchObject({
      status: 'draft',
      amount: 30000,
      may: { submit: true, decide: false },
    });
    expect(claim.claimCode).toMatch(/^CLM-\d{5}$/);

    const early = await money.submit(claim.id, claim.version, cookies.organiser);
    expect(early.statusCode).toBe(400);
    expect(early.json().error.fields.receipts).toBe(
      'Receipts: attach at least one receipt (PDF, JPEG or PNG) before submitting.',
    );

    const pdf = await drawnPdf('Invoice 4471: motors');
    expect((await money.attach(claim.id, pdf, cookies.organiser)).statusCode).toBe(201);
    const photo = await money.attach(claim.id, await jpeg(), cookies.organiser, 'bill.jpg');
    expect(photo.statusCode).toBe(201);
    expect(photo.json().claim.receipts.map((r: { contentType: string }) => r.contentType)).toEqual([
      'application/pdf',
      'image/jpeg',
    ]);
    const polyglot = await money.attach(
      claim.id,
      withComment(pdf, '<script>alert(1)</script>'),
      cookies.organiser,
    );
    expect(polyglot.statusCode).toBe(400);
    expect(polyglot.json().error.message).toBe(
      'Receipt: this PDF carries web page code beside the document. Print or export it to PDF again and try again.',
    );
    const text = await money.attach(
      claim.id,
      Buffer.from('<html>a bill</html>'),
      cookies.organiser,
      'bill.pdf',
    );
    expect(text.statusCode).toBe(400);
    expect(text.json().error.message).toBe(
      'Receipt: this file is not a PDF, JPEG or PNG, whatever its name says. Save it as one of these and try again.',
    );
    const huge = await money.attach(
      claim.id,
      Buffer.concat([pdf, Buffer.alloc(5 * 1024 * 1024)]),
      cookies.organiser,
    );
    expect(huge.statusCode).toBe(413);
    // Someone else's draft is theirs alone: the club's coordinator does not even see it.
    expect((await money.attach(claim.id, pdf, cookies.coordinator)).statusCode).toBe(404);
    expect((await money.claim(claim.id, cookies.student)).statusCode).toBe(404);

    const current = (await money.claim(claim.id, cookies.organiser)).json().claim;
    const stale = await money.submit(claim.id, claim.version, cookies.organiser);
    expect(stale.statusCode).toBe(409);
    const submitted = await money.submit(claim.id, current.version, cookies.organiser);
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().claim).toMatchObject({ status: 'submitted', may: { edit: false } });
  });

  it('goes to the secretary, then above ₹25,000 to the president, then to the accounts office', async () => {
    const list = await money.send('GET', '/api/money/claims?mine=awaiting', undefined, undefined);
    expect(list.statusCode).toBe(401);
    const awaiting = (await money.send('GET', '/api/money/claims?mine=awaiting', cookies.tech)).json();
    expect(awaiting.awaitingMe).toBe(1);
    const claim = awaiting.items[0];
    const detail = (await money.claim(claim.id, cookies.tech)).json().claim;
    expect(detail.may.decide).toBe(true);
    // Another council's secretary does not see the claim at all.
    expect(
      (await money.decide(claim.id, { decision: 'approve', version: detail.version }, cookies.cult))
        .statusCode,
    ).toBe(404);
    expect(
      (await money.decide(claim.id, { decision: 'approve', version: detail.version }, cookies.president))
        .statusCode,
    ).toBe(403);

    const noReason = await money.decide(
      claim.id,
      { decision: 'approve', amount: 26000, version: detail.version },
      cookies.tech,
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(
      'Reason: say why less than the claimed amount is approved.',
    );
    const part = await money.decide(
      claim.id,
      {
        decision: 'approve',
        amount: 26000,
        reason: 'The batteries are bought by the institute',
        version: detail.version,
      },
      cookies.tech,
    );
    expect(part.statusCode).toBe(200);
    expect(part.json().claim).toMatchObject({ status: 'secretary_approved', approvedAmount: 26000 });
    // Nothing is committed until the last approval.
    expect((await money.line(clubLine, cookies.tech)).json().line).toMatchObject({
      committed: 0,
      available: 40000,
    });

    const forPresident = (await money.claim(claim.id, cookies.president)).json().claim;
    const approved = await money.decide(
      claim.id,
      { decision: 'approve', version: forPresident.version },
      cookies.president,
    );
    expect(approved.json().claim).toMatchObject({ status: 'approved', approvedAmount: 26000 });
    expect((await money.line(clubLine, cookies.coordinator)).json().line).toMatchObject({
      allocated: 40000,
      committed: 26000,
      paid: 0,
      available: 14000,
    });

    const toPay = (await money.claim(claim.id, cookies.admin)).json().claim;
    expect(toPay.may.pay).toBe(true);
    expect(
      (await money.pay(claim.id, { reference: 'NEFT 88120', version: toPay.version }, cookies.president))
        .statusCode,
    ).toBe(403);
    const paid = await money.pay(
      claim.id,
      { reference: 'NEFT 88120', version: toPay.version },
      cookies.admin,
    );
    expect(paid.statusCode).toBe(200);
    expect(paid.json().claim).toMatchObject({ status: 'paid', paymentReference: 'NEFT 88120' });
    expect(paid.json().claim.steps.map((step: { action: string }) => step.action)).toEqual([
      'filed',
      'submitted',
      'secretary_approved',
      'approved',
      'paid',
    ]);
    expect((await money.line(clubLine, cookies.tech)).json().line).toMatchObject({
      committed: 0,
      paid: 26000,
      available: 14000,
    });
  });

  it('refuses an approval the line cannot cover, saying what it has left', async () => {
    const filed = (
      await money.file(
        {
          unitId: clubId,
          lineId: clubLine,
          amount: 20000,
          payee: 'Print House',
          description: 'Posters',
        },
        cookies.coordinator,
      )
    ).json().claim;
    await money.attach(filed.id, await drawnPdf('Invoice 12'), cookies.coordinator);
    const ready = (await money.claim(filed.id, cookies.coordinator)).json().claim;
    expect((await money.submit(filed.id, ready.version, cookies.coordinator)).statusCode).toBe(200);
    const seen = (await money.claim(filed.id, cookies.tech)).json().claim;
    const refused = await money.decide(
      filed.id,
      { decision: 'approve', version: seen.version },
      cookies.tech,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('The line has ₹14,000.00 left.');
    const back = await money.decide(
      filed.id,
      { decision: 'return', reason: 'Split it across two lines', version: seen.version },
      cookies.tech,
    );
    expect(back.json().claim).toMatchObject({ status: 'returned', may: { decide: false } });
  });

  it("shows each keeper only their own council's or club's budgets", async () => {
    const names = async (cookie: string) =>
      (await money.budgets(cookie, `?tenureYear=${TENURE}`))
        .json()
        .units.map((u: { unit: { name: string } }) => u.unit.name);
    expect(await names(cookies.coordinator)).toEqual(['Robotics Club']);
    expect(await names(cookies.tech)).toEqual(['Science & Technology Council', 'Robotics Club']);
    expect(await names(cookies.cult)).toEqual([]);
    expect((await money.budgets(cookies.student)).statusCode).toBe(403);
    const overview = (await money.budgets(cookies.president, `?tenureYear=${TENURE}`)).json();
    expect(overview.totals).toEqual({ allocated: 100000, committed: 0, paid: 26000, available: 74000 });
  });
});
