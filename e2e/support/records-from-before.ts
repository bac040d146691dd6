import { writeFileSync } from 'node:fs';
import { openCliDatabase } from '../../apps/server/src/cli/open-database';
import { loadConfig } from '../../apps/server/src/config';
import { achievements, positionHolders } from '../../apps/server/src/db/schema/index';
import { signLegacyCredential } from '../../apps/server/test/legacy-credentials';

/*
 * What a campus that used the portal before credentials carried a revocation status, and before it
 * kept who verified a holding, still holds: a demo student's holding of an old tenure, verified with
 * nobody recorded as its verifier, and a credential of one of her achievements as the portal then
 * signed it (no credentialStatus). global-setup runs this after seed:demo and before the server
 * starts (the embedded database admits one process); the specs read what it made from the file
 * named on the command line (E2E_RECORDS_FROM_BEFORE).
 */

export type RecordsFromBefore = {
  student: { name: string; email: string };
  /** An achievement of hers, and its credential signed before status lists. */
  achievement: string;
  credential: string;
  /** The holding no one is recorded as having verified. */
  holding: { position: string; unit: string; tenureYear: string };
};

const STUDENT = 'Mrunal Gokhale';
const POSITION = 'Sound and Stage Volunteer';

async function main(out: string): Promise<void> {
  const config = loadConfig();
  const handle = await openCliDatabase(config);
  try {
    const { db } = handle;
    const student = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.name, STUDENT) });
    const position = await db.query.positions.findFirst({
      where: (p, { eq }) => eq(p.title, POSITION),
    });
    const president = await db.query.users.findFirst({
      where: (u, { eq }) => eq(u.role, 'PRESIDENT'),
    });
    const unit =
      position &&
      (await db.query.orgUnits.findFirst({ where: (o, { eq }) => eq(o.id, position.unitId) }));
    if (!student || !position || !president || !unit) throw new Error('The demo campus is not seeded.');
    const year = new Date().getFullYear();
    const tenureYear = `${year - 3}-${year - 2}`;
    await db.insert(positionHolders).values({
      userId: student.id,
      positionId: position.id,
      tenureYear,
      status: 'completed',
      verification: 'verified',
    });
    const [achievement] = await db
      .insert(achievements)
      .values({
        userId: student.id,
        title: 'Inter-college Battle of Bands, first place',
        description: 'Lead vocals for the winning band.',
        category: 'Music',
        type: 'cultural',
        level: 'state',
        dateAchieved: `${year - 2}-02-20`,
        position: '1st',
        verified: true,
        verifiedBy: president.id,
        verifiedAt: new Date(`${year - 2}-03-01T06:00:00Z`),
      })
      .returning();
    const { token } = await signLegacyCredential(
      { db, publicUrl: config.publicUrl },
      'name and student id',
      {
        kind: 'achievement',
        recordId: achievement!.id,
        userId: student.id,
        studentName: STUDENT,
        studentId: student.studentId ?? undefined,
        name: achievement!.title,
        description: 'Lead vocals for the winning band.',
        verifierName: president.name,
      },
    );
    const made: RecordsFromBefore = {
      student: { name: STUDENT, email: student.email },
      achievement: achievement!.title,
      credential: token,
      holding: { position: POSITION, unit: unit.name, tenureYear },
    };
    writeFileSync(out, JSON.stringify(made));
  } finally {
    await handle.close();
  }
}

await main(process.argv[2]!);
