import type { ExternalToast, toast as SonnerToast } from 'sonner';

/** Toast settings of the spec (section 9): top-right, at most 20 visible, success 2 s, others 4 s. */
export const TOAST_SETTINGS = {
  position: 'top-right',
  visibleToasts: 20,
  defaultDuration: 4000,
  successDuration: 2000,
  errorDuration: 4000,
} as const;

type Options = Omit<ExternalToast, 'duration'>;
type ToastId = string | number;

/*
 * The toast library is not part of the page's first load: the Toaster (components/ui/toaster.tsx)
 * mounts it once the browser is idle after the page has loaded, or at the first toast if that
 * comes sooner. Toasts wait, in order, until it has mounted and listens, then go to it.
 */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: (library: typeof SonnerToast | null) => void = () => undefined;
/** The toast library once the region listens; null when it could not be loaded (offline, a new release). */
const mounted = new Promise<typeof SonnerToast | null>((resolve) => (markMounted = resolve));

/** Whether a toast has been asked for, so the Toaster should mount (for useSyncExternalStore). */
export const toasterWanted = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  get: () => wanted,
};

/**
 * Called by the Toaster once it listens, with the library: the toasts asked for so far are shown.
 * With null (the library could not be loaded), toasts are dropped and the page goes on working.
 */
export function toasterMounted(library: typeof SonnerToast | null): void {
  markMounted(library);
}

let counter = 0;

/** Asks the Toaster to mount the toast region (once). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

function later(show: (library: typeof SonnerToast) => unknown): void {
  wantToaster();
  void mounted.then((library) => {
    if (library) show(library);
  });
}

function shown(
  kind: 'success' | 'error' | 'info' | 'loading' | null,
  message: string,
  duration: number,
  options?: Options,
): ToastId {
  const id = options?.id ?? `toast-${(counter += 1)}`;
  later((library) => (kind ? library[kind] : library)(message, { ...options, id, duration }));
  return id;
}

/** The app's one way to show a toast; each call answers the toast's id at once. */
export const toast = {
  success: (message: string, options?: Options) =>
    shown('success', message, TOAST_SETTINGS.successDuration, options),
  error: (message: string, options?: Options) =>
    shown('error', message, TOAST_SETTINGS.errorDuration, options),
  info: (message: string, options?: Options) =>
    shown('info', message, TOAST_SETTINGS.defaultDuration, options),
  message: (message: string, options?: Options) =>
    shown(null, message, TOAST_SETTINGS.defaultDuration, options),
  loading: (message: string, options?: Options) =>
    shown('loading', message, Number.POSITIVE_INFINITY, options),
  /** A success that offers one action (an Undo) for `duration` ms, longer than a plain success lasts. */
  withAction: (message: string, action: { label: string; onClick: () => void }, duration: number) =>
    shown('success', message, duration, { action }),
  dismiss: (id?: ToastId) => {
    if (wanted) later((library) => library.dismiss(id));
  },
};
