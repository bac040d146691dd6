import { and, desc, eq, isNull } from 'drizzle-orm';
import {
  CREDENTIAL_MESSAGES,
  ERROR_CODES,
  TRANSCRIPT_MESSAGES,
  type IssueTranscriptRequest,
  type TranscriptContent,
  type TranscriptPosition,
  type TranscriptRecords,
  type TranscriptStudent,
  type TranscriptSummary,
  type TranscriptVerification,
} from '@cosa/contracts';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { transcripts, type Transcript } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { logActivity } from '../activity/activity.service';
import {
  endorsedSkills,
  pendingCounts,
  transcriptStudent,
  verifiedAchievements,
  verifiedPositions,
} from './transcript-records';
import { drawTranscriptPdf, PdfTimeoutError, type FailureLog } from './transcript-pdf-thread';
import { withdrawnItems } from './transcript-withdrawn';
import { contentOf, summaryOf, verifyUrlOf } from './transcript-summary';
import { withdrawnRecords } from './record-withdrawals.service';
import { credentialRefusals } from './record-entitlement.service';
import { attendanceOnRecord } from '../events/attendance-record.service';
import { membershipsOnRecord } from '../club-membership/membership-record.service';

type Settings = Pick<
  Config,
  | 'publicUrl'
  | 'INSTITUTE_NAME'
  | 'INSTITUTE_SHORT_NAME'
  | 'TIME_ZONE'
  | 'TRANSCRIPT_PDF_TIMEOUT_SECONDS'
>;

/**
 * The verified records a student may put on a transcript, and how many still wait for review; each
 * achievement and position says why the institute would not sign it as a credential, if it would not.
 */
export async function transcriptRecords(db: Database, userId: string): Promise<TranscriptRecords> {
  const [student, achievements, positions, skills, attendance, memberships, pending] = await Promise.all(
    [
      transcriptStudent(db, userId),
      verifiedAchievements(db, userId),
      verifiedPositions(db, userId),
      endorsedSkills(db, userId),
      attendanceOnRecord(db, userId),
      membershipsOnRecord(db, userId),
      pendingCounts(db, userId),
    ],
  );
  const refusals = await credentialRefusals(db, userId, {
    achievements: achievements.map((item) => item.id),
    positions: positions.map((item) => item.id),
  });
  const withRefusal = <T extends { id: string }>(item: T) => ({
    ...item,
    credentialRefusal: refusals.get(item.id) ?? null,
  });
  return {
    student,
    achievements: achievements.map(withRefusal),
    positions: positions.map(withRefusal),
    skills,
    attendance,
    memberships,
    pending,
  };
}

/**
 * One of the student's positions as their transcript would show it (verified, not left early),
 * with the student it names; undefined for any other holding.
 */
export async function positionOnRecord(
  db: Database,
  userId: string,
  holdingId: string,
): Promise<{ position: TranscriptPosition; student: TranscriptStudent } | undefined> {
  const [[position], student] = await Promise.all([
    verifiedPositions(db, userId, [holdingId]),
    transcriptStudent(db, userId),
  ]);
  return position && { position, student };
}

/** The student's issued transcripts, newest first. */
export async function listTranscripts(
  db: Database,
  config: Settings,
  userId: string,
): Promise<TranscriptSummary[]> {
  const rows = await db
    .select()
    .from(transcripts)
    .where(eq(transcripts.userId, userId))
    .orderBy(desc(transcripts.issuedAt), desc(transcripts.id));
  return rows.map((row) => summaryOf(config, row));
}

const unique = (ids: readonly string[]) => [...new Set(ids)];

/**
 * Freezes the chosen records into a transcript. Every chosen id must be one of the student's own
 * verified records at this moment; otherwise nothing is issued.
 */
