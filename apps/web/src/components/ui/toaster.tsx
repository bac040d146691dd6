import { lazy, Suspense, useEffect, useSyncExternalStore, type CSSProperties } from 'react';
import { TOAST_SETTINGS, toasterMounted, toasterWanted } from '../../lib/toast';

/** Sonner's rich colours, darkened to reach WCAG AA contrast (4.5:1) on their pale backgrounds. */
const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

/** Sonner's region, loaded with the first toast; it tells lib/toast once it listens. */
const ToastRegion = lazy(async () => {
  const { Toaster: SonnerToaster, toast } = await import('sonner');
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
          // Below the row of a page header's buttons (Edit, Save, Add Skill), which a toast must not cover.
          offset={{ top: 112 }}
        />
        <Listening />
      </>
    );
  }
  return { default: Region };
});

/** The app's one toast region (spec section 9), mounted when the first toast is asked for. */
export function Toaster() {
  const wanted = useSyncExternalStore(toasterWanted.subscribe, toasterWanted.get, toasterWanted.get);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastRegion />
    </Suspense>
  );
}
