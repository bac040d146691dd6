/**
 * What the W3C Web Application Manifest (https://www.w3.org/TR/appmanifest/) and Chromium's
 * installability check ask of a manifest, as a list of the rules it breaks (none: it passes).
 * Written from the specification, not from the portal's manifest: `origin` is the page's origin
 * and `manifestUrl` where the manifest was fetched, against which its URLs resolve.
 */
export function manifestProblems(manifest: unknown, manifestUrl: string): string[] {
  const problems: string[] = [];
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest))
    return ['the manifest is not a JSON object'];
  const m = manifest as Record<string, unknown>;
  const origin = new URL(manifestUrl).origin;
  const resolve = (value: unknown, member: string): URL | null => {
    if (typeof value !== 'string') {
      problems.push(`${member} is not a string`);
      return null;
    }
    try {
      return new URL(value, manifestUrl);
    } catch {
      problems.push(`${member} is not a valid URL`);
      return null;
    }
  };

  // Chromium installs only with a name or a short name to show.
  const named = [m.name, m.short_name].some((value) => typeof value === 'string' && value.trim() !== '');
  if (!named) problems.push('neither name nor short_name is a non-empty string');
  for (const member of ['name', 'short_name', 'description']) {
    if (m[member] !== undefined && typeof m[member] !== 'string')
      problems.push(`${member} is not a string`);
  }

  // start_url: same origin as the manifest (else the document URL is used), within the scope.
  const start = resolve(m.start_url, 'start_url');
  const scope = m.scope === undefined ? start && new URL('.', start) : resolve(m.scope, 'scope');
  if (start && start.origin !== origin) problems.push('start_url is not of the same origin');
  if (scope && scope.origin !== origin) problems.push('scope is not of the same origin');
  const within = (url: URL) =>
    scope !== null && url.origin === scope.origin && url.pathname.startsWith(scope.pathname);
  if (start && scope && !within(start)) problems.push('start_url is not within the scope');

  // id: resolves against start_url's origin; must be of that origin.
  if (m.id !== undefined) {
    const id = resolve(m.id, 'id');
    if (id && start && id.origin !== start.origin) problems.push('id is not of the start_url origin');
  }

  // display: one of the four modes; Chromium installs standalone, fullscreen or minimal-ui.
  const DISPLAY = ['fullscreen', 'standalone', 'minimal-ui', 'browser'];
  if (typeof m.display !== 'string' || !DISPLAY.includes(m.display))
    problems.push('display is not one of fullscreen, standalone, minimal-ui, browser');
  else if (m.display === 'browser') problems.push('display "browser" does not install');

  for (const member of ['theme_color', 'background_color']) {
    const value = m[member];
    if (
      value !== undefined &&
      (typeof value !== 'string' || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value))
    )
      problems.push(`${member} is not a colour`);
  }

  // icons: Chromium needs a PNG (or SVG/WebP) of at least 144 px for "any"; stores want 192 and 512.
  const icons = Array.isArray(m.icons) ? (m.icons as Record<string, unknown>[]) : [];
  if (!Array.isArray(m.icons)) problems.push('icons is not a list');
  const purposes = (icon: Record<string, unknown>) =>
    typeof icon.purpose === 'string' ? icon.purpose.split(/\s+/) : ['any'];
  for (const [index, icon] of icons.entries()) {
    resolve(icon.src, `icons[${index}].src`);
    if (typeof icon.sizes !== 'string' || !/^(\d+x\d+)( \d+x\d+)*$|^any$/.test(icon.sizes))
      problems.push(`icons[${index}].sizes is not a list of WxH`);
    const allowed = ['any', 'maskable', 'monochrome'];
    if (!purposes(icon).every((purpose) => allowed.includes(purpose)))
      problems.push(`icons[${index}].purpose is not any, maskable or monochrome`);
  }
  for (const size of ['192x192', '512x512']) {
    const found = icons.some(
      (icon) =>
        icon.type === 'image/png' &&
        typeof icon.sizes === 'string' &&
        icon.sizes.split(' ').includes(size) &&
        purposes(icon).includes('any'),
    );
    if (!found) problems.push(`no PNG icon of ${size} for any purpose`);
  }

  // shortcuts: each has a name and a URL within the scope.
  if (m.shortcuts !== undefined) {
    if (!Array.isArray(m.shortcuts)) problems.push('shortcuts is not a list');
    else
      for (const [index, shortcut] of (m.shortcuts as Record<string, unknown>[]).entries()) {
        if (typeof shortcut.name !== 'string' || shortcut.name.trim() === '')
          problems.push(`shortcuts[${index}] has no name`);
        const url = resolve(shortcut.url, `shortcuts[${index}].url`);
        if (url && !within(url)) problems.push(`shortcuts[${index}].url is not within the scope`);
      }
  }
  return problems;
}
