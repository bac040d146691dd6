import { useRef, useState, type ComponentType } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import type { ActionsMenuProps } from './actions-menu-list';

export type MenuAction<K extends string> = { key: K; label: string; danger?: boolean };

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

/**
 * The menu (Radix's dropdown) loads apart from the page, when the browser is idle after the page
 * has shown: the cards show it once it is there.
 */
const ActionsMenuPart = lazyPart(
  async () =>
    (await import('./actions-menu-list')).ActionsMenuList as ComponentType<ActionsMenuProps<string>>,
);

/** Loads the menu's code now, as the browser does when it is idle after the page has shown. */
export const loadActionsMenu = ActionsMenuPart.load;

/** The menu's button and items; `useActionsMenu` gives its onSelect and triggerRef. */
export function ActionsMenu<K extends string>(props: ActionsMenuProps<K>) {
  ActionsMenuPart.usePreload();
  return <ActionsMenuPart.Part {...(props as unknown as ActionsMenuProps<string>)} />;
}
