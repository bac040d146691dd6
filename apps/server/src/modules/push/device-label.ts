/** The platforms a label names, the first that matches: iPad before Mac (iPadOS says Macintosh only when asking for desktop pages). */
const PLATFORMS: readonly [RegExp, string][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/Linux/, 'Linux'],
];

/** The browsers, the first that matches: each of the later ones says Chrome or Safari too. */
const BROWSERS: readonly [RegExp, string][] = [
  [/EdgA?\/|EdgiOS\//, 'Edge'],
  [/OPR\/|OPiOS\//, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** Longest label kept: a User-Agent is the browser's to write. */
const LABEL_MAX = 60;

/**
 * A short name of a device from its User-Agent, for the person's list of devices with push on:
 * 'Chrome on Android', 'Safari on iPhone'; 'A browser' when it says nothing known.
 */
export function deviceLabel(userAgent: string | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  let platform = PLATFORMS.find(([pattern]) => pattern.test(agent))?.[1];
  // iPadOS asks for desktop pages as a Mac that has a touch screen; a Mac gets no push without Safari 16.
  if (platform === 'Mac' && /Mobile\//.test(agent)) platform = 'iPad';
  const label = browser && platform ? `${browser} on ${platform}` : (browser ?? platform ?? 'A browser');
  return label.slice(0, LABEL_MAX);
}
