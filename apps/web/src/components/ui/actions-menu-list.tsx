import { useRef, type RefObject } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';
import type { MenuAction } from './actions-menu';

export type ActionsMenuProps<K extends string> = {
  /** Names what the actions act on, e.g. 'More actions for Cultural Secretary'. */
  label: string;
  actions: ReadonlyArray<MenuAction<K>>;
  onSelect: (key: K) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The menu's button and items; `useActionsMenu` gives its onSelect and triggerRef. */
export function ActionsMenuList<K extends string>({
  label,
  actions,
  onSelect,
  triggerRef,
}: ActionsMenuProps<K>) {
  const choosing = useRef(false);
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        aria-label={label}
        className={buttonClasses({ variant: 'secondary', size: 'sm' })}
      >
        More actions
        <span aria-hidden="true">▾</span>
      </DropdownMenu.Trigger>
      {/* Not in a portal: inside the page's tree the menu keeps the role's theme. */}
      <DropdownMenu.Content
        align="end"
        sideOffset={4}
        className="z-50 min-w-40 rounded-lg border border-line bg-surface p-1 shadow-lg"
        // An item opens a dialog: the dialog takes focus, not the menu's button.
        onCloseAutoFocus={(event) => {
          if (choosing.current) event.preventDefault();
          choosing.current = false;
        }}
      >
        {actions.map((action) => (
          <DropdownMenu.Item
            key={action.key}
            onSelect={() => {
              choosing.current = true;
              onSelect(action.key);
            }}
            className={cn(
              'flex min-h-11 cursor-pointer items-center rounded-md px-3 text-sm outline-none',
              'data-[highlighted]:bg-accent-soft',
              action.danger ? 'text-danger-700' : 'text-ink',
            )}
          >
            {action.label}
          </DropdownMenu.Item>
        ))}
      </DropdownMenu.Content>
    </DropdownMenu.Root>
  );
}
