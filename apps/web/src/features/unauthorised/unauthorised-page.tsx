import { Link } from 'react-router';
import { TEXTS } from '@cosa/contracts';
import { buttonClasses } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/** /unauthorised: shown when a signed-in user opens a page their role may not see. */
export function UnauthorisedPage() {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 py-12 text-center sm:py-20">
      <svg
        aria-hidden="true"
        viewBox="0 0 48 48"
        className="size-14 text-danger-700"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
      >
        <rect x="10" y="21" width="28" height="20" rx="3" />
        <path d="M16 21v-6a8 8 0 0 1 16 0v6" strokeLinecap="round" />
        <path d="M24 29v5" strokeLinecap="round" />
      </svg>
      <h1 className="text-2xl font-bold tracking-tight break-words text-ink sm:text-3xl">
        {TEXTS.unauthorisedHeading}
      </h1>
      <p className="text-base text-ink-muted">{TEXTS.unauthorisedText}</p>
      <p className="text-sm text-ink-muted">
        If you think you should have access, ask a COSA official to check the role on your account.
      </p>
      <Link to={paths.root} className={buttonClasses({ className: 'mt-2' })}>
        Go to home
      </Link>
    </div>
  );
}
