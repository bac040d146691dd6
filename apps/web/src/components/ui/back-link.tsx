import { Link } from 'react-router';

/** A link back to where the page was reached from, above the page's heading. */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <nav aria-label="Back" className="mb-4">
      <Link
        to={to}
        className="rounded-sm text-sm font-medium text-accent-ink underline underline-offset-2 hover:text-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        ← {children}
      </Link>
    </nav>
  );
}
