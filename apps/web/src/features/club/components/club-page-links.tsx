import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../lib/paths';

/** Where the coordinator keeps the club's members and its page in the directory. */
export function ClubPageLinks({ slug }: { slug: string | null }) {
  return (
    <Card aria-labelledby="club-page-links">
      <h2 id="club-page-links" className="mb-3 text-lg font-semibold text-ink">
        Members and club page
      </h2>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-1">
        <li>
          <Link
            to={paths.clubMembers}
            className={buttonClasses({ variant: 'primary', fullWidth: true })}
          >
            Members and requests
          </Link>
        </li>
        {slug && (
          <li>
            <Link
              to={paths.editClub(slug)}
              className={buttonClasses({ variant: 'secondary', fullWidth: true })}
            >
              Edit club page
            </Link>
          </li>
        )}
      </ul>
    </Card>
  );
}
