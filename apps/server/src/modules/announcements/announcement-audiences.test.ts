import { beforeAll, describe, expect, it } from 'vitest';
import { currentTenure } from '@cosa/contracts';
import { clubMemberships } from '../../db/schema/index';
import { signInAs } from '../../../test/auth-helpers';
import { useTestApp } from '../../../test/build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createStudent,
  createStudentProfile,
  createUser,
} from '../../../test/factories';
import { announcementClientOf } from '../../../test/announcement-test-client';

const CSE = 'Computer Science & Engineering';
const EE = 'Electrical Engineering';

/** The tenure before the one under way, e.g. '2024-2025' during '2025-2026'. */
function lastTenure(): string {
  const start = Number(currentTenure().slice(0, 4)) - 1;
  return `${start}-${start + 1}`;
}

/**
 * One small campus, the same for every case, so each audience's people are typed by hand:
 *   Asha   2024 B.Tech CSE, a verified holder in the Chess Club, and in the Robotics Club only last tenure
 *   Bala   2024 M.Tech EE, claims a Robotics Club position himself (not checked); on the Chess Club's roster
 *   Chitra 2023 B.Tech EE, a verified Robotics Club holder and on its roster; a past Chess Club member
 *   Dev    2023 MSc Mathematics, appointed by the Robotics coordinator, awaiting the council
 *   Esha   2024 B.Tech CSE, a verified Robotics Club holder and on the Chess Club's roster, deactivated
 *   Farid  2024 B.Tech CSE, not onboarded
 *   Gita   2024 B.Tech CSE, onboarded but her e-mail is not proven
 *   Officials: Priya (president), Jaya (sci-tech secretary), Hari (Robotics coordinator),
 *   Indu (Chess coordinator), and Kiran, the institute administrator.
 */
