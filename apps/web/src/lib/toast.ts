import { toast as sonner, type ExternalToast } from 'sonner';

/** Toast settings of the spec (section 9): top-right, at most 20 visible, success 2 s, others 4 s. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  visibleToasts: 20,
  defaultDuration: 4000,
  successDuration: 2000,
  errorDuration: 4000,
} as const;

type Options = Omit<ExternalToast, 'duration'>;

/** The app's one way to show a toast; the Toaster lives in the app providers. */
export const toast = {
  success: (message: string, options?: Options) => sonner.success(message, { ...options, duration: TOAST_SETTINGS.successDuration }),
  error: (message: string, options?: Options) => sonner.error(message, { ...options, duration: TOAST_SETTINGS.errorDuration }),
  info: (message: string, options?: Options) => sonner.info(message, { ...options, duration: TOAST_SETTINGS.defaultDuration }),
  message: (message: string, options?: Options) => sonner(message, { ...options, duration: TOAST_SETTINGS.defaultDuration }),
  loading: (message: string, options?: Options) => sonner.loading(message, { ...options, duration: Number.POSITIVE_INFINITY }),
  dismiss: (id?: string | number) => sonner.dismiss(id),
};
