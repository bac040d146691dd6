import { useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy-part';
import { Button } from './button';

/** Below Tailwind's `sm` breakpoint: a phone held upright. */
const PHONE_QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(PHONE_QUERY);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the window is phone-wide now; a browser without matchMedia gets the desktop layout. */
function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(PHONE_QUERY).matches ?? false,
    () => false,
  );
}

/** The sheet's own code (Radix's dialog) loads only on a phone, where the sheet is offered. */
const SheetPart = lazyPart(async () => (await import('./filter-sheet-content')).FilterSheetContent);

type FilterSheetProps = {
  /** Names the search region, e.g. 'Search positions'. */
  label: string;
  /** How many of the controls are set, shown on the phone's button. */
  active: number;
  /** The desktop row's layout (a grid or a flex row). */
  className?: string;
  children: ReactNode;
};

/**
 * A list page's row of search and filters. On a desktop it is the row as it always was; on a phone
 * the row would fill the first screen, so it folds behind one "Filters" button (naming how many are
 * set) that opens a bottom sheet with the same controls, which act at once as on the desktop.
 */
export function FilterSheet({ label, active, className, children }: FilterSheetProps) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  if (!phone)
    return (
      <div role="search" aria-label={label} className={className}>
        {children}
      </div>
    );
  // The row's outer margin stays, so that the page's spacing does not change with the width.
  const margin = className?.split(' ').filter((name) => /^m[btxy]?-/.test(name));
  return (
    <div role="search" aria-label={label} className={['flex', ...(margin ?? [])].join(' ')}>
      <Button
        ref={button}
        variant="secondary"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {active > 0 ? `Filters (${active})` : 'Filters'}
      </Button>
      {open && (
        <SheetPart.Part
          open={open}
          onOpenChange={setOpen}
          returnFocus={(event: Event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          {children}
        </SheetPart.Part>
      )}
    </div>
  );
}
