import type { ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

export type DialogContentProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  size: keyof typeof SIZES;
  /** Called as the dialog closes; it puts focus back where it belongs. */
  returnFocus: (event: Event) => void;
};

/**
 * The dialog itself, on Radix's primitive (focus kept inside, Escape, the overlay, the close
 * button): loaded when the page first needs a dialog (components/ui/dialog.tsx), not with it.
 * @public (read from the dynamically imported module)
 */
export function DialogContent({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size,
  returnFocus,
}: DialogContentProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-card bg-surface shadow-xl focus-visible:outline-none',
            SIZES[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={returnFocus}
        >
          <div className="flex items-start justify-between gap-3 border-b border-line-soft px-4 py-3 sm:px-6">
            <div className="min-w-0">
              <DialogPrimitive.Title className="text-lg font-semibold break-words text-ink">
                {title}
              </DialogPrimitive.Title>
              {description && (
                <DialogPrimitive.Description className="mt-1 text-sm text-ink-muted">
                  {description}
                </DialogPrimitive.Description>
              )}
            </div>
            <DialogPrimitive.Close
              aria-label="Close"
              className="-mr-1 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-accent"
            >
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
              </svg>
            </DialogPrimitive.Close>
          </div>
          <div className="min-h-0 overflow-y-auto px-4 py-4 sm:px-6">{children}</div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-line-soft px-4 py-3 sm:px-6">
              {footer}
            </div>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
