import type { ReactNode } from 'react';
import { Popover as PopoverPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

type PopoverProps = {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it; it gets aria-expanded and aria-controls. */
  trigger: ReactNode;
  /** Id of the heading inside that names the panel. */
  labelledBy: string;
  children: ReactNode;
  className?: string;
};

/**
 * A panel opened by a button: focus moves into it, Escape or a click outside closes it and focus
 * returns to the button. It stays inside the page's tree, so it keeps the role's theme.
 */
export function Popover({ open, onOpenChange, trigger, labelledBy, children, className }: PopoverProps) {
  return (
    <PopoverPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <PopoverPrimitive.Trigger asChild>{trigger}</PopoverPrimitive.Trigger>
      <PopoverPrimitive.Content
        aria-labelledby={labelledBy}
        align="end"
        sideOffset={8}
        collisionPadding={12}
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
