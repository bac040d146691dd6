import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { createStudent, createUser } from '../../../test/factories';
import { onboardingForm } from '../../../test/onboarding-form';
import { useRollAccountsApp } from '../../../test/roll-accounts';

// Typed by hand: what the account an id was taken from is told when it enters that id again.
const TAKEN_FROM_YOU =
  'The administrator took this Student ID from your account. Enter your own Student ID, or contact the administrator if it is yours.';
const D = 'iitbhilai.ac.in';

/**
 * The fresh-eyes attack: 'release' took the id from its holder and recorded nothing, so the
 * released holder re-onboarded with the same id at once and the student who asked met
 * STUDENT_ID_CLAIMED again.
 */
describe('a Student ID the administrator released', () => {
  const { ctx, post, admin, userById } = useRollAccountsApp();
  let n = 0;
  /** A holder who typed the id, and a student who asks the administrator for it. */
  async function conflict() {
    n += 1;
    const studentId = `2499${String(n).padStart(4, '0')}`;
    // The holder onboarded with the same program, discipline and year as the form below.
    const { user: holder } = await createStudent(
      ctx.db,
      { studentId, email: `holder.${n}@${D}`, name: `Holder ${n}` },
      { program: 'B.Tech', branch: 'Computer Science & Engineering', batchYear: 2024 },
    );
    const claimant = await createUser(ctx.db, {
      onboardingComplete: false,
      studentId: null,
      email: `claimant.${n}@${D}`,
    });
    const claimantCookie = await signInAs(ctx, claimant);
    const asked = await post('/api/me/student-id-claims', { studentId }, { cookie: claimantCookie });
    expect(asked.statusCode).toBe(201);
    return {
      studentId,
      holder,
      claimant,
      claimantCookie,
      holderCookie: await signInAs(ctx, holder),
      decisionUrl: `/api/admin/student-id-conflicts/${asked.json().claim.id}/decision`,
    };
  }

  it('keeps the released holder from entering it again, and lets the student who asked take it', async () => {
    const { studentId, holder, claimant, claimantCookie, holderCookie, decisionUrl } = await conflict();
    const decided = await post(
      decisionUrl,
      { decision: 'release', reason: 'Neither account is on the admission register yet.' },
      { cookie: await admin() },
    );
    expect(decided.statusCode).toBe(200);
    expect(await userById(holder.id)).toMatchObject({ studentId: null, onboardingComplete: false });

    const again = await post('/api/onboarding', onboardingForm(studentId), { cookie: holderCookie });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ idNumber: TAKEN_FROM_YOU });
    expect(await userById(holder.id)).toMatchObject({ studentId: null, onboardingComplete: false });

    const taken = await post('/api/onboarding', onboardingForm(studentId), { cookie: claimantCookie });
    expect(taken.statusCode).toBe(200);
    expect(await userById(claimant.id)).toMatchObject({ studentId, onboardingComplete: true });
    // The student who asked is told the id is free for them to enter.
    const told = await ctx.db.select().from(notifications).where(eq(notifications.userId, claimant.id));
    expect(told.map((row) => [row.outcome, row.link])).toEqual([['released', '/onboarding']]);
  });

  it('gives exactly one of 20 concurrent decisions a 200', async () => {
    const { decisionUrl } = await conflict();
    const cookie = await admin();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(
          decisionUrl,
          { decision: i % 2 ? 'release' : 'claimant', reason: 'Checked on the register.' },
          { cookie },
        ),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
  });
});