export async function issueTranscript(
  db: Database,
  config: Settings,
  userId: string,
  request: IssueTranscriptRequest,
): Promise<TranscriptSummary> {
  const achievementIds = unique(request.achievementIds);
  const positionIds = unique(request.positionIds);
  const skillIds = unique(request.skillIds);
  const attendanceIds = unique(request.attendanceIds);
  const membershipIds = unique(request.membershipIds);
  return db.transaction(async (tx) => {
    const [student, achievements, positions, skills, attendance, memberships] = await Promise.all([
      transcriptStudent(tx, userId),
      achievementIds.length ? verifiedAchievements(tx, userId, achievementIds) : [],
      positionIds.length ? verifiedPositions(tx, userId, positionIds) : [],
      skillIds.length ? endorsedSkills(tx, userId, skillIds) : [],
      // Another student's registration, or one not checked in, is not found: refused alike.
      attendanceIds.length ? attendanceOnRecord(tx, userId, attendanceIds) : [],
      // Read from the club's roster now, never from the request: another student's period is not found.
      membershipIds.length ? membershipsOnRecord(tx, userId, membershipIds) : [],
    ]);
    if (
      achievements.length !== achievementIds.length ||
      positions.length !== positionIds.length ||
      skills.length !== skillIds.length ||
      attendance.length !== attendanceIds.length ||
      memberships.length !== membershipIds.length
    ) {
      // A record the institute withdrew is refused with why and whom to ask (record-withdrawals).
      const withdrawn = await Promise.all([
        withdrawnRecords(tx, 'achievement', achievementIds),
        withdrawnRecords(tx, 'position', positionIds),
      ]);
      if (withdrawn.some((found) => found.size))
        throw AppError.conflict(CREDENTIAL_MESSAGES.recordWithdrawn);
      throw AppError.badRequest(TRANSCRIPT_MESSAGES.notVerified);
    }
    const content: TranscriptContent = {
      student,
      achievements,
      positions,
      skills,
      attendance,
      memberships,
    };
    const [row] = await tx
      .insert(transcripts)
      .values({
        userId,
        content,
        institute: { name: config.INSTITUTE_NAME, shortName: config.INSTITUTE_SHORT_NAME },
      })
      .returning();
    const total =
      achievements.length + positions.length + skills.length + attendance.length + memberships.length;
    await logActivity(tx, {
      type: 'transcript',
      actorId: userId,
      description: `Issued a co-curricular transcript of ${total} record${total === 1 ? '' : 's'}`,
      subjectType: 'transcript',
      subjectId: row!.id,
    });
    return summaryOf(config, row!);
  });
}

async function ownTranscript(
  db: Pick<Database, 'select'>,
  userId: string,
  id: string,
): Promise<Transcript> {
  const [row] = await db
    .select()
    .from(transcripts)
    .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId)));
  // Another student's transcript answers like an unknown one: ids are not confirmed to strangers.
  if (!row) throw AppError.notFound(TRANSCRIPT_MESSAGES.notFound);
  return row;
}

/** Revokes one of the student's transcripts; its verification page then says so. */
export async function revokeTranscript(
  db: Database,
  config: Settings,
  userId: string,
  id: string,
): Promise<TranscriptSummary> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(transcripts)
      .set({ revokedAt: new Date() })
      .where(and(eq(transcripts.id, id), eq(transcripts.userId, userId), isNull(transcripts.revokedAt)))
      .returning();
    if (!row) {
      await ownTranscript(tx, userId, id);
      throw AppError.conflict(TRANSCRIPT_MESSAGES.alreadyRevoked);
    }
    await logActivity(tx, {
      type: 'transcript',
      actorId: userId,
      description: 'Revoked a co-curricular transcript',
      subjectType: 'transcript',
      subjectId: id,
    });
    return summaryOf(config, row);
  });
}

/** The PDF of one of the student's transcripts, drawn from its frozen content. */
export async function transcriptPdf(
  db: Database,
  config: Settings,
  log: FailureLog,
  userId: string,
  id: string,
): Promise<{ pdf: Buffer; fileName: string }> {
  const row = await ownTranscript(db, userId, id);
  const input = {
    transcriptId: row.id,
    content: contentOf(row.content),
    institute: row.institute,
    issuedAt: row.issuedAt,
    verifyUrl: verifyUrlOf(config, row.id),
    timeZone: config.TIME_ZONE,
  };
  const pdf = await drawTranscriptPdf(input, log, config.TRANSCRIPT_PDF_TIMEOUT_SECONDS * 1000).catch(
    (error: unknown) => {
      // The transcript stays issued and frozen; the next try draws it on a fresh worker.
      if (error instanceof PdfTimeoutError)
        throw new AppError(503, ERROR_CODES.unavailable, TRANSCRIPT_MESSAGES.pdfTimedOut);
      throw error;
    },
  );
  const day = row.issuedAt.toISOString().slice(0, 10);
  return { pdf, fileName: `transcript-${day}-${row.id.slice(0, 8)}.pdf` };
}

/** What anyone holding the address sees: the frozen content, when, by whom, and whether it stands. */
export async function verifyTranscript(db: Database, id: string): Promise<TranscriptVerification> {
  const [row] = await db.select().from(transcripts).where(eq(transcripts.id, id));
  if (!row) throw AppError.notFound(TRANSCRIPT_MESSAGES.notFound);
  const content = contentOf(row.content);
  return {
    id: row.id,
    status: row.revokedAt ? 'revoked' : 'valid',
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    institute: row.institute,
    content,
    withdrawn: await withdrawnItems(db, row.userId, content),
  };
}
