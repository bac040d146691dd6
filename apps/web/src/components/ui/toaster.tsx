import {
  lazy,
  Suspense,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
  type CSSProperties,
} from 'react';
import type * as Sonner from 'sonner';
import { TOAST_SETTINGS, toasterMounted, toasterWanted, wantToaster } from '../../lib/toast';
import { whenIdle } from '../../lib/when-idle';

type SonnerModule = typeof Sonner;

/** Sonner's rich colours, darkened to reach WCAG AA contrast (4.5:1) on their pale backgrounds. */
const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

/** Without the toast library (it could not be loaded), the page works on without toasts. */
function Unavailable() {
  useEffect(() => toasterMounted(null), []);
  return null;
}

/** Sonner's region; it tells lib/toast once it listens. */
const ToastRegion = lazy(async (): Promise<{ default: ComponentType }> => {
  let library: SonnerModule;
  try {
    library = await import('sonner');
  } catch {
    return { default: Unavailable };
  }
  const { Toaster: SonnerToaster, toast } = library;
  // Effects run in order: the region's own listener is in place before this one runs.
  function Listening() {
    useEffect(() => toasterMounted(toast), []);
    return null;
  }
  function Region() {
    return (
      <>
        <SonnerToaster
          position={TOAST_SETTINGS.position}
          visibleToasts={TOAST_SETTINGS.visibleToasts}
          duration={TOAST_SETTINGS.defaultDuration}
          closeButton
          richColors
          style={READABLE_COLOURS}
          // Below the shell's header and the row of a page's title and buttons (Edit, Save, Add unit),
          // which a toast must not cover: hovering a toast to click what is under it keeps it there.
          offset={{ top: 172 }}
        />
        <Listening />
      </>
    );
  }
  return { default: Region };
});

/**
 * The app's one toast region (spec section 9): mounted once the browser is idle after the page
 * has loaded, so that the first toast shows at once, or at the first toast if that comes sooner.
 */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  useEffect(() => {
    if (wanted) return;
    return whenIdle(wantToaster);
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
