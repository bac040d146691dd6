import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notificationTitle, type Notification } from '@cosa/contracts';
import { users } from '../../db/schema/index';
import { signedInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { councilOfCategory, createOrgUnit } from '../../../test/factories';
import { drawnPdf } from '../../../test/manifesto-pdfs';
import { moneyClientOf } from '../../../test/money-client';
import { withdrawClaim } from './claim-decisions.service';

/*
 * The accounts office withdraws the approval of a claim it will not pay (decision 0040): the
 * commitment goes back to the line, the claim is cancelled with its reason on the timeline, and
 * the filer and those who approved it are told.
 */

const TENURE = '2026-2027';
type Step = { action: string; amount: number | null; reason: string | null; actor: { name: string } };

describe('club money: withdrawing the approval of a claim not paid', () => {
  const ctx = useTestApp();
  const money = moneyClientOf(ctx);
  let cookies: Record<'president' | 'tech' | 'cult' | 'coordinator' | 'admin' | 'student', string>;
  let presidentId: string;
  let clubId: string;
  let clubLine: string;

  /** A claim of `amount` filed by the coordinator with a receipt and submitted. */
  async function submitted(amount: number) {
    const filed = await money.file(
      { unitId: clubId, lineId: clubLine, amount, payee: 'Sound & Light Co', description: 'Stage hire' },
      cookies.coordinator,
    );
    expect(filed.statusCode).toBe(201);
    const id: string = filed.json().claim.id;
    const attached = await money.attach(id, await drawnPdf('Invoice 310'), cookies.coordinator);
    const sent = await money.submit(id, attached.json().claim.version, cookies.coordinator);
    expect(sent.statusCode).toBe(200);
    return sent.json().claim as { id: string; version: string };
  }

  /** A claim of `amount` (₹25,000 or less) approved in full by the technical secretary. */
  async function approved(amount: number) {
    const claim = await submitted(amount);
    const answer = await money.decide(
      claim.id,
      { decision: 'approve', version: claim.version },
      cookies.tech,
    );
    expect(answer.json().claim.status).toBe('approved');
    return answer.json().claim as { id: string; version: string };
  }

  const lineFigures = async () => (await money.line(clubLine, cookies.admin)).json().line;
  const noticesOf = async (cookie: string) =>
    ((await money.send('GET', '/api/notifications', cookie)).json().items as Notification[]).filter(
      (notice) => notice.kind === 'money',
    );

  beforeAll(async () => {
    const council = await councilOfCategory(ctx.db, 'technical');
    const club = await createOrgUnit(ctx.db, { name: 'Music Club', category: 'technical' });
    clubId = club.id;
    const coordinator = await signedInAs(ctx, 'CLUB_COORDINATOR', { name: 'Meera Iyer' });
    await ctx.db.update(users).set({ clubUnitId: club.id }).where(eq(users.id, coordinator.user.id));
    const president = await signedInAs(ctx, 'PRESIDENT', { name: 'Anita Desai' });
    const tech = await signedInAs(ctx, 'GENSEC_SCITECH', { name: 'Rohit Verma' });
    const admin = await signedInAs(ctx, 'ADMIN', { name: 'Accounts Office' });
    cookies = {
      president: president.cookie,
      tech: tech.cookie,
      cult: (await signedInAs(ctx, 'GENSEC_CULTURAL')).cookie,
      coordinator: coordinator.cookie,
      admin: admin.cookie,
      student: (await signedInAs(ctx, 'STUDENT')).cookie,
    };
    presidentId = president.user.id;
    const allocated = await money.allocate(
      { tenureYear: TENURE, unitId: council.id, heading: null, amount: 100000, reason: 'Year' },
      cookies.president,
    );
    const passed = await money.passDown(
      {
        fromLineId: allocated.json().line.id,
        toUnitId: clubId,
        heading: 'events',
        amount: 50000,
        reason: 'Fest',
      },
      cookies.tech,
    );
    expect(passed.statusCode).toBe(201);
    clubLine = passed.json().to.id;
  });

  it('releases the commitment to the line, cancels the claim with its reason, and tells the filer and both approvers', async () => {
    const claim = await submitted(30000);
    const bySecretary = await money.decide(
      claim.id,
      { decision: 'approve', version: claim.version },
      cookies.tech,
    );
    expect(bySecretary.json().claim.status).toBe('secretary_approved');
    const byPresident = await money.decide(
      claim.id,
      { decision: 'approve', version: bySecretary.json().claim.version },
      cookies.president,
    );
    expect(byPresident.json().claim.status).toBe('approved');
    expect(await lineFigures()).toMatchObject({
      allocated: 50000,
      committed: 30000,
      paid: 0,
      available: 20000,
    });
    expect((await money.claim(claim.id, cookies.president)).json().claim.may.withdraw).toBe(false);
    const seen = (await money.claim(claim.id, cookies.admin)).json().claim;
    expect(seen.may).toMatchObject({ pay: true, withdraw: true });

    const reason = 'The fest was called off; the vendor returned the advance';
    const withdrawn = await money.withdraw(claim.id, { reason, version: seen.version }, cookies.admin);
    expect(withdrawn.statusCode).toBe(200);
    const after = withdrawn.json().claim;
    expect(after).toMatchObject({
      status: 'cancelled',
      approvedAmount: 30000,
      may: { pay: false, withdraw: false },
    });
    expect(after.steps.map((step: Step) => step.action)).toEqual([
      'filed',
      'submitted',
      'secretary_approved',
      'approved',
      'cancelled',
    ]);
    expect(after.steps.at(-1)).toMatchObject({
      action: 'cancelled',
      amount: 30000,
      reason,
      actor: { name: 'Accounts Office' },
    });
    expect(await lineFigures()).toMatchObject({
      allocated: 50000,
      committed: 0,
      paid: 0,
      available: 50000,
    });
    const entries = (await money.line(clubLine, cookies.admin)).json().entries;
    expect(
      entries.filter((entry: { claimId: string | null }) => entry.claimId === claim.id),
    ).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'release', amount: 30000, reason }),
        expect.objectContaining({ kind: 'commitment', amount: 30000 }),
      ]),
    );

    const filerNotices = await noticesOf(cookies.coordinator);
    const toFiler = filerNotices.find((notice) => notice.outcome === 'cancelled');
    expect(toFiler).toMatchObject({ detail: reason, link: `/money/claims/${claim.id}` });
    expect(notificationTitle(toFiler!)).toMatch(
      /^The approval of your claim was withdrawn, it will not be paid: CLM-\d{5} · Music Club$/,
    );
    expect(filerNotices.some((notice) => notice.outcome === 'approval-withdrawn')).toBe(false);
    for (const approver of [cookies.tech, cookies.president]) {
      const told = (await noticesOf(approver)).filter(
        (notice) => notice.outcome === 'approval-withdrawn',
      );
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ detail: reason });
      expect(notificationTitle(told[0]!)).toMatch(
        /^A claim you approved will not be paid, its approval was withdrawn: CLM-\d{5} · Music Club$/,
      );
    }
    expect((await noticesOf(cookies.admin)).some((n) => n.outcome === 'approval-withdrawn')).toBe(false);

    // A withdrawn claim is never paid, nor withdrawn twice, and the line stays as it is.
    const pay = await money.pay(
      claim.id,
      { reference: 'NEFT 1', version: after.version },
      cookies.admin,
    );
    expect(pay.statusCode).toBe(409);
    expect(pay.json().error.message).toBe('Only an approved claim can be marked paid.');
    const again = await money.withdraw(claim.id, { reason, version: after.version }, cookies.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      'The approval of this claim is withdrawn already: it will not be paid.',
    );
    expect(await lineFigures()).toMatchObject({ committed: 0, paid: 0, available: 50000 });
    const listed = (
      await money.send('GET', '/api/money/claims?status=cancelled', cookies.coordinator)
    ).json();
    expect(listed.items.map((row: { id: string }) => row.id)).toEqual([claim.id]);
  });

  it('is the accounts office’s alone: every other visitor is refused and the line keeps its commitment', async () => {
    const claim = await approved(10000);
    const body = { reason: 'Not to be paid', version: claim.version };
    expect((await money.withdraw(claim.id, body)).statusCode).toBe(401);
    for (const cookie of [
      cookies.student,
      cookies.coordinator,
      cookies.tech,
      cookies.cult,
      cookies.president,
    ])
      expect((await money.withdraw(claim.id, body, cookie)).statusCode).toBe(403);
    // The service refuses them too, whatever the route lets through.
    await expect(
      withdrawClaim(ctx.db, { id: presidentId, role: 'PRESIDENT', clubId: null }, claim.id, body),
    ).rejects.toMatchObject({
      statusCode: 403,
      message:
        'Only the institute administrator (the accounts office) withdraws the approval of a claim.',
    });
    expect(await lineFigures()).toMatchObject({ committed: 10000, available: 40000 });
    // A claim the administrator cannot see (someone's draft, or none) is not found.
    const draft = await money.file(
      { unitId: clubId, lineId: clubLine, amount: 50, payee: 'Shop', description: 'Tape' },
      cookies.coordinator,
    );
    const hidden = await money.withdraw(
      draft.json().claim.id,
      { reason: 'x', version: draft.json().claim.version },
      cookies.admin,
    );
    expect(hidden.statusCode).toBe(404);
    const nowhere = await money.withdraw('00000000-0000-4000-8000-000000000000', body, cookies.admin);
    expect(nowhere.statusCode).toBe(404);
    // The claim is still the accounts office's to pay.
    const paid = await money.pay(
      claim.id,
      { reference: 'UTR 5', version: claim.version },
      cookies.admin,
    );
    expect(paid.json().claim.status).toBe('paid');
  });

  it('refuses a claim not approved, or already paid, or read at an older version', async () => {
    const waiting = await submitted(500);
    const early = await money.withdraw(
      waiting.id,
      { reason: 'Not now', version: waiting.version },
      cookies.admin,
    );
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe(
      'Only the approval of an approved claim not yet paid can be withdrawn.',
    );

    const forPresident = await submitted(26000);
    const half = await money.decide(
      forPresident.id,
      { decision: 'approve', version: forPresident.version },
      cookies.tech,
    );
    const atSecretary = await money.withdraw(
      forPresident.id,
      { reason: 'Not now', version: half.json().claim.version },
      cookies.admin,
    );
    expect(atSecretary.statusCode).toBe(409);

    const claim = await approved(700);
    const older = await money.withdraw(
      claim.id,
      { reason: 'Not now', version: waiting.version },
      cookies.admin,
    );
    expect(older.statusCode).toBe(409);
    expect(older.json().error.message).toBe(
      'This claim changed since you opened it. Reload it to see what changed.',
    );
    const paid = await money.pay(
      claim.id,
      { reference: 'UTR 9', version: claim.version },
      cookies.admin,
    );
    expect(paid.statusCode).toBe(200);
    const late = await money.withdraw(
      claim.id,
      { reason: 'Not now', version: paid.json().claim.version },
      cookies.admin,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(
      'This claim is paid already: its approval can no longer be withdrawn.',
    );
    expect(late.json().error.message).not.toBe(early.json().error.message);
  });

  it('asks for a reason of at most 500 characters', async () => {
    const claim = await approved(300);
    const required = 'Reason: say why the approval is withdrawn, so the filer and the approvers know.';
    for (const reason of [undefined, '', '   '] as const) {
      const answer = await money.withdraw(claim.id, { reason, version: claim.version }, cookies.admin);
      expect(answer.statusCode, String(reason)).toBe(400);
      expect(answer.json().error.fields.reason).toBe(required);
    }
    const huge = await money.withdraw(
      claim.id,
      { reason: 'a'.repeat(501), version: claim.version },
      cookies.admin,
    );
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.fields.reason).toBe('Reason: at most 500 characters, all of them visible.');
    const current = (await money.claim(claim.id, cookies.admin)).json().claim;
    expect(current.status).toBe('approved');
    const done = await money.withdraw(
      claim.id,
      { reason: 'a'.repeat(500), version: current.version },
      cookies.admin,
    );
    expect(done.json().claim.status).toBe('cancelled');
  });
});
