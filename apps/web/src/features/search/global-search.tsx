import { useCallback, useState } from 'react';
import { cn } from '../../lib/cn';
import { lazyPart } from '../../lib/lazy-part';
import { useSearchShortcut } from './use-search-shortcut';

/**
 * The palette (Radix's dialog, Downshift, the results) is fetched once the browser is idle after the
 * page has shown, or when first opened if that comes sooner; never with the page. Fetched only when
 * opened, the letters typed right after Ctrl+K went nowhere while it loaded.
 */
const Palette = lazyPart(async () => (await import('./components/search-palette')).SearchPalette);

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * The global search: a button that opens the search palette (on a desktop a box reading
 * "Search..." with its shortcut, on a phone an icon), and the shortcuts Ctrl+K / Cmd+K and "/".
 */
export function GlobalSearch({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  // Mounted once opened, so that closing runs Radix's own way out (focus back to the button).
  const [opened, setOpened] = useState(false);
  const show = useCallback(() => {
    setOpened(true);
    setOpen(true);
  }, []);
  useSearchShortcut(show);
  Palette.usePreload();
  const shortcut = isMac() ? '⌘K' : 'Ctrl K';

  return (
    <>
      <button
        type="button"
        onClick={show}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-keyshortcuts="Control+K Meta+K /"
        className={cn(
          'inline-flex size-11 shrink-0 items-center justify-center gap-2 rounded-lg border border-line bg-surface text-ink-muted',
          'hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-accent',
          'sm:w-64 sm:justify-start sm:px-3',
          className,
        )}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-5 shrink-0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="9" cy="9" r="5.5" />
          <path d="m13.5 13.5 3.5 3.5" strokeLinecap="round" />
        </svg>
        <span aria-hidden="true" className="hidden flex-1 text-left text-sm sm:inline">
          Search...
        </span>
        <kbd
          aria-hidden="true"
          className="hidden rounded border border-line-soft px-1.5 font-sans text-xs sm:inline"
        >
          {shortcut}
        </kbd>
      </button>
      {opened && (
        <Palette.Part
          open={open}
          onOpenChange={setOpen}
          onCloseFailure={() => {
            setOpen(false);
            setOpened(false);
          }}
        />
      )}
    </>
  );
}
