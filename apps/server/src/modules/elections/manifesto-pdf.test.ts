import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { signedInAs, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import { createPosition, createStudent } from '../../../test/factories';
import { createOpenElection } from '../../../test/factory-elections';
import { electionClientOf, moveElectionTo } from '../../../test/election-client';
import { drawnPdf, jpeg, manifestoPdfClientOf, withComment } from '../../../test/manifesto-pdfs';
import { saveManifestoPdf } from './manifesto-pdf.service';

const MB = 1024 * 1024;
const NOT_FOUND = 'Nomination not found.';
const NOT_PDF =
  'Manifesto (PDF): this file is not a PDF document, whatever its name says. Save or export it as PDF and try again.';
const WEB_PAGE =
  'Manifesto (PDF): this file carries web page code beside the PDF. Print or export it to PDF again and try again.';
const TOO_LARGE = 'Manifesto (PDF): the file is larger than 5 MB. Make it smaller and try again.';
const TOO_LATE =
  'The manifesto PDF can change only while the nomination awaits the officer’s decision, before voting opens.';

describe('a nomination’s manifesto PDF', () => {
  const ctx = useTestApp();
  const client = electionClientOf(ctx);
  const pdfs = manifestoPdfClientOf(ctx);
  let pdf: Buffer;
  let second: Buffer;

  beforeAll(async () => {
    pdf = await drawnPdf('Asha Vérma for the cultural post: a bus to the city on Sundays.');
    second = await drawnPdf('Asha Vérma, second draft: a bus on Saturdays too.');
  });

  /** An election in its nominations, one post voted by batch 2024, run by an officer; two nominees, a voter, a stranger and the administrator. */
  const setUp = async () => {
    const officer = await signedInAs(ctx, 'STUDENT');
    const admin = await signedInAs(ctx, 'ADMIN');
    const position = await createPosition(ctx.db, { skillsRequired: [] });
    const { election, post } = await createOpenElection(
      ctx.db,
      { positionId: position.id, voterBatchYears: [2024] },
      { officerId: officer.user.id },
    );
    await moveElectionTo(ctx, election.id, 'nominations');
    const person = async (name: string, batchYear: number) => {
      const { user } = await createStudent(ctx.db, { name }, { batchYear, instituteCgpa: 8.5 });
      return { user, cookie: await signInAs(ctx, user) };
    };
    const [asha, bala, voter, stranger] = [
      await person('Asha Vérma', 2024),
      await person('Bala Krishnan', 2024),
      await person('Chitra Rao', 2024),
      await person('Dev Patel', 2022),
    ];
    const nominate = async (who: { cookie: string }) =>
      (await client.nominate(election.id, post.id, { manifesto: 'Sundays.' }, who.cookie)).json()
        .candidate.id as string;
    return {
      election,
      post,
      officer,
      admin,
      asha: { ...asha, nomination: await nominate(asha) },
      bala: { ...bala, nomination: await nominate(bala) },
      voter,
      stranger,
    };
  };

  const statusOf = async (nomination: string, cookie?: string) =>
    (await pdfs.download(nomination, cookie)).statusCode;
  const storedCount = async (nomination: string) =>
    rowsOf<{ n: number }>(
      await ctx.db.execute(
        sql`select count(*)::int as n from election_manifesto_pdfs where candidate_id = ${nomination}::uuid`,
      ),
    )[0]!.n;

  it('takes the nominee’s PDF and serves it as a file to save, while it awaits the decision to the nominee and the managers only', async () => {
    const { election, asha, bala, voter, stranger, officer, admin } = await setUp();
    expect((await pdfs.attach(asha.nomination, pdf)).statusCode).toBe(401);

    const attached = await pdfs.attach(asha.nomination, pdf, asha.cookie);
    expect(attached.statusCode).toBe(200);
    expect(attached.json().candidate).toMatchObject({
      id: asha.nomination,
      manifestoPdfBytes: pdf.length,
    });

    const served = await pdfs.download(asha.nomination, officer.cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      'attachment; filename="manifesto-asha-verma.pdf"',
    );
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(pdf)).toBe(true);

    expect(await statusOf(asha.nomination, asha.cookie)).toBe(200);
    expect(await statusOf(asha.nomination, admin.cookie)).toBe(200);
    expect(await statusOf(asha.nomination)).toBe(401);
    for (const outsider of [voter, bala, stranger]) {
      const refused = await pdfs.download(asha.nomination, outsider.cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.message).toBe(NOT_FOUND);
    }
    // The election page shows the PDF's size to those who see the nomination.
    const candidatesFor = async (cookie: string) =>
      (await client.detail(election.id, cookie)).json().election.posts[0].candidates;
    expect(await candidatesFor(officer.cookie)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Asha Vérma', manifestoPdfBytes: pdf.length }),
        expect.objectContaining({ name: 'Bala Krishnan', manifestoPdfBytes: null }),
      ]),
    );
    expect(await candidatesFor(voter.cookie)).toEqual([]);
  });

  it('serves an accepted candidate’s PDF to the post’s voters, another nominee among them; a rejected one’s to its nominee and the managers only', async () => {
    const { election, asha, bala, voter, stranger, officer, admin } = await setUp();
    await pdfs.attach(asha.nomination, pdf, asha.cookie);
    await pdfs.attach(bala.nomination, second, bala.cookie);
    await client.decide(asha.nomination, { decision: 'accept' }, officer.cookie);
    await client.decide(bala.nomination, { decision: 'reject', reason: 'No proposers.' }, admin.cookie);

    expect(await statusOf(asha.nomination, voter.cookie)).toBe(200);
    expect(await statusOf(asha.nomination, bala.cookie)).toBe(200);
    expect(await statusOf(asha.nomination, stranger.cookie)).toBe(404);
    const voterView = (await client.detail(election.id, voter.cookie)).json().election.posts[0];
    expect(voterView.candidates).toEqual([
      expect.objectContaining({ name: 'Asha Vérma', manifestoPdfBytes: pdf.length }),
    ]);

    expect(await statusOf(bala.nomination, bala.cookie)).toBe(200);
    expect(await statusOf(bala.nomination, officer.cookie)).toBe(200);
    expect(await statusOf(bala.nomination, admin.cookie)).toBe(200);
    expect(await statusOf(bala.nomination, voter.cookie)).toBe(404);
    expect(await statusOf(bala.nomination, asha.cookie)).toBe(404);
  });

  it('refuses a JPEG named .pdf, a PDF/HTML polyglot, markup after the end and a file over 5 MB, naming the field, and keeps what was there', async () => {
    const { asha, bala, officer } = await setUp();
    await pdfs.attach(asha.nomination, pdf, asha.cookie);
    const polyglot = withComment(
      pdf,
      '<html><body><script>alert(document.cookie)</script></body></html>',
    );
    const refusals = [
      [await jpeg(), 400, NOT_PDF],
      [Buffer.from('<!doctype html><p>%PDF-1.7</p>'), 400, NOT_PDF],
      [polyglot, 400, WEB_PAGE],
      [Buffer.concat([pdf, Buffer.from('<script>alert(1)</script>\n')]), 400, NOT_PDF],
      [withComment(pdf, 'x'.repeat(5 * MB)), 413, TOO_LARGE],
    ] as const;
    for (const [bytes, status, message] of refusals) {
      for (const nomination of [asha, bala]) {
        const response = await pdfs.attach(nomination.nomination, bytes, nomination.cookie);
        expect(response.statusCode, message).toBe(status);
        expect(response.json().error).toMatchObject({ message, fields: { pdf: message } });
      }
    }
    const elsewhere = await pdfs.attach(asha.nomination, pdf, asha.cookie, 'file');
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.fields).toEqual({ pdf: 'Manifesto (PDF): choose a PDF file.' });

    // Asha keeps the PDF she had; Bala, who had none, still has none.
    expect((await pdfs.download(asha.nomination, officer.cookie)).rawPayload.equals(pdf)).toBe(true);
    expect(await storedCount(bala.nomination)).toBe(0);
    expect(await statusOf(bala.nomination, officer.cookie)).toBe(404);
  });

  it('lets the nominee alone replace or remove it, until the decision and before voting opens', async () => {
    const { election, asha, bala, officer } = await setUp();
    await pdfs.attach(asha.nomination, pdf, asha.cookie);
    for (const response of [
      await pdfs.attach(asha.nomination, second, bala.cookie),
      await pdfs.attach(asha.nomination, second, officer.cookie),
      await pdfs.remove(asha.nomination, bala.cookie),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NOT_FOUND);
    }

    expect((await pdfs.attach(asha.nomination, second, asha.cookie)).statusCode).toBe(200);
    expect((await pdfs.download(asha.nomination, asha.cookie)).rawPayload.equals(second)).toBe(true);
    const removed = await pdfs.remove(asha.nomination, asha.cookie);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().candidate.manifestoPdfBytes).toBeNull();
    const none = await pdfs.download(asha.nomination, officer.cookie);
    expect(none.statusCode).toBe(404);
    expect(none.json().error.message).toBe('This nomination has no manifesto PDF.');
    expect((await pdfs.remove(asha.nomination, asha.cookie)).statusCode).toBe(200);

    // Campaigning, still awaiting the decision: it may change. Voting open: it may not.
    await moveElectionTo(ctx, election.id, 'campaigning');
    expect((await pdfs.attach(asha.nomination, pdf, asha.cookie)).statusCode).toBe(200);
    await moveElectionTo(ctx, election.id, 'voting');
    for (const late of [
      await pdfs.attach(asha.nomination, second, asha.cookie),
      await pdfs.remove(asha.nomination, asha.cookie),
    ]) {
      expect(late.statusCode).toBe(409);
      expect(late.json().error.message).toBe(TOO_LATE);
    }
    // Decided: the PDF the officer accepted is the one the voters read.
    await moveElectionTo(ctx, election.id, 'campaigning');
    await client.decide(asha.nomination, { decision: 'accept' }, officer.cookie);
    expect((await pdfs.remove(asha.nomination, asha.cookie)).statusCode).toBe(409);
    expect((await pdfs.download(asha.nomination, asha.cookie)).rawPayload.equals(pdf)).toBe(true);
  });

  it('names the file by its digest in the audit log, never by its bytes; filing again after a withdrawal starts without it', async () => {
    const { election, post, asha } = await setUp();
    await pdfs.attach(asha.nomination, pdf, asha.cookie);
    const lines = rowsOf<{ after: { manifesto_pdf_sha256?: string } | null; text: string }>(
      await ctx.db.execute(sql`
        select after, coalesce(before::text, '') || coalesce(after::text, '') as text
        from audit_log where subject_id = ${asha.nomination}::uuid order by created_at`),
    );
    expect(lines.at(-1)!.after!.manifesto_pdf_sha256).toBe(
      createHash('sha256').update(pdf).digest('hex'),
    );
    for (const line of lines) {
      expect(line.text).not.toContain('PDF-1');
      expect(line.text).not.toContain('255044462d');
      expect(line.text.length).toBeLessThan(4_000);
    }

    await client.withdraw(asha.nomination, asha.cookie);
    const again = await client.nominate(election.id, post.id, { manifesto: 'Again.' }, asha.cookie);
    expect(again.statusCode).toBe(201);
    expect(again.json().candidate).toMatchObject({ id: asha.nomination, manifestoPdfBytes: null });
    expect(await storedCount(asha.nomination)).toBe(0);
  });
  it('decides a nomination on the PDF its manager read: one the nominee changed since is not decided', async () => {
    const { election, asha, officer } = await setUp();
    expect((await pdfs.attach(asha.nomination, pdf, asha.cookie)).statusCode).toBe(200);
    const read = (await client.detail(election.id, officer.cookie)).json().election.posts[0]
      .candidates as { id: string; manifestoPdfSha256: string | null }[];
    const seen = read.find((one) => one.id === asha.nomination)!.manifestoPdfSha256;
    expect(seen).toBe(createHash('sha256').update(pdf).digest('hex'));
    // The nominee replaces the file while the officer reads the first one.
    expect((await pdfs.attach(asha.nomination, second, asha.cookie)).statusCode).toBe(200);
    const stale = await client.decide(
      asha.nomination,
      { decision: 'accept', manifestoPdfSha256: seen },
      officer.cookie,
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toBe(
      'The nominee changed the manifesto PDF since you opened the page. Read the new one, then decide.',
    );
    const accepted = await client.decide(
      asha.nomination,
      { decision: 'accept', manifestoPdfSha256: createHash('sha256').update(second).digest('hex') },
      officer.cookie,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().candidate.status).toBe('accepted');
  });
  it('stores two PDFs at once at most, and answers the others 503 with a time to try again', async () => {
    const { asha } = await setUp();
    const viewer = { id: asha.user.id, role: 'STUDENT' };
    const answers = await Promise.allSettled(
      Array.from({ length: 5 }, () => saveManifestoPdf(ctx.db, viewer, asha.nomination, pdf)),
    );
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(2);
    const busy = answers.flatMap((answer) =>
      answer.status === 'rejected'
        ? [answer.reason as { statusCode: number; message: string; retryAfterSeconds: number }]
        : [],
    );
    expect(busy.map((error) => [error.statusCode, error.message, error.retryAfterSeconds])).toEqual(
      Array(3).fill([503, 'Many files are being uploaded just now. Please try again in a moment.', 5]),
    );
    expect(await storedCount(asha.nomination)).toBe(1);
  });
});
