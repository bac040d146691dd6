import type { AppIconName } from './app-icons.service';

/** Where the icons are served; `?v=` names the version the manifest was written for. */
export const APP_ICONS_PATH = '/app-icons';

export type ManifestSettings = {
  instituteName: string;
  instituteShortName: string;
  /** #rrggbb */
  themeColor: string;
};

type ManifestIcon = { src: string; sizes: string; type: 'image/png'; purpose: 'any' | 'maskable' };

/** The page colour behind the app while it opens (the web app's canvas colour, --color-canvas). */
const BACKGROUND_COLOR = '#f8fafc';

/**
 * The web app manifest (W3C Web Application Manifest) that makes the portal installable: named
 * after the institute, in its theme colour, with its icons at `iconVersion`. It starts at '/',
 * which sends each person to their own role's home (a manifest is kept from the install on, so it
 * cannot know the role itself), and offers shortcuts to the tickets, the notifications and the search.
 */
export function webAppManifest(settings: ManifestSettings, iconVersion: string) {
  const icon = (name: AppIconName, sizes: string, purpose: ManifestIcon['purpose']): ManifestIcon => ({
    src: `${APP_ICONS_PATH}/${name}?v=${iconVersion}`,
    sizes,
    type: 'image/png',
    purpose,
  });
  const appIcon = icon('icon-192.png', '192x192', 'any');
  return {
    id: '/',
    name: `${settings.instituteShortName} COSA Portal`,
    short_name: 'COSA Portal',
    description: `Student records and student-council affairs of ${settings.instituteName}: events and tickets, clubs, elections and notices.`,
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: settings.themeColor,
    background_color: BACKGROUND_COLOR,
    categories: ['education'],
    icons: [
      appIcon,
      icon('icon-512.png', '512x512', 'any'),
      icon('maskable-192.png', '192x192', 'maskable'),
      icon('maskable-512.png', '512x512', 'maskable'),
    ],
    shortcuts: [
      {
        name: 'My tickets',
        short_name: 'Tickets',
        description: 'Your events and their tickets, also offline',
        url: '/events/mine',
        icons: [appIcon],
      },
      {
        name: 'Notifications',
        short_name: 'Notifications',
        description: 'What is new for you',
        url: '/notifications',
        icons: [appIcon],
      },
      {
        name: 'Search',
        short_name: 'Search',
        description: 'Find people, clubs, events and more',
        // '/' keeps the query on its way to the role's home, whose header opens the search.
        url: '/?search',
        icons: [appIcon],
      },
    ],
  };
}
