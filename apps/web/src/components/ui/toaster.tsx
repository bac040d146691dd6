import { Toaster as SonnerToaster } from 'sonner';
import { TOAST_SETTINGS } from '../../lib/toast';

/** The app's one toast region (spec section 9). */
export function Toaster() {
  return (
    <SonnerToaster
      position={TOAST_SETTINGS.position}
      visibleToasts={TOAST_SETTINGS.visibleToasts}
      duration={TOAST_SETTINGS.defaultDuration}
      closeButton
      richColors
    />
  );
}
