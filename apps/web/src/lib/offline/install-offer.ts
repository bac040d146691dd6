/** Chromium's event offering to install the portal as an app (not in TypeScript's DOM types). */
export type InstallPromptEvent = Event & {
  prompt: () => Promise<unknown>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
};

/** Told on the window when the browser makes its offer. */
export const INSTALL_OFFER_EVENT = 'cosa-install-offer';

/** The browser's offer to install the portal, once made (it stands for the page's life). */
export const installOffer: { event?: InstallPromptEvent } = {};

/**
 * Keeps the browser's offer instead of letting it show its own banner: the user menu offers
 * "Install the app" while it stands (app/layouts/install-menu-item.tsx). Listens from the first
 * moment, since the browser makes the offer once per page.
 */
export function catchInstallOffer(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    installOffer.event = event as InstallPromptEvent;
    window.dispatchEvent(new Event(INSTALL_OFFER_EVENT));
  });
}
