/// <reference types="node" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** What a first visit to a route loads: gzipped bytes of JavaScript and CSS, and the files. */
export type RouteWeight = { path: string; js: number; css: number; files: string[] };

/** The most a route may load, gzipped, in bytes; the first matching rule applies. */
export type Budget = { name: string; paths: (route: string) => boolean; js: number; css: number };

type OutputFile = {
  fileName: string;
  code?: string;
  source?: string | Uint8Array;
  imports?: string[];
  facadeModuleId?: string | null;
  isEntry?: boolean;
  css: string[];
};

/** A route and the modules its page loads on top of the entry (none: the page is part of the entry). */
export type RouteModules = { path: string; modules: string[] };

/**
 * The routes and the modules of each page, read from the route table (src/app/routes.tsx). A
 * sign-in page is `const X = signInPage(() => import('../features/...'), 'X')` and loads its
 * module alone; any other lazy page is `const X = page(() => import('../features/...'), 'X')` and
 * loads with its module the one `loadSignedInArea` imports (`const loadSignedInArea = () =>
 * import('./...')`); a route is `{ path: '/p', Component: X }`. A page imported directly is part
 * of the entry. Every route must resolve, or the build stops.
 */
export function routeModules(routesFile: string): RouteModules[] {
  const source = readFileSync(routesFile, 'utf8');
  const resolve = (module: string) => path.resolve(path.dirname(routesFile), module);
  const area = /const loadSignedInArea = \(\) => import\('([^']+)'\)/.exec(source)?.[1];
  const lazy = new Map<string, string[]>();
  for (const match of source.matchAll(
    /const (\w+) = (signInPage|page)\(\s*\(\) => import\('([^']+)'\)/g,
  )) {
    const [, component, helper, module] = match as unknown as [string, string, string, string];
    if (helper === 'signInPage') lazy.set(component, [resolve(module)]);
    else if (area) lazy.set(component, [resolve(module), resolve(area)]);
    else
      throw new Error(
        `route-weights: ${component} is a page(), but ${routesFile} has no loadSignedInArea`,
      );
  }
  const direct = new Set(
    [...source.matchAll(/^import \{ (\w+) \} from '[^']+';$/gm)].map((match) => match[1]!),
  );
  const routes = [...source.matchAll(/\{ path: '([^']+)', Component: (\w+)/g)].map((match) => {
    const [, route, component] = match as unknown as [string, string, string];
    if (lazy.has(component)) return { path: route, modules: lazy.get(component)! };
    if (direct.has(component)) return { path: route, modules: [] };
    throw new Error(
      `route-weights: the page of ${route} (${component}) is neither lazy nor imported in ${routesFile}`,
    );
  });
  if (routes.length === 0) throw new Error(`route-weights: no routes found in ${routesFile}`);
  // A route written another way (keys in another order, double quotes) must not go uncounted.
  const declared = (source.match(/\bpath:\s*['"`]/g) ?? []).length;
  if (declared !== routes.length)
    throw new Error(
      `route-weights: ${declared} routes in ${routesFile}, ${routes.length} read; write each as { path: '/p', Component: X }`,
    );
  return routes;
}

/** Every file a chunk loads before it runs: itself, its static imports, their CSS. */
function closure(start: OutputFile, files: Map<string, OutputFile>, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const css of start.css) into.add(css);
  for (const name of start.imports ?? []) {
    const file = files.get(name);
    if (file) closure(file, files, into);
  }
}

export function routeWeights(
  files: OutputFile[],
  routes: RouteModules[],
  gzipped: (fileName: string) => number,
): RouteWeight[] {
  const byName = new Map(files.map((file) => [file.fileName, file]));
  const entry = files.find((file) => file.isEntry);
  if (!entry) throw new Error('route-weights: the bundle has no entry chunk');
  const withoutExtension = (file: string) => file.replace(/\.[cm]?[jt]sx?$/, '');
  return routes.map((route) => {
    const loaded = new Set<string>();
    closure(entry, byName, loaded);
    for (const module of route.modules) {
      const chunk = files.find(
        (file) => file.facadeModuleId && withoutExtension(file.facadeModuleId) === module,
      );
      if (!chunk) throw new Error(`route-weights: no chunk holds ${module} (${route.path})`);
      closure(chunk, byName, loaded);
    }
    const names = [...loaded].sort();
    const sum = (extension: string) =>
      names.filter((name) => name.endsWith(extension)).reduce((total, name) => total + gzipped(name), 0);
    return { path: route.path, js: sum('.js'), css: sum('.css'), files: names };
  });
}

/** Bytes as KiB with one decimal. */
export const kib = (bytes: number) => (bytes / 1024).toFixed(1);

/** The routes over their budget, each with a line saying by how much. */
export function overBudget(weights: RouteWeight[], budgets: Budget[]): string[] {
  return weights.flatMap((weight) => {
    const budget = budgets.find((rule) => rule.paths(weight.path));
    if (!budget) return [`${weight.path}: no budget applies`];
    const lines: string[] = [];
    if (weight.js > budget.js)
      lines.push(
        `${weight.path}: ${kib(weight.js)} KiB of JavaScript, over the ${budget.name} budget of ${kib(budget.js)} KiB`,
      );
    if (weight.css > budget.css)
      lines.push(
        `${weight.path}: ${kib(weight.css)} KiB of CSS, over the ${budget.name} budget of ${kib(budget.css)} KiB`,
      );
    return lines;
  });
}

/**
 * The Vite plugin: after the bundle is made, prints what each route loads (gzipped) and writes it
 * to `reportFile` for the budget check (`build/check-budgets.ts`).
 */
export function reportRouteWeights(routesFile: string, reportFile: string): Plugin {
  return {
    name: 'cosa-route-weights',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files: OutputFile[] = Object.values(bundle).map((output) =>
        output.type === 'chunk'
          ? {
              fileName: output.fileName,
              code: output.code,
              imports: output.imports,
              facadeModuleId: output.facadeModuleId,
              isEntry: output.isEntry,
              css: [...(output.viteMetadata?.importedCss ?? [])],
            }
          : { fileName: output.fileName, source: output.source, css: [] },
      );
      const sizes = new Map(
        files.map((file) => [
          file.fileName,
          gzipSync(file.code ?? file.source ?? '', { level: 9 }).length,
        ]),
      );
      const weights = routeWeights(files, routeModules(routesFile), (name) => sizes.get(name) ?? 0);
      mkdirSync(path.dirname(reportFile), { recursive: true });
      writeFileSync(reportFile, `${JSON.stringify(weights, null, 2)}\n`);
      const lines = weights.map(
        (weight) =>
          `  ${weight.path.padEnd(28)} ${kib(weight.js).padStart(6)} KiB JS ${kib(weight.css).padStart(6)} KiB CSS`,
      );
      this.info(`what each route loads, gzipped:\n${lines.join('\n')}`);
    },
  };
}
