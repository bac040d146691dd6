import { lazy, Suspense, useId, useRef, useState, type ComponentType } from 'react';
import { normalizeRole, type SessionUser } from '@cosa/contracts';
import { initialsOf } from '../../lib/initials';
import { paths } from '../../lib/paths';
import type { UserMenuPanelProps } from './user-menu-panel';
import { useOwnPhoto } from './use-own-photo';

/** Like the bell's panel: its own chunk, asked for when the pointer or focus reaches the avatar. */
const loadPanel = () =>
  import('./user-menu-panel').then((module) => ({ default: module.UserMenuPanel }));
const UserMenuPanel = lazy<ComponentType<UserMenuPanelProps>>(() =>
  loadPanel().catch(() => ({ default: () => null })),
);

/** The user's own pages: the profile and privacy settings for those who have a record (not the administrator). */
function ownLinks(user: SessionUser) {
  const keepsRecord = normalizeRole(user.role) !== 'ADMIN';
  return [
    ...(keepsRecord ? [{ label: 'Profile', to: paths.profile }] : []),
    { label: 'Notifications', to: paths.notifications },
    { label: 'Notification settings', to: paths.notificationSettings },
    ...(keepsRecord ? [{ label: 'Privacy and your data', to: paths.privacySettings }] : []),
    { label: 'Logout', to: paths.logout },
  ];
}

/** The signed-in user's photo (initials without one), opening a small menu of their own pages. */
export function UserMenu({ user }: { user: SessionUser }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const photo = useOwnPhoto(user);
  const preload = () => void loadPanel().catch(() => undefined);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label={`Account menu, ${user.name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((was) => !was);
        }}
        className="inline-flex size-11 shrink-0 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
      >
        {photo ? (
          <img src={photo} alt="" className="size-10 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-sm font-semibold text-on-accent select-none"
          >
            {initialsOf(user.name)}
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <UserMenuPanel
            open={open}
            onOpenChange={setOpen}
            anchor={button}
            id={panelId}
            name={user.name}
            email={user.email}
            links={ownLinks(user)}
          />
        </Suspense>
      )}
    </>
  );
}
