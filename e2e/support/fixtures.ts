import axe from 'axe-core';
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect };

const PHONE_VIEWPORT = { width: 375, height: 812 } as const;

type AxeOptions = {
  /** CSS selectors left out of the scan. */
  exclude?: string[];
  /** axe rule ids switched off, each with a reason in the calling test. */
  disableRules?: string[];
};

/** Runs axe-core (WCAG 2 A and AA) on the page and fails with a readable list of violations. */
export async function expectAccessible(page: Page, options: AxeOptions = {}): Promise<void> {
  let report = await scan(page, options);
  // A toast whose time ran out during the scan was fading: translucent for a moment no reader sees.
  // When only such passing things were found, the page is scanned once more.
  if (report.length > 0 && report.every((violation) => violation.inToaster))
    report = await scan(page, options);
  expect(
    report.map(({ inToaster: _inToaster, ...violation }) => violation),
    `axe found accessibility violations on ${page.url()}`,
  ).toEqual([]);
}

type Violation = { rule: string; impact: string | null; help: string; targets: string[] };

/**
 * Runs axe-core in the page and its frames: its source is put in each document once (a later scan
 * of the same document reuses it; an element with id "axe" is not mistaken for it), the page's
 * run collects the frames' results, and only violations come back, each with the selectors of
 * its elements (a frame's element after its iframe's).
 */
async function runAxe(page: Page, options: AxeOptions): Promise<Violation[]> {
  for (const frame of page.frames()) {
    const loaded = await frame.evaluate(
      () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function',
    );
    if (!loaded) await frame.evaluate(axe.source);
  }
  return page.evaluate(
    async ({ exclude, disableRules }) => {
      const runner = (window as unknown as { axe: typeof axe }).axe;
      const context = exclude.length ? { exclude: exclude.map((selector) => [selector]) } : document;
      const { violations } = await runner.run(context, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] },
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
      return violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(' ')),
      }));
    },
    { exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  );
}

async function scan(page: Page, options: AxeOptions) {
  // Scan the settled page: a toast still fading in has a translucent colour that no reader sees for long.
  // (A spinner turns for ever: only animations that end are waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const violations = await runAxe(page, options);
  return Promise.all(
    violations.map(async ({ targets, ...violation }) => {
      const inToaster = await page.evaluate(
        // Gone since the scan, or in the toast region: either way a moment, not the page.
        (selectors) =>
          selectors.every((selector) => {
            const element = document.querySelector(selector);
            return !element || element.closest('[data-sonner-toaster]') !== null;
          }),
        targets,
      );
      return { ...violation, targets: targets.slice(0, 5), inToaster };
    }),
  );
}

/** Narrows the page to a phone's 375 px and checks nothing scrolls sideways. */
export async function expectNoHorizontalScroll(
  page: Page,
  width: number = PHONE_VIEWPORT.width,
): Promise<void> {
  await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const sizes = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    document: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
    wide: Array.from(document.querySelectorAll('body *'))
      .filter(
        (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1,
      )
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(element.className).split(' ').slice(0, 3).join('.')}`,
      ),
  }));
  expect(sizes.viewport, 'viewport width').toBe(width);
  expect(
    Math.max(sizes.document, sizes.body),
    `page scrolls sideways at ${width} px; widest elements: ${sizes.wide.join(', ')}`,
  ).toBeLessThanOrEqual(sizes.viewport);
}

type Fixtures = {
  /** expectAccessible bound to this test's page. */
  checkAccessible: (options?: AxeOptions) => Promise<void>;
  /** expectNoHorizontalScroll bound to this test's page. */
  checkPhoneWidth: (width?: number) => Promise<void>;
};

export const test = base.extend<Fixtures>({
  baseURL: async ({ baseURL }, use) => {
    await use(process.env.E2E_BASE_URL ?? baseURL);
  },
  checkAccessible: async ({ page }, use) => {
    await use((options) => expectAccessible(page, options));
  },
  checkPhoneWidth: async ({ page }, use) => {
    await use((width) => expectNoHorizontalScroll(page, width));
  },
});

/** A new browser context on the portal whose API calls name the portal as their origin, as the page's own do. */
export function portalContext(
  browser: Browser,
  baseURL: string | undefined,
  options: BrowserContextOptions = {},
) {
  return browser.newContext({
    baseURL,
    ...(baseURL ? { extraHTTPHeaders: { origin: baseURL } } : {}),
    ...options,
  });
}

/** A second browser at desktop size, for the other person of a round trip. */
export async function otherBrowser(
  browser: Browser,
  baseURL: string | undefined,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await portalContext(browser, baseURL, { viewport: { width: 1280, height: 800 } });
  return { context, page: await context.newPage() };
}
