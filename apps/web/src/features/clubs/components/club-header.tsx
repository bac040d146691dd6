import { Link } from 'react-router';
import type { ClubPage } from '@cosa/contracts';
import { Badge } from '../../../components/ui/badge';
import { buttonClasses } from '../../../components/ui/button';
import { paths } from '../../../lib/paths';
import { memberCountText } from './club-card';
import { categoryLabel, ClubLogo } from './club-logo';

/** The coordinator's ways to the page's editor and to the club's roster. */
function CoordinatorLinks({ slug }: { slug: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={paths.editClub(slug)} className={buttonClasses({ variant: 'secondary' })}>
        Edit page
      </Link>
      <Link to={paths.clubMembers} className={buttonClasses({ variant: 'secondary' })}>
        Members and requests
      </Link>
    </div>
  );
}

/** The top of a club's page: its banner, logo, name, council, tags, tagline and member count. */
export function ClubHeader({ club }: { club: ClubPage }) {
  const kindLine = [club.council?.name, club.category && categoryLabel(club.category)]
    .filter(Boolean)
    .join(' · ');
  return (
    <header className="mb-4 min-w-0 overflow-hidden rounded-card border border-line-soft bg-surface shadow-card">
      {club.bannerUrl && (
        <img src={club.bannerUrl} alt="" className="aspect-[3/1] w-full object-cover" />
      )}
      <div className="flex flex-col gap-4 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-6">
        <div className="flex min-w-0 items-start gap-4">
          <ClubLogo
            name={club.name}
            logoUrl={club.logoUrl}
            className="size-16 text-xl sm:size-20 sm:text-2xl"
          />
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
              {club.name}
            </h1>
            {kindLine && <p className="text-sm break-words text-ink-muted">{kindLine}</p>}
            {club.tagline && <p className="mt-1 break-words text-ink">{club.tagline}</p>}
            <div className="mt-2 flex flex-wrap items-center gap-1.5">
              {club.recruiting && <Badge tone="success">Recruiting now</Badge>}
              <span className="text-sm text-ink-muted">{memberCountText(club.memberCount)}</span>
            </div>
            {club.tags.length > 0 && (
              <ul aria-label="Tags" className="mt-2 flex flex-wrap gap-1.5">
                {club.tags.map((tag) => (
                  <li key={tag}>
                    <Badge>{tag}</Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
        {club.viewer.canEdit && <CoordinatorLinks slug={club.slug} />}
      </div>
    </header>
  );
}
