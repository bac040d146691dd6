import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { auditLog, transcripts, users } from '../../db/schema/index';
import { browserOf, signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudentProfile,
  createUser,
} from '../../../test/factories';
import type { Vc } from '../../../test/credential-client';
import { formWith, profileClientOf } from '../../../test/profile-client';

/** An official's form: officials send no academic block. */
const officialForm = (name: string) => formWith({ personal: { name }, academic: null });

/**
 * The fresh-eyes attack: the president renamed himself "Sundar Pichai" and a credential and a
 * transcript signed it, because a save set an official's official name to null and the signed
 * documents fell back to the display name; a demoted official's next save then fixed the typed
 * name as official. Verifiers were named by their display name.
 */
describe('official names of officials and verifiers', () => {
  const ctx = useTestApp();
  const browser = browserOf(ctx);
  const { putProfile } = profileClientOf(ctx);
  const officialNameOf = async (id: string) =>
    (await ctx.db.select({ n: users.officialName }).from(users).where(eq(users.id, id)))[0]!.n;

  let made = 0;
  async function officials() {
    made += 1;
    const president = await createUser(ctx.db, {
      role: 'PRESIDENT',
      name: 'Kavya Menon',
      officialName: 'Kavya Menon',
      studentId: `2201${made}001`,
      studentIdSource: 'roll',
      onboardingComplete: true,
    });
    await createStudentProfile(ctx.db, { userId: president.id, program: 'B.Tech', batchYear: 2022 });
    const gensec = await createUser(ctx.db, {
      role: 'GENSEC_SCITECH',
      name: 'Arnav Kulkarni',
      officialName: 'Arnav Kulkarni',
      studentId: `2201${made}002`,
      studentIdSource: 'roll',
      onboardingComplete: true,
    });
    const unit = await createOrgUnit(ctx.db, { name: `Astronomy Club ${made}` });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Outreach Lead' });
    const holder = await createPositionHolder(ctx.db, {
      userId: president.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      verification: 'verified',
      verifiedBy: gensec.id,
      verifiedAt: new Date('2025-07-01T06:00:00Z'),
    });
    return {
      president,
      gensec,
      holder,
      presidentCookie: await signInAs(ctx, president),
      gensecCookie: await signInAs(ctx, gensec),
    };
  }

  it('signs the official names of a renamed official and a renamed verifier on credentials and transcripts', async () => {
    const { president, gensec, holder, presidentCookie, gensecCookie } = await officials();
    expect((await putProfile(officialForm('Sundar Pichai'), presidentCookie)).statusCode).toBe(200);
    expect((await putProfile(officialForm('Elon Musk'), gensecCookie)).statusCode).toBe(200);
    expect(await officialNameOf(president.id)).toBe('Kavya Menon');
    expect(await officialNameOf(gensec.id)).toBe('Arnav Kulkarni');

    const credential = await browser.get(`/api/me/positions/${holder.id}/credential`, {
      cookie: presidentCookie,
    });
    expect(credential.statusCode).toBe(200);
    const vc = decodeJwt(credential.body).vc as Vc;
    expect(vc.credentialSubject.identifier).toContainEqual(
      expect.objectContaining({ identityType: 'name', identityHash: 'Kavya Menon' }),
    );
    expect(vc.credentialSubject.achievement.criteria.narrative).toBe(
      'Verified by Arnav Kulkarni on 1 July 2025',
    );

    const issued = await browser.post(
      '/api/me/transcripts',
      { positionIds: [holder.id] },
      { cookie: presidentCookie },
    );
    expect(issued.statusCode).toBe(201);
    const [transcript] = await ctx.db
      .select({ content: transcripts.content })
      .from(transcripts)
      .where(eq(transcripts.userId, president.id));
    expect(transcript!.content.student.name).toBe('Kavya Menon');
    expect(transcript!.content.positions.map((p) => p.verifiedBy)).toEqual(['Arnav Kulkarni']);
  });

  it('keeps a demoted official’s official name through the next save', async () => {
    const { president, presidentCookie } = await officials();
    expect((await putProfile(officialForm('Sundar Pichai'), presidentCookie)).statusCode).toBe(200);
    await ctx.db.update(users).set({ role: 'STUDENT' }).where(eq(users.id, president.id));
    const saved = await putProfile(
      formWith({ personal: { name: 'Sundar Pichai Jr' }, academic: {} }),
      presidentCookie,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().profile.institute.officialName).toBe('Kavya Menon');
    expect(await officialNameOf(president.id)).toBe('Kavya Menon');
  });

  it('gives existing accounts with a student id an official name, never one typed after the last official one', async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0028_official_names_for_all.sql', import.meta.url),
      'utf8',
    );
    const actor = await createUser(ctx.db, { role: 'ADMIN' });
    // A save wiped the official name; the audit log kept the display name before the rename.
    const renamed = await createUser(ctx.db, {
      role: 'PRESIDENT',
      name: 'Sundar Pichai',
      studentId: '23019001',
    });
    await ctx.db.insert(auditLog).values({
      actorId: renamed.id,
      kind: 'account',
      action: 'update',
      subjectType: 'users',
      subjectId: renamed.id,
      summary: 'Display name changed',
      before: { name: 'Kavya Menon' },
      after: { name: 'Sundar Pichai' },
    });
    // A role change under an actor recorded the row while it still had its official name.
    const demoted = await createUser(ctx.db, { name: 'Typed Later', studentId: '23019002' });
    await ctx.db.insert(auditLog).values({
      actorId: actor.id,
      kind: 'role',
      action: 'update',
      subjectType: 'users',
      subjectId: demoted.id,
      before: { role: 'GENSEC_SPORTS', official_name: 'Ishaan Bose' },
      after: { role: 'STUDENT', official_name: 'Ishaan Bose' },
    });
    const never = await createUser(ctx.db, { name: 'Meera Iyer', studentId: '23019003' });
    const staff = await createUser(ctx.db, { role: 'ADMIN', name: 'Office Staff' });
    const kept = await createUser(ctx.db, {
      name: 'Display',
      officialName: 'Official',
      studentId: '23019004',
    });
    await ctx.db.execute(sql.raw(migration));
    expect(await officialNameOf(renamed.id)).toBe('Kavya Menon');
    expect(await officialNameOf(demoted.id)).toBe('Ishaan Bose');
    expect(await officialNameOf(never.id)).toBe('Meera Iyer');
    expect(await officialNameOf(staff.id)).toBeNull();
    expect(await officialNameOf(kept.id)).toBe('Official');
  });
});
