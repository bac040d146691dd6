import { Link } from 'react-router';
import { PEOPLE_MESSAGES, type PersonPage } from '@cosa/contracts';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';

/** A student's program, discipline and admission year in one line, leaving out what is unknown. */
function academicLine(academic: PersonPage['academic']): string | null {
  if (!academic) return null;
  const parts = [
    academic.program,
    academic.discipline,
    academic.admissionYear ? `Admitted ${academic.admissionYear}` : null,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The page's header: the photo (initials without one), the name, the role and a student's studies. */
export function PersonHeader({ person }: { person: PersonPage }) {
  const studies = academicLine(person.academic);
  return (
    <header className="mb-6 flex min-w-0 flex-col gap-4 rounded-card border border-line-soft bg-surface p-4 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex min-w-0 items-center gap-4">
        {person.photoUrl ? (
          <img
            src={person.photoUrl}
            alt={`Photo of ${person.name}`}
            className="size-20 shrink-0 rounded-full border border-line-soft object-cover sm:size-24"
          />
        ) : (
          <Avatar name={person.name} className="size-20 text-2xl! sm:size-24 sm:text-3xl!" />
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
            {person.name}
          </h1>
          <p className="text-sm font-medium text-ink-muted">{person.roleLabel}</p>
          {studies && <p className="text-sm break-words text-ink-muted">{studies}</p>}
          {person.administration?.deactivated && (
            <Badge tone="danger" className="mt-1">
              {PEOPLE_MESSAGES.deactivated}
            </Badge>
          )}
        </div>
      </div>
      {person.administration && (
        <Link to={person.administration.link} className={buttonClasses({ variant: 'secondary' })}>
          {PEOPLE_MESSAGES.adminLink}
        </Link>
      )}
    </header>
  );
}
