import {
  CGPA_MAX,
  CGPA_MIN,
  DISCIPLINES,
  MIN_ADMISSION_YEAR,
  PROGRAMS,
  ROLL_IMPORT_MAX_BYTES,
  ROLL_IMPORT_MAX_ROWS,
  maxRollAdmissionYear,
  rollTemplateCsv,
} from '@cosa/contracts';
import { buttonClasses } from '../../../../components/ui/button';

/** The template as a link the browser saves: written here, never fetched (a byte-order mark tells Excel it is UTF-8). */
function templateHref(domain: string, year: number): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${rollTemplateCsv(domain, year)}`)}`;
}

/** What the file must hold, column by column, with the template to start from. */
export function RollColumns({ domain }: { domain: string }) {
  const maxYear = maxRollAdmissionYear();
  const columns = [
    { name: 'Student ID', rule: 'Digits only, at most 20.' },
    { name: 'Name', rule: 'The student\u2019s full name.' },
    { name: 'Email', rule: `The student\u2019s @${domain} address; they claim the account with it.` },
    { name: 'Program', rule: `One of ${PROGRAMS.join(', ')}.` },
    { name: 'Discipline', rule: `One of ${DISCIPLINES.join('; ')}.` },
    { name: 'Admission year', rule: `A year from ${MIN_ADMISSION_YEAR} to ${maxYear}.` },
    {
      name: 'CGPA (optional)',
      rule: `The institute\u2019s CGPA, ${CGPA_MIN} to ${CGPA_MAX} with at most two decimals; position requirements check it. A blank cell, or a file without the column, keeps the CGPA on record.`,
    },
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-ink">
        A CSV file (comma-separated, saved as &ldquo;CSV UTF-8&rdquo;) with one student per line, under a
        first line naming these columns in any order. Other spellings such as <code>student_id</code> or{' '}
        <code>Branch</code> are read too; other columns are ignored.
      </p>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
        {columns.map((column) => (
          <div key={column.name} className="contents">
            <dt className="font-medium text-ink">{column.name}</dt>
            <dd className="break-words text-ink-muted">{column.rule}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-ink-muted">
        At most {ROLL_IMPORT_MAX_BYTES / (1024 * 1024)} MB and{' '}
        {ROLL_IMPORT_MAX_ROWS.toLocaleString('en-IN')} students per file. A student already in the portal
        (same Student ID) is updated; nothing is written until you confirm.
      </p>
      <div>
        <a
          href={templateHref(domain, new Date().getFullYear())}
          download="student-roll-template.csv"
          className={buttonClasses({ variant: 'secondary', size: 'sm' })}
        >
          Download template
        </a>
      </div>
    </div>
  );
}
