import { Fragment, type RefObject } from 'react';
import { Link } from 'react-router';
import { Popover } from '../../components/ui/popover';
import { InstallMenuItem } from './install-menu-item';

export type UserMenuPanelProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  anchor: RefObject<HTMLElement | null>;
  id: string;
  name: string;
  email: string;
  links: readonly { label: string; to: string }[];
};

/**
 * The user menu's panel: who is signed in, their own pages (profile, notification settings,
 * Logout), and "Install the app" while the browser offers it. Loaded apart from the shell, when the avatar is first pressed or reached.
 * @public (read from the dynamically imported module)
 */
export function UserMenuPanel({
  open,
  onOpenChange,
  anchor,
  id,
  name,
  email,
  links,
}: UserMenuPanelProps) {
  const headingId = `${id}-heading`;
  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      anchor={anchor}
      id={id}
      labelledBy={headingId}
      className="w-[min(16rem,calc(100vw-1.5rem))] p-2"
    >
      <div className="border-b border-line-soft px-2 pt-1 pb-2">
        <h2 id={headingId} className="text-sm font-semibold break-words text-ink">
          {name}
        </h2>
        <p className="text-xs break-all text-ink-muted">{email}</p>
      </div>
      <ul className="mt-1 flex flex-col gap-0.5">
        {links.map((link, index) => (
          <Fragment key={link.to}>
            {/* Before the last entry, Logout. */}
            {index === links.length - 1 && <InstallMenuItem onChosen={() => onOpenChange(false)} />}
            <li>
              <Link
                to={link.to}
                onClick={() => onOpenChange(false)}
                className="block rounded-lg px-2 py-2 text-sm font-medium text-ink hover:bg-accent-soft hover:text-accent-ink focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent"
              >
                {link.label}
              </Link>
            </li>
          </Fragment>
        ))}
      </ul>
    </Popover>
  );
}