describe('who an announcement reaches', () => {
  const ctx = useTestApp();
  const client = announcementClientOf(ctx);
  const cookies: Record<string, string> = {};

  beforeAll(async () => {
    const robotics = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    const chess = await createOrgUnit(ctx.db, { name: 'Chess Club' });
    const roboticsLead = await createPosition(ctx.db, { unitId: robotics.id, title: 'Robotics Lead' });
    const chessCaptain = await createPosition(ctx.db, { unitId: chess.id, title: 'Chess Captain' });
    const student = async (
      name: string,
      batchYear: number,
      program: 'B.Tech' | 'M.Tech' | 'MSc',
      branch: string,
      user: object = {},
    ) => (await createStudent(ctx.db, { name, ...user }, { batchYear, program, branch })).user;
    const asha = await student('Asha Verma', 2024, 'B.Tech', CSE);
    const bala = await student('Bala Krishnan', 2024, 'M.Tech', EE);
    const chitra = await student('Chitra Rao', 2023, 'B.Tech', EE);
    const dev = await student('Dev Anand', 2023, 'MSc', 'Mathematics');
    const esha = await student('Esha Gupta', 2024, 'B.Tech', CSE, { deactivatedAt: new Date() });
    const farid = await createUser(ctx.db, { name: 'Farid Khan', onboardingComplete: false });
    await createStudentProfile(ctx.db, {
      userId: farid.id,
      batchYear: 2024,
      program: 'B.Tech',
      branch: CSE,
    });
    await student('Gita Iyer', 2024, 'B.Tech', CSE, { emailVerifiedAt: null });

    await createPositionHolder(ctx.db, { userId: asha.id, positionId: chessCaptain.id });
    await createPositionHolder(ctx.db, {
      userId: asha.id,
      positionId: roboticsLead.id,
      tenureYear: lastTenure(),
      status: 'completed',
    });
    await createPositionHolder(ctx.db, {
      userId: bala.id,
      positionId: roboticsLead.id,
      verification: 'self_declared',
    });
    await createPositionHolder(ctx.db, { userId: chitra.id, positionId: roboticsLead.id });
    await createPositionHolder(ctx.db, {
      userId: dev.id,
      positionId: roboticsLead.id,
      verification: 'pending',
    });
    await createPositionHolder(ctx.db, { userId: esha.id, positionId: roboticsLead.id });
    await ctx.db.insert(clubMemberships).values([
      { unitId: chess.id, userId: bala.id },
      { unitId: robotics.id, userId: chitra.id },
      {
        unitId: chess.id,
        userId: chitra.id,
        startedAt: new Date('2024-08-01T00:00:00Z'),
        endedAt: new Date('2025-05-01T00:00:00Z'),
        endReason: 'Left the club',
      },
      { unitId: chess.id, userId: esha.id },
    ]);

    const officials = [
      ['priya', 'Priya Sen', 'PRESIDENT', null],
      ['jaya', 'Jaya Menon', 'GENSEC_SCITECH', null],
      ['hari', 'Hari Prasad', 'CLUB_COORDINATOR', robotics.id],
      ['indu', 'Indu Sharma', 'CLUB_COORDINATOR', chess.id],
    ] as const;
    for (const [key, name, role, clubUnitId] of officials)
      cookies[key] = await signInAs(ctx, await createUser(ctx.db, { name, role, clubUnitId }));
    await createUser(ctx.db, { name: 'Kiran Admin', role: 'ADMIN' });
  });

  const post = async (who: string, audience: string, audienceValue?: string) => {
    const response = await client.post(
      {
        title: `To ${audience} ${audienceValue ?? ''}`,
        body: 'Details inside.',
        audience,
        ...(audienceValue ? { audienceValue } : {}),
      },
      cookies[who],
    );
    expect(response.statusCode, response.body).toBe(201);
    const posted = response.json() as { id: string; recipients: number };
    const names = await client.recipientsOf(posted.id);
    expect(posted.recipients).toBe(names.length);
    return names;
  };

  it('everyone: every onboarded student and official with a proven, active account, but not the author', async () => {
    expect(await post('priya', 'everyone')).toEqual([
      'Asha Verma',
      'Bala Krishnan',
      'Chitra Rao',
      'Dev Anand',
      'Hari Prasad',
      'Indu Sharma',
      'Jaya Menon',
    ]);
    expect(await post('jaya', 'everyone')).toEqual([
      'Asha Verma',
      'Bala Krishnan',
      'Chitra Rao',
      'Dev Anand',
      'Hari Prasad',
      'Indu Sharma',
      'Priya Sen',
    ]);
  });

  it('a batch year: its students only', async () => {
    expect(await post('jaya', 'batch', '2024')).toEqual(['Asha Verma', 'Bala Krishnan']);
    expect(await post('jaya', 'batch', '2023')).toEqual(['Chitra Rao', 'Dev Anand']);
  });

  it('a program: its students only', async () => {
    expect(await post('priya', 'program', 'B.Tech')).toEqual(['Asha Verma', 'Chitra Rao']);
    expect(await post('priya', 'program', 'MSc')).toEqual(['Dev Anand']);
  });

  it('a discipline: its students only', async () => {
    expect(await post('jaya', 'discipline', EE)).toEqual(['Bala Krishnan', 'Chitra Rao']);
    expect(await post('jaya', 'discipline', CSE)).toEqual(['Asha Verma']);
  });

  it("a club: its roster's current members, this tenure's holders and the coordinator's appointees, each once; not claims, past members or holders, or other clubs", async () => {
    expect(await post('hari', 'club')).toEqual(['Chitra Rao', 'Dev Anand']);
    expect(await post('indu', 'club')).toEqual(['Asha Verma', 'Bala Krishnan']);
  });

  it('an audience nobody is in: refused', async () => {
    const response = await client.post(
      {
        title: 'Physics majors',
        body: 'Lab safety talk.',
        audience: 'discipline',
        audienceValue: 'Physics',
      },
      cookies.priya,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({
      audienceValue: 'Nobody in this audience can receive announcements yet.',
    });
  });
});
