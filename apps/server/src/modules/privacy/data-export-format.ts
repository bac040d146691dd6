import { stringify } from 'csv-stringify/sync';
import { csvCell, csvDateTime } from '../../lib/csv-export';
import type { OwnedFile } from './data-export-files';
import type { SectionDefinition } from './data-export-sections';

/** A section as read for one person: its rows, each keyed by the section's column keys. */
export type ReadSection = { definition: SectionDefinition; rows: readonly Record<string, unknown>[] };

/** A value as a CSV cell: yes/no, the institute's clock, JSON for lists and objects; formulas defused (csvCell). */
function cellOf(value: unknown, timeZone: string): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value !== null && typeof value === 'object' && !(value instanceof Date))
    return csvCell(JSON.stringify(value), timeZone);
  return csvCell(value as string | number | Date | null | undefined, timeZone);
}

/**
 * A section's CSV, written as the portal's other exports are (a byte-order mark, CRLF records,
 * every field holding a line break quoted); the account, one record, is listed field by field.
 */
export function csvOf({ definition, rows }: ReadSection, timeZone: string): string {
  const records: string[][] = definition.single
    ? [
        ['Field', 'Value'],
        ...definition.columns.map(([key, header]) => [header, cellOf(rows[0]?.[key] ?? null, timeZone)]),
      ]
    : [
        definition.columns.map(([, header]) => header),
        ...rows.map((row) => definition.columns.map(([key]) => cellOf(row[key] ?? null, timeZone))),
      ];
  return stringify(records, {
    bom: true,
    record_delimiter: 'windows',
    quoted_match: /[\r\n\u0085\u2028\u2029]/,
  });
}

/** README.txt: what the archive is, what each file holds, and what is deliberately not in it. */
export function readmeOf(
  sections: readonly ReadSection[],
  files: readonly OwnedFile[],
  settings: { timeZone: string; instituteName: string },
  now: Date,
): string {
  const lines = [
    'A copy of your data from the COSA Portal',
    `${settings.instituteName}, made on ${csvDateTime(now, settings.timeZone)} (${settings.timeZone}).`,
    '',
    'This archive holds everything the portal keeps about you. The same data is here twice:',
    '- data.json: every section, for programs; times in ISO 8601, UTC.',
    `- one CSV file per section, for spreadsheets; times on the institute's clock (${settings.timeZone}).`,
    '',
    'The files:',
    ...sections.map(
      ({ definition, rows }) =>
        `- ${definition.name}.csv (${definition.single ? 'one record' : `${rows.length} rows`}): ${definition.about}`,
    ),
    files.length > 0
      ? `- files/: ${files.length} file${files.length === 1 ? '' : 's'} you uploaded (your photo, manifesto PDFs, claim receipts), as the portal keeps them.`
      : '- files/: none; you have no photo, manifesto PDF or claim receipt in the portal.',
    '',
    'What is not here, and why:',
    '- How you voted. A ballot is never linked to its voter, so nobody, the portal included, can say which is yours.',
    '  election-participation.csv says only that you voted for a post.',
    '- Who wrote feedback about you. Only feedback you gave is here, the anonymous feedback included',
    '  (the portal keeps its author so that you can list it; nobody else is shown that it was you).',
    '- Your password and sign-in secrets: the portal keeps only a one-way hash of them.',
    '- Certificate files: an achievement keeps the link to its certificate you gave, not a file.',
    '',
    'A copy of your data can be downloaded for 24 hours after it is made, by you only.',
    'If something here is wrong, ask for a correction from your profile or write to the grievance officer named in the privacy notice.',
    '',
  ];
  return lines.join('\r\n');
}
