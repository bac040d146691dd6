import { useSyncExternalStore } from 'react';
import { INSTALL_OFFER_EVENT, installOffer } from '../../lib/offline/install-offer';

/** Set once the user answered the browser's install dialog, either way: the portal does not ask again. */
const ANSWERED_KEY = 'cosa-install-answered';

function answeredBefore(): boolean {
  try {
    return localStorage.getItem(ANSWERED_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(outcome: string): void {
  try {
    localStorage.setItem(ANSWERED_KEY, outcome);
  } catch {
    // Storage refused: the offer may come again on a later visit.
  }
}

/** The offer comes, or the app got installed (from the browser's own menu, say): nothing left to offer. */
function subscribe(listener: () => void): () => void {
  const onInstalled = () => {
    remember('installed');
    listener();
  };
  window.addEventListener(INSTALL_OFFER_EVENT, listener);
  window.addEventListener('appinstalled', onInstalled);
  return () => {
    window.removeEventListener(INSTALL_OFFER_EVENT, listener);
    window.removeEventListener('appinstalled', onInstalled);
  };
}

/** Running as the installed app already (or added to an iPhone's home screen). */
const installed = (): boolean =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as { standalone?: boolean }).standalone === true;

/** The offer while it stands: made, and neither answered nor taken up. */
const standingOffer = () => (answeredBefore() || installed() ? null : (installOffer.event ?? null));

/**
 * "Install the app" in the user menu, while the browser offers to install the portal (Chromium's
 * beforeinstallprompt, kept by lib/offline/install-offer.ts); once answered, accepted or not, it is
 * not offered again. Never shown in the installed app, nor where the browser makes no offer (iOS,
 * whose "Add to Home Screen" the notification settings explain).
 */
export function InstallMenuItem({ onChosen }: { onChosen: () => void }) {
  const offer = useSyncExternalStore(subscribe, standingOffer);
  if (!offer) return null;
  const install = async () => {
    onChosen();
    // Asked once: the item goes, accepted or not.
    remember('asked');
    window.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
    try {
      await offer.prompt();
      remember((await offer.userChoice).outcome);
    } catch {
      remember('unavailable');
    }
  };
  return (
    <li>
      <button
        type="button"
        onClick={() => void install()}
        className="block w-full rounded-lg px-2 py-2 text-left text-sm font-medium text-ink hover:bg-accent-soft hover:text-accent-ink focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-accent"
      >
        Install the app
      </button>
    </li>
  );
}
