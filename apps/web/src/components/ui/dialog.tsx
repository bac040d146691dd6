import { useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { lazyPart } from '../../lib/lazy-part';
import type { DialogContentProps } from './dialog-content';

type DialogProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog, e.g. a Button. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions at the bottom, e.g. Cancel and Confirm. */
  footer?: ReactNode;
  size?: DialogContentProps['size'];
  /** Called as the dialog closes, before focus returns to its opener; preventDefault() keeps focus where the page put it. */
  onCloseAutoFocus?: (event: Event) => void;
};

/**
 * The dialog's own code: loaded once the browser is idle, so that a dialog opens at once when
 * asked, or when a dialog first opens if that comes sooner (the page shows nothing in its place).
 */
const DialogContentPart = lazyPart(async () => (await import('./dialog-content')).DialogContent);

/**
 * A modal dialog: focus stays inside, Escape and the close button dismiss it. The page loads only
 * this part; the dialog's own code (Radix's primitive, dialog-content.tsx) loads when the browser
 * is idle, or when a dialog first opens if that comes sooner.
 */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  size = 'md',
  onCloseAutoFocus,
  ...content
}: DialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const change = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  // Once opened, the dialog stays mounted, so that closing runs its own way out (focus, overlay).
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  DialogContentPart.usePreload();

  // Focus goes back to the trigger, or, for a dialog the page opens from its own state, to
  // whatever held focus as it opened (the button pressed); else it would fall to the page's top.
  // It is read as `open` turns true, before the dialog or a field in it marked autoFocus takes it.
  const triggerRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (isOpen)
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [isOpen]);
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    const target = trigger ? triggerRef.current : opener.current;
    if (target?.isConnected) target.focus();
  };

  return (
    <>
      {trigger && (
        // The trigger's own click handler runs first; one that prevents the default keeps it shut.
        <Slot.Root
          ref={triggerRef}
          aria-haspopup="dialog"
          aria-expanded={isOpen}
          onClick={(event: MouseEvent) => {
            if (!event.defaultPrevented) change(true);
          }}
        >
          {trigger}
        </Slot.Root>
      )}
      {opened && (
        <DialogContentPart.Part
          {...content}
          open={isOpen}
          onOpenChange={change}
          size={size}
          returnFocus={returnFocus}
          // Its code could not be fetched: closing puts the failure aside, and the next opening fetches again.
          onCloseFailure={() => {
            change(false);
            setOpened(false);
          }}
        />
      )}
    </>
  );
}
