import { useRef, type ReactNode } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';

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
  size?: 'sm' | 'md' | 'lg';
  /** Called as the dialog closes, before focus returns to its opener; preventDefault() keeps focus where the page put it. */
  onCloseAutoFocus?: (event: Event) => void;
};

const SIZES = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-3xl' } as const;

/** A modal dialog: focus stays inside, Escape and the close button dismiss it. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = 'md',
  onCloseAutoFocus,
}: DialogProps) {
  // A dialog opened by the page's own state has no trigger to return focus to: it returns to
  // whatever held focus as it opened (the button pressed), else focus would fall to the page's top.
  const opener = useRef<HTMLElement | null>(null);
  const content = useRef<HTMLDivElement>(null);
  const onOpen = (event: Event) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The field marked autoFocus takes focus, rather than the dialog's first control (the close
    // button): a field that appears after the page loaded is not focused by the browser itself.
    const wanted = content.current?.querySelector<HTMLElement>('[autofocus]');
    if (wanted) {
      event.preventDefault();
      wanted.focus();
    }
  };
  const returnFocus = (event: Event) => {
    onCloseAutoFocus?.(event);
    if (event.defaultPrevented || trigger) return;
    event.preventDefault();
    if (opener.current?.isConnected) opener.current.focus();
  };
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>}
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
            'rounded-card bg-surface shadow-xl focus-visible:outline-none',
            SIZES[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          ref={content}
          onOpenAutoFocus={onOpen}
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
