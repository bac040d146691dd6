import {
  ROLL_IMPORT_REFUSED_LIST_LIMIT,
  rollReasonHeading,
  type RollRefusal,
  type RollRow,
} from '@cosa/contracts';
import type { CsvColumn } from '../../lib/csv-export';

/**
 * The refused rows counted by reason (a duplicate's reasons under one heading), the reasons that
 * refuse most rows first, each listing its first ROLL_IMPORT_REFUSED_LIST_LIMIT rows in file order.
 * A row refused for two reasons counts under both. One pass, a map by reason.
 */
export function refusalsOf(rows: readonly RollRow[]): RollRefusal[] {
  const byReason = new Map<string, RollRefusal>();
  for (const row of rows) {
    if (row.outcome !== 'refused') continue;
    const headings = new Set(row.reasons.map(rollReasonHeading));
    for (const reason of headings) {
      let refusal = byReason.get(reason);
      if (!refusal) {
        refusal = { reason, count: 0, rows: [] };
        byReason.set(reason, refusal);
      }
      refusal.count += 1;
      if (refusal.rows.length < ROLL_IMPORT_REFUSED_LIST_LIMIT) refusal.rows.push(row);
    }
  }
  // Stable: reasons refusing as many rows stay in the order the file first met them.
  return [...byReason.values()].sort((a, b) => b.count - a.count);
}

/** The columns of the refused rows' CSV: the row's line and cells as the file gave them, and every reason, one a line. */
export const REFUSED_ROW_COLUMNS: readonly CsvColumn<RollRow>[] = [
  { header: 'Row', value: (row) => row.row },
  { header: 'Student ID', value: (row) => row.studentId },
  { header: 'Name', value: (row) => row.name },
  { header: 'Email', value: (row) => row.email },
  { header: 'Program', value: (row) => row.program },
  { header: 'Discipline', value: (row) => row.discipline },
  { header: 'Admission year', value: (row) => row.admissionYear },
  { header: 'CGPA', value: (row) => row.cgpa },
  { header: 'Reasons', value: (row) => row.reasons.join('\n') },
];
