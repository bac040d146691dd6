import { toast } from 'sonner';
import { afterEach } from 'vitest';

/*
 * For the files that share a worker's modules (the 'web' project, isolate: false). A toast whose
 * page was taken down before its time ran out stays active in sonner's own module state, and the
 * next file's Toaster would show it on a page that never raised it. Each test ends with none.
 */
afterEach(() => {
  toast.dismiss();
});
