import { useRef, useState, type RefObject } from 'react';
import { DropdownMenu } from 'radix-ui';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

export type MenuAction<K extends string> = { key: K; label: string; danger?: boolean };

type ActionsMenuProps<K extends string> = {
  /** Names what the actions act on, e.g. 'More actions for Cultural Secretary'. */
  label: string;
  actions: ReadonlyArray<MenuAction<K>>;
  onSelect: (key: K) => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/**
 * The state of a "More actions" menu: which of its dialogs is open. "More actions" is a menu of a record's less frequent actions (edit, retire, delete), each opening
 * its own dialog, so that a destructive action is never one stray tap away on a card. Arrow keys
 * move through the items, Escape closes the menu.
 */
export function useActionsMenu<K extends string>() {
  const [chosen, setChosen] = useState<K | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  // The dialog opened from an item returns focus to the menu's button, which opened it.
  const returnFocus = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
  const dialogOf = (key: K) => ({
    open: chosen === key,
    onOpenChange: (open: boolean) => setChosen(open ? key : null),
    onCloseAutoFocus: returnFocus,
  });
  return { menu: { onSelect: setChosen, triggerRef: trigger }, dialogOf };
}

/** The menu's button and items; `useActionsMenu` gives its onSelect and triggerRef. */
export function ActionsMenu<K extends string>({
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
