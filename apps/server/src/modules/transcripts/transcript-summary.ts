import type { StoredTranscriptContent, TranscriptContent, TranscriptSummary } from '@cosa/contracts';
import type { Config } from '../../config';
import type { Transcript } from '../../db/schema/index';

/* An issued transcript as read back: its content, its public address and its summary. */

/**
 * A transcript's content as issued; one issued before attendance or memberships could be chosen
 * holds none.
 */
export const contentOf = (stored: StoredTranscriptContent): TranscriptContent => ({
  ...stored,
  attendance: stored.attendance ?? [],
  memberships: stored.memberships ?? [],
});

/** The public address of a transcript: printed in its QR code. */
export const verifyUrlOf = (config: Pick<Config, 'publicUrl'>, id: string) =>
  `${config.publicUrl}/verify/${id}`;

export function summaryOf(
  config: Pick<Config, 'publicUrl'>,
  row: Pick<Transcript, 'id' | 'issuedAt' | 'revokedAt' | 'content'>,
): TranscriptSummary {
  return {
    id: row.id,
    issuedAt: row.issuedAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    counts: {
      achievements: row.content.achievements.length,
      positions: row.content.positions.length,
      skills: row.content.skills.length,
      attendance: row.content.attendance?.length ?? 0,
      memberships: row.content.memberships?.length ?? 0,
    },
    verifyUrl: verifyUrlOf(config, row.id),
  };
}
