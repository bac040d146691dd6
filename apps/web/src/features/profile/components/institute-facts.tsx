import {
  IDENTITY_MESSAGES,
  INSTITUTE_FACT_LABELS,
  instituteCgpaText,
  yearOfStudyText,
  type Correction,
  type Profile,
} from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { formatDate } from '../../../lib/format';
import { useOwnCorrections } from '../api/corrections';
import { CorrectionDialog } from './correction-dialog';

const STATUS: Record<Correction['status'], { label: string; tone: 'warning' | 'success' | 'danger' }> = {
  open: { label: 'Waiting for the administrator', tone: 'warning' },
  approved: { label: 'Approved', tone: 'success' },
  declined: { label: 'Declined', tone: 'danger' },
};

/** "Kept by the institute": the facts transcripts and credentials carry, and how to ask for a correction (decision 0015). */
export function InstituteFactsSection({ profile }: { profile: Profile }) {
  const corrections = useOwnCorrections();
  const facts = profile.institute;
  if (!facts) return null;
  const rows: [string, string | number | null][] = [
    [INSTITUTE_FACT_LABELS.officialName, facts.officialName],
    [INSTITUTE_FACT_LABELS.studentId, facts.studentId],
    [INSTITUTE_FACT_LABELS.program, facts.program],
    [INSTITUTE_FACT_LABELS.discipline, facts.discipline],
    [INSTITUTE_FACT_LABELS.admissionYear, facts.admissionYear],
    [
      IDENTITY_MESSAGES.yearOfStudy,
      facts.yearOfStudy === null ? IDENTITY_MESSAGES.yearUnknown : yearOfStudyText(facts.yearOfStudy),
    ],
    [
      INSTITUTE_FACT_LABELS.cgpa,
      facts.cgpa === null ? IDENTITY_MESSAGES.notOnRecord : instituteCgpaText(facts.cgpa),
    ],
  ];
  const requests = corrections.data ?? [];
  return (
    <Card aria-labelledby="profile-institute">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="profile-institute" className="text-lg font-semibold text-ink">
          {IDENTITY_MESSAGES.keptByInstitute}
        </h2>
        <CorrectionDialog />
      </div>
      <p className="mb-4 text-sm text-ink-muted">{IDENTITY_MESSAGES.keptExplained}</p>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-sm text-ink-muted">{label}</dt>
            <dd className="break-words text-ink">{value ?? 'Not provided'}</dd>
          </div>
        ))}
      </dl>
      {requests.length > 0 && (
        <>
          <h3 className="mt-6 mb-2 font-semibold text-ink">My correction requests</h3>
          <ul className="flex flex-col gap-2" aria-label="My correction requests">
            {requests.map((request) => (
              <li key={request.id} className="rounded-lg border border-line p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-ink">
                    {INSTITUTE_FACT_LABELS[request.field]}: {request.requestedValue}
                  </span>
                  <Badge tone={STATUS[request.status].tone}>{STATUS[request.status].label}</Badge>
                </div>
                <p className="text-ink-muted">
                  Asked on {formatDate(request.createdAt)}
                  {request.decisionReason ? ` · ${request.decisionReason}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
