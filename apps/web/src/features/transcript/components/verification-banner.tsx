import { TRANSCRIPT_MESSAGES, type TranscriptVerification } from '@cosa/contracts';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format';

function Icon({ valid }: { valid: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-8 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
    >
      <circle cx="12" cy="12" r="10" />
      {valid ? (
        <path d="M7.5 12.5l3 3 6-6.5" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <path d="M8.5 8.5l7 7M15.5 8.5l-7 7" strokeLinecap="round" />
      )}
    </svg>
  );
}

/** The verdict first: green 'Valid' with who issued it and when, or red 'Revoked' with when and a warning. */
export function VerificationBanner({
  verification,
  timeZone,
}: {
  verification: TranscriptVerification;
  timeZone?: string;
}) {
  const valid = verification.status === 'valid';
  const issued = `Issued by ${verification.institute.name} on ${formatDate(verification.issuedAt, timeZone)}.`;
  return (
    <section
      aria-labelledby="verification-status"
      className={cn(
        'flex min-w-0 items-start gap-3 rounded-card border-2 p-4 sm:p-6',
        valid
          ? 'border-success-700 bg-success-50 text-success-700'
          : 'border-danger-700 bg-danger-50 text-danger-700',
      )}
    >
      <Icon valid={valid} />
      <div className="min-w-0">
        <h2 id="verification-status" className="text-2xl font-bold">
          {valid ? TRANSCRIPT_MESSAGES.valid : TRANSCRIPT_MESSAGES.revokedStatus}
        </h2>
        {valid ? (
          <p className="mt-1 font-medium break-words">{issued}</p>
        ) : (
          <>
            <p className="mt-1 font-medium break-words">
              This transcript was revoked by its holder on {formatDate(verification.revokedAt, timeZone)}
              . Do not rely on it.
            </p>
            <p className="mt-1 text-sm break-words">{issued}</p>
          </>
        )}
      </div>
    </section>
  );
}
