import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { positionHolders } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  admittedYearsAgo,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createUser,
} from '../../../test/factories';
import { positionHolderClientOf } from '../../../test/position-clients';

// Typed by hand: what an official and the student read (decision 0015).
const SHORTFALL = 'This person does not meet the requirements of the position.';
const CGPA_BELOW = "CGPA on the institute's record below the minimum 8.0";
const YEAR_BELOW = "Year of study by the institute's record below the minimum 3rd";
const NO_CGPA =
  "No CGPA on the institute's record (minimum 8.0); the student can ask for a correction on their profile";
const NO_ADMISSION_YEAR =
  "No admission year on the institute's record, so no year of study (minimum 3rd); the student can ask for a correction on their profile";
const OWN_CGPA_BELOW =
  "Your CGPA on the institute's record is 6.00; this position asks for at least 8.0.";
const OWN_YEAR_BELOW =
  "By the institute's record you are in your 1st year; this position asks for at least the 3rd year.";
const OWN_NO_CGPA =
  'The institute\'s record has no CGPA for you; this position asks for at least 8.0. Ask for a correction under "Kept by the institute" on your profile.';
const OWN_NO_ADMISSION_YEAR =
  'The institute\'s record has no admission year for you, so your year of study is unknown; this position asks for at least the 3rd year. Ask for a correction under "Kept by the institute" on your profile.';

/**
 * Position requirements read the institute's record, never the profile: the CGPA the roll or the
 * administrator gave, and the year of study the admission year gives on the institute's clock.
 */
describe("eligibility reads the institute's record", () => {
  const ctx = useTestApp();
  const { send, get, as, appoint, holdersOf } = positionHolderClientOf(ctx);
  const demanding = async (title: string) =>
    createPosition(ctx.db, {
      unitId: (await createOrgUnit(ctx.db, { name: `${title} Club` })).id,
      title,
      minCgpa: 8,
      minYear: 3,
      skillsRequired: [],
    });
  const ownGaps = async (cookie: string, title: string) => {
    const list = await get(`/api/directory/positions?q=${encodeURIComponent(title)}`, cookie);
    expect(list.statusCode).toBe(200);
    return list.json().items[0].gaps as string[];
  };

  it('refuses a student whose profile says CGPA 9.9 and 4th year but whose record says 6.00 and admitted this year', async () => {
    const { cookie } = await as('PRESIDENT');
    const position = await demanding('Eligibility Lead Sigma');
    const { user } = await createStudent(
      ctx.db,
      {},
      { cgpa: 9.9, currentYear: '4th', instituteCgpa: 6, batchYear: admittedYearsAgo(0) },
    );
    const asked = await send('POST', '/api/position-holders', cookie, appoint(user.id, position.id));
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toEqual({
      code: 'REQUIREMENTS_NOT_MET',
      message: SHORTFALL,
      fields: { cgpa: CGPA_BELOW, year: YEAR_BELOW },
    });
    // An official never reads the figures; neither the typed nor the institute's.
    expect(asked.body).not.toContain('9.9');
    expect(asked.body).not.toContain('6.00');
    expect(await holdersOf(position.id)).toEqual([]);

    // The student reads their own figures, named as the institute's.
    expect(await ownGaps(await signInAs(ctx, user), 'Eligibility Lead Sigma')).toEqual([
      OWN_CGPA_BELOW,
      OWN_YEAR_BELOW,
    ]);

    // The council's verification of a self-declared record asks the same.
    const secretary = await signInAs(ctx, await createUser(ctx.db, { role: 'GENSEC_SCITECH' }));
    const claim = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verification: 'self_declared',
    });
    const verify = await send('POST', `/api/endorsements/positions/${claim.id}/verify`, secretary);
    expect(verify.statusCode).toBe(409);
    expect(verify.json().error.fields).toEqual({ cgpa: CGPA_BELOW, year: YEAR_BELOW });
    const [row] = await ctx.db.select().from(positionHolders).where(eq(positionHolders.id, claim.id));
    expect(row!.verification).toBe('self_declared');
  });

  it('appoints a student whose profile says CGPA 5.0 and 1st year but whose record says 8.50 and a 3rd year', async () => {
    const { cookie } = await as('PRESIDENT');
    const position = await demanding('Eligibility Lead Tau');
    const { user } = await createStudent(
      ctx.db,
      {},
      { cgpa: 5, currentYear: '1st', instituteCgpa: 8.5, batchYear: admittedYearsAgo(2) },
    );
    expect(await ownGaps(await signInAs(ctx, user), 'Eligibility Lead Tau')).toEqual([]);
    const appointed = await send('POST', '/api/position-holders', cookie, appoint(user.id, position.id));
    expect(appointed.statusCode).toBe(201);
    expect(await holdersOf(position.id)).toHaveLength(1);
  });

  it('refuses a student with no CGPA or no admission year on record, saying how to ask for a correction', async () => {
    const { cookie } = await as('PRESIDENT');
    const position = await demanding('Eligibility Lead Upsilon');
    const { user: noCgpa } = await createStudent(
      ctx.db,
      {},
      { cgpa: 9.5, instituteCgpa: null, batchYear: admittedYearsAgo(3) },
    );
    const { user: noYear } = await createStudent(
      ctx.db,
      {},
      { currentYear: '4th', instituteCgpa: 9, batchYear: null },
    );
    const first = await send('POST', '/api/position-holders', cookie, appoint(noCgpa.id, position.id));
    expect(first.statusCode).toBe(409);
    expect(first.json().error.fields).toEqual({ cgpa: NO_CGPA });
    const second = await send('POST', '/api/position-holders', cookie, appoint(noYear.id, position.id));
    expect(second.statusCode).toBe(409);
    expect(second.json().error.fields).toEqual({ year: NO_ADMISSION_YEAR });
    expect(await holdersOf(position.id)).toEqual([]);

    expect(await ownGaps(await signInAs(ctx, noCgpa), 'Eligibility Lead Upsilon')).toEqual([
      OWN_NO_CGPA,
    ]);
    expect(await ownGaps(await signInAs(ctx, noYear), 'Eligibility Lead Upsilon')).toEqual([
      OWN_NO_ADMISSION_YEAR,
    ]);
  });
});
