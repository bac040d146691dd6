import type { TranscriptRecords } from '@cosa/contracts';
import { buttonClasses } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { paths } from '../../../lib/paths';
import { apiPaths } from '../../../lib/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { achievementLines, positionLines } from '../record-lines';
import { myCredentialsKey } from '../api/get-my-credentials';
import { IssuedCredentials } from './issued-credentials';

/** The browser saves the file on its own; the list of downloads is read again once it is signed. */
const RELIST_AFTER_MS = 1500;

/** A record's download, or why the institute does not sign it (then there is no download). */
type Credential = {
  key: string;
  title: string;
  details: string;
  href: string;
  refusal: string | null;
};

/** A download of a signed credential (.jwt) for each verified achievement and position. */
export function CredentialsSection({
  records,
  timeZone,
}: {
  records: TranscriptRecords;
  timeZone?: string;
}) {
  const client = useQueryClient();
  const relist = () =>
    window.setTimeout(
      () => void client.invalidateQueries({ queryKey: myCredentialsKey }),
      RELIST_AFTER_MS,
    );
  const items: Credential[] = [
    ...records.achievements.map((a) => ({
      key: `a-${a.id}`,
      title: a.title,
      details: achievementLines(a, timeZone).details,
      href: apiPaths.credential('achievements', a.id),
      refusal: a.credentialRefusal,
    })),
    ...records.positions.map((p) => ({
      key: `p-${p.id}`,
      title: p.title,
      details: positionLines(p, timeZone).details,
      href: apiPaths.credential('positions', p.id),
      refusal: p.credentialRefusal,
    })),
  ];
  return (
    <section aria-labelledby="credentials-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="credentials-heading" className="text-xl font-semibold text-ink">
        Credentials
      </h2>
      <p className="text-sm text-ink-muted">
        Each file is an Open Badges 3.0 credential signed by the portal, for one verified record; anyone
        can check it at <TextLink to={paths.verify}>{paths.verify}</TextLink>.
      </p>
      {items.length === 0 ? (
        <p className="text-sm text-ink-muted">
          Once an achievement or a position of yours is verified, its credential can be downloaded here.
        </p>
      ) : (
        <ul className="divide-y divide-line-soft rounded-card border border-line-soft bg-surface">
          {items.map((item) => (
            <li
              key={item.key}
              className="flex min-w-0 flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-ink">{item.title}</p>
                <p className="break-words text-ink-muted">{item.details}</p>
                {item.refusal && (
                  <p className="mt-1 break-words text-warning-700">
                    <span className="font-medium">No credential yet: </span>
                    {item.refusal}
                  </p>
                )}
              </div>
              {!item.refusal && (
                <a
                  href={item.href}
                  download
                  onClick={relist}
                  className={buttonClasses({
                    variant: 'secondary',
                    size: 'sm',
                    className: 'shrink-0',
                  })}
                >
                  Download credential (.jwt)<span className="sr-only"> for {item.title}</span>
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
      <IssuedCredentials timeZone={timeZone} />
    </section>
  );
}
