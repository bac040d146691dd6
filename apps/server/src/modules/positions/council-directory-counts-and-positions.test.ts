import { describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { signInAs } from '../../../test/auth-helpers';
import { TEST_ORIGIN, useTestApp } from '../../../test/build-test-app';
import {
  admittedYearsAgo,
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
  createUserSkill,
} from '../../../test/factories';
import { directoryClientOf } from '../../../test/position-clients';

describe('COSA View: office-bearers and positions', () => {
  const ctx = useTestApp();
  const { get, student } = directoryClientOf(ctx);

  it('counts the office-bearers of the campus and lists their units: none of a retired position, an administrator, another tenure or an unverified claim', async () => {
    const { cookie } = await student();
    const before = (await get('/api/directory/office-bearers', cookie)).json();
    const units = await Promise.all(
      [
        'Held Unit Omicron',
        'Admin Unit Omicron',
        'Retired Unit Omicron',
        'Past Unit Omicron',
        'Claimed Unit Omicron',
      ].map((name) => createOrgUnit(ctx.db, { name })),
    );
    const [held, admin, retired, past, claimed] = await Promise.all([
      createPosition(ctx.db, { unitId: units[0]!.id, title: 'Treasurer Omicron', positionCount: 2 }),
      createPosition(ctx.db, { unitId: units[1]!.id, title: 'Admin Post Omicron' }),
      createPosition(ctx.db, {
        unitId: units[2]!.id,
        title: 'Retired Post Omicron',
        retiredAt: new Date(),
      }),
      createPosition(ctx.db, { unitId: units[3]!.id, title: 'Past Post Omicron' }),
      createPosition(ctx.db, { unitId: units[4]!.id, title: 'Claimed Post Omicron' }),
    ]);
    const person = async () => (await createUser(ctx.db)).id;
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: held.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: held.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: (await createUser(ctx.db, { role: 'ADMIN' })).id,
      positionId: admin.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: retired.id,
      tenureYear: currentTenure(),
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: past.id,
      tenureYear: '2020-2021',
    });
    await createPositionHolder(ctx.db, {
      userId: await person(),
      positionId: claimed.id,
      tenureYear: currentTenure(),
      verification: 'self_declared',
    });

    const after = (await get('/api/directory/office-bearers', cookie)).json();
    expect(after.overall).toBe(before.overall + 2);
    const unitNames = after.units
      .map((unit: { name: string }) => unit.name)
      .filter((name: string) => name.endsWith('Omicron'));
    expect(unitNames).toEqual(['Held Unit Omicron']);
    // The positions page counts every seat taken, the administrator's too: no one else can be appointed to it.
    const positions = (await get('/api/directory/positions?q=omicron', cookie)).json();
    const filled = Object.fromEntries(
      positions.items.map((item: { title: string; filled: number }) => [item.title, item.filled]),
    );
    expect(filled).toEqual({
      'Treasurer Omicron': 2,
      'Admin Post Omicron': 1,
      'Past Post Omicron': 0,
      'Claimed Post Omicron': 0,
    });
    const open = (await get('/api/directory/positions?q=omicron&open=true', cookie)).json();
    expect(open.items.map((item: { title: string }) => item.title)).toEqual([
      'Claimed Post Omicron',
      'Past Post Omicron',
    ]);
  });

  it('finds an office-bearer by the name they changed to, never by their e-mail', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Quiz Club Lambda' });
    const position = await createPosition(ctx.db, { unitId: unit.id, title: 'Quiz Master Lambda' });
    // The facts the institute keeps are the ones the form sends back unchanged: only the name changes.
    const { user: holder } = await createStudent(
      ctx.db,
      { name: 'Tara Bose', username: 'tara.b', email: 'lambda.mail@iitbhilai.ac.in' },
      { batchYear: 2023, program: 'B.Tech', branch: 'Mathematics' },
    );
    await createPositionHolder(ctx.db, { userId: holder.id, positionId: position.id });
    const { cookie } = await student();
    const names = async (q: string) =>
      (await get(`/api/directory/office-bearers?q=${q}`, cookie))
        .json()
        .items.map((item: { name: string }) => item.name);
    expect(await names('tara bose')).toEqual(['Tara Bose']);
    // Neither the e-mail nor the username (the e-mail's local part, as a rule) finds anyone.
    expect(await names('lambda.mail')).toEqual([]);
    expect(await names('tara.b')).toEqual([]);
    expect(await names('bose tara')).toEqual([]);
    const form = {
      personal: { name: 'Tara Banerjee' },
      contact: {},
      socialLinks: {},
      academic: {
        batchYear: 2023,
        program: 'B.Tech',
        branch: 'Mathematics',
        currentYear: '3rd',
        cgpa: 8.5,
      },
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/profile',
      payload: form,
      headers: { origin: TEST_ORIGIN, cookie: await signInAs(ctx, holder) },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await names('tara banerjee')).toEqual(['Tara Banerjee']);
    expect(await names('tara bose')).toEqual([]);
  });

  it("shows positions in use with this tenure's seats, and where a student's record falls short of each", async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club Theta' });
    const easy = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Volunteer Theta',
      positionCount: 3,
      minCgpa: 0,
      minYear: 1,
      skillsRequired: [],
    });
    const hard = await createPosition(ctx.db, {
      unitId: unit.id,
      title: 'Captain Theta',
      positionCount: 1,
      minCgpa: 8.5,
      minYear: 3,
      skillsRequired: ['Arduino', 'Soldering'],
      description: 'Leads the team.',
    });
    await createPosition(ctx.db, { unitId: unit.id, title: 'Retired Theta', retiredAt: new Date() });
    await createPositionHolder(ctx.db, { positionId: hard.id, tenureYear: currentTenure() });
    await createPositionHolder(ctx.db, { positionId: easy.id, tenureYear: '2019-2020' });

    // The institute's record: CGPA 8.1, admitted last academic year (a 2nd year).
    const { user, cookie } = await student({ instituteCgpa: 8.1, batchYear: admittedYearsAgo(1) });
    await createUserSkill(ctx.db, {
      userId: user.id,
      skillId: (await createSkill(ctx.db, { name: 'arduino' })).id,
    });

    const list = (await get('/api/directory/positions?q=theta', cookie)).json();
    expect(list.items.map((item: { title: string }) => item.title)).toEqual([
      'Captain Theta',
      'Volunteer Theta',
    ]);
    const [captain, volunteer] = list.items;
    expect(captain).toMatchObject({
      positionCount: 1,
      filled: 1,
      tenure: currentTenure(),
      description: 'Leads the team.',
    });
    expect(captain.gaps).toEqual([
      "Your CGPA on the institute's record is 8.10; this position asks for at least 8.5.",
      "By the institute's record you are in your 2nd year; this position asks for at least the 3rd year.",
      'Missing required skills: Soldering',
    ]);
    expect(volunteer).toMatchObject({ positionCount: 3, filled: 0, gaps: [] });

    const open = (await get('/api/directory/positions?q=theta&open=true', cookie)).json();
    expect(open.items.map((item: { title: string }) => item.title)).toEqual(['Volunteer Theta']);
    expect(open.total).toBe(1);
  });

  it('gives an official the positions without comparing a record they do not keep', async () => {
    const unit = await createOrgUnit(ctx.db, { name: 'Drama Club Iota' });
    await createPosition(ctx.db, { unitId: unit.id, title: 'Director Iota', minCgpa: 7 });
    const president = await createUser(ctx.db, { role: 'PRESIDENT' });
    const list = (await get('/api/directory/positions?q=iota', await signInAs(ctx, president))).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].gaps).toBeNull();
  });
});
