import type { RefObject } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { NavList } from './nav-list';
import type { NavEntry, NavSection } from './navigation';

export type NavSheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  sections: readonly NavSection[];
  current: NavEntry | undefined;
  /** The menu button, where the focus returns as the sheet closes. */
  opener: RefObject<HTMLElement | null>;
};

/**
 * The whole navigation on a phone, sliding in from the side: focus stays inside, Escape or the
 * close button shut it, and following a link does too. Loaded apart from the shell (app-shell.tsx).
 * @public (read from the dynamically imported module)
 */
export function NavSheet({ open, onOpenChange, sections, current, opener }: NavSheetProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          // Radix returns the focus to its own trigger; the sheet is opened by the header's button.
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface shadow-xl focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-3 border-b border-line-soft px-4 py-3">
            <DialogPrimitive.Title className="text-lg font-semibold text-ink">
              Menu
            </DialogPrimitive.Title>
            <DialogPrimitive.Close
              aria-label="Close the menu"
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-canvas focus-visible:outline-2 focus-visible:outline-accent"
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
          <nav aria-label="Main menu" className="min-h-0 flex-1 overflow-y-auto p-2">
            <NavList sections={sections} current={current} onNavigate={() => onOpenChange(false)} />
          </nav>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
