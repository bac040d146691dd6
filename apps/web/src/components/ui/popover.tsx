import { useRef, type ReactNode, type RefObject } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

type PopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The button that opens and closes it, rendered by the caller: the page shows the button at once
   * and loads this module only when the panel is wanted. The caller gives it aria-expanded and
   * aria-controls (this panel's id), and toggles `open` on its press.
   */
  anchor: RefObject<HTMLElement | null>;
  id: string;
  /** Id of the heading inside that names the panel. */
  labelledBy: string;
  children: ReactNode;
  className?: string;
};

/**
 * A panel beside its button: focus moves into it, Escape or a click outside closes it, and focus
 * returns to the button unless the click outside went somewhere else. It stays inside the page's
 * tree, so it keeps the role's theme.
 */
export function Popover({
  open,
  onOpenChange,
  anchor,
  id,
  labelledBy,
  children,
  className,
}: PopoverProps) {
  // Whether the panel closed because the user went elsewhere, who should then stay there.
  const leftForElsewhere = useRef(false);
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Anchor virtualRef={anchor} />
      <PopoverPrimitive.Content
        id={id}
        aria-labelledby={labelledBy}
        align="end"
        sideOffset={8}
        collisionPadding={12}
        onInteractOutside={(event) => {
          // A press on the button is its own toggle, not a visit elsewhere: the focus goes back to the button
          // (Safari does not focus a pressed button, so the focus would otherwise be lost with the panel).
          if (event.target instanceof Node && anchor.current?.contains(event.target))
            event.preventDefault();
          else leftForElsewhere.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!leftForElsewhere.current) anchor.current?.focus();
          leftForElsewhere.current = false;
        }}
        className={cn(
          'z-40 w-[min(22rem,calc(100vw-1.5rem))] rounded-card border border-line-soft bg-surface p-4 shadow-xl',
          'focus-visible:outline-2 focus-visible:outline-accent',
          className,
        )}
      >
        {children}
      </PopoverPrimitive.Content>
    </PopoverPrimitive.Root>
  );
}
