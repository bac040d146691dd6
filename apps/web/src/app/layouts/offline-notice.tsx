import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { copiesShown, OFFLINE_COPY_EVENT } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { formatDateTime, formatTime, isoDateIn } from '../../lib/format';

/**
 * What the shell reads for itself (who is signed in, the settings, the bell's count): a copy of it
 * says nothing of how old the page is.
 */
const SHELL_READS = ['/api/auth/session', '/api/config', '/api/notifications/unread-count'];

/** The time the oldest copy of the page's own data shown was saved, or 0 when it shows none. */
function oldestCopy(): number {
  const times = copiesShown
    .filter(([path]) => !SHELL_READS.includes(path))
    .map(([, asOf]) => Date.parse(asOf));
  return times.length ? Math.min(...times) : 0;
}

/** Forgets the copies shown: a new page, or the connection is back (the page loads afresh). */
function forgetCopies(): void {
  copiesShown.length = 0;
}

const EVENTS = ['online', 'offline', OFFLINE_COPY_EVENT];

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', forgetCopies);
  for (const event of EVENTS) window.addEventListener(event, listener);
  return () => {
    window.removeEventListener('online', forgetCopies);
    for (const event of EVENTS) window.removeEventListener(event, listener);
  };
}

/** When a copy was saved: its time alone when that was today, else its date too. */
function savedAt(time: number): string {
  return isoDateIn(time) === isoDateIn(Date.now()) ? formatTime(time) : formatDateTime(time);
}

/** What the notice says now: nothing while online with the server's own answers. */
function noticeText(): string {
  const online = navigator.onLine;
  const asOf = oldestCopy();
  if (online && !asOf) return '';
  return `${online ? 'The portal could not be reached.' : 'You are offline.'}${asOf ? ` This page is as of ${savedAt(asOf)}.` : ''}`;
}

/**
 * Says, above the page, that the device is offline, and when the page shows what was kept for it
 * instead of the server's answer, how old that is: "You are offline. This page is as of 18:04."
 * (decision 0043). Online again, the page's data loads afresh and the notice goes. Loaded apart
 * from the shell (layouts/app-shell.tsx); the copies shown before it came are counted all the same.
 * @public (read from the dynamically imported module)
 */
export function OfflineNotice() {
  const { pathname } = useLocation();
  // A new page: what the last one showed no longer counts (its own answers arrive after this render).
  const [page, setPage] = useState(pathname);
  if (page !== pathname) {
    setPage(pathname);
    forgetCopies();
  }
  const text = useSyncExternalStore(subscribe, noticeText);
  // The live region stays in place, so that a screen reader hears the notice when it comes.
  return (
    <div role="status">
      {text && (
        <p
          className={cn(
            'mb-4 rounded-lg border px-3 py-2 text-sm font-medium',
            'border-warning-700 bg-warning-50 text-warning-700',
          )}
        >
          {text}
        </p>
      )}
    </div>
  );
}
