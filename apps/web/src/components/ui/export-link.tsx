import { buttonClasses } from './button';

/**
 * The 'Export CSV' download of a list, with the list's filters in its address. A plain link, so
 * the browser streams the file however long it is and the session cookie goes with it.
 */
export function ExportLink({ href, className }: { href: string; className?: string }) {
  return (
    <a
      href={href}
      download
      className={buttonClasses({
        variant: 'secondary',
        className: ['whitespace-nowrap', className].filter(Boolean).join(' '),
      })}
    >
      Export CSV
    </a>
  );
}
