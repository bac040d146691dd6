import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_SETTINGS } from '../../lib/toast';

/** Sonner's rich colours, darkened to reach WCAG AA contrast (4.5:1) on their pale backgrounds. */
const READABLE_COLOURS = {
  '--success-text': 'hsl(140, 100%, 22%)',
  '--info-text': 'hsl(210, 92%, 33%)',
  '--warning-text': 'hsl(31, 92%, 28%)',
  '--error-text': 'hsl(360, 100%, 35%)',
} as CSSProperties;

/** The app's one toast region (spec section 9). */
export function Toaster() {
  return (
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
  );
}
