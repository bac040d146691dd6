import { eq, sql } from 'drizzle-orm';
import { achievements, transcripts, userSkills } from '../src/db/schema/index';
import { browserOf, signInAs } from './auth-helpers';
import type { TestContext } from './build-test-app';
import {
  createOrgUnit,
  createPosition,
  createPositionHolder,
  createSkill,
  createStudent,
  createUser,
} from './factories';

/** Students with records to put on a transcript, and the transcript requests of the transcript page. */
export function transcriptRecordsOf(ctx: TestContext) {
  const browser = browserOf(ctx);

  /** A student named by hand with one record of each kind verified and one of each still pending. */
  let students = 0;
  let catalogue: ReturnType<typeof makeCatalogue> | undefined;
  async function makeCatalogue() {
    const unit = await createOrgUnit(ctx.db, { name: 'Robotics Club' });
    return {
      position: await createPosition(ctx.db, { title: 'Workshop Coordinator', unitId: unit.id }),
      skill: await createSkill(ctx.db, {
        name: 'Embedded C',
        type: 'technical',
        category: 'Programming',
      }),
      other: await createSkill(ctx.db, {
        name: 'Public speaking',
        type: 'cultural',
        category: 'Communication',
      }),
    };
  }
  async function studentWithRecords(name = 'Aditi Rao', studentId = String(22_000_000 + ++students)) {
    const { user } = await createStudent(
      ctx.db,
      { name, studentId },
      { program: 'B.Tech', branch: 'Computer Science and Engineering', batchYear: 2022 },
    );
    const official = await createUser(ctx.db, {
      role: 'GENSEC_SCITECH',
      name: 'Kavya Menon',
      onboardingComplete: true,
    });
    const [verified, pending] = await ctx.db
      .insert(achievements)
      .values([
        {
          userId: user.id,
          title: 'Inter-IIT Tech Meet silver',
          type: 'technical',
          category: 'Competition',
          level: 'national',
          position: '2nd',
          dateAchieved: '2025-03-12',
          verified: true,
          verifiedBy: official.id,
          verifiedAt: new Date('2025-03-20T06:30:00Z'),
        },
        {
          userId: user.id,
          title: 'Hackathon entry',
          type: 'technical',
          category: 'Hackathon',
          dateAchieved: '2025-04-01',
        },
      ])
      .returning();
    const { position, skill, other } = await (catalogue ??= makeCatalogue());
    const holder = await createPositionHolder(ctx.db, {
      userId: user.id,
      positionId: position.id,
      tenureYear: '2024-2025',
      appointedBy: official.id,
      appointmentDate: '2024-07-01',
    });
    const selfDeclared = await createPositionHolder(ctx.db, {
      userId: user.id,
      tenureYear: '2023-2024',
      verification: 'self_declared',
    });
    const [endorsed, unendorsed] = await ctx.db
      .insert(userSkills)
      .values([
        {
          userId: user.id,
          skillId: skill.id,
          proficiencyLevel: 'advanced',
          isEndorsed: true,
          endorsedBy: official.id,
          endorsedAt: new Date('2025-02-01T10:00:00Z'),
        },
        { userId: user.id, skillId: other.id, proficiencyLevel: 'beginner' },
      ])
      .returning();
    return {
      user,
      cookie: await signInAs(ctx, user),
      official,
      verified: verified!,
      pending: pending!,
      holder,
      selfDeclared,
      endorsed: endorsed!,
      unendorsed: unendorsed!,
    };
  }

  const issue = (cookie: string, body: object) => browser.post('/api/me/transcripts', body, { cookie });
  const countOf = async (userId: string) =>
    (
      await ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(transcripts)
        .where(eq(transcripts.userId, userId))
    )[0]!.n;
  return { studentWithRecords, issue, countOf };
}
