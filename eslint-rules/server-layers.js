// The server's layering (design.md section 3), checked on every import of a file in
// apps/server/src (test files are not checked; they may use anything):
// - a module uses another module only through that module's *.service.ts files, never another of
//   its files, type-only imports included (types shared across modules live in a service or in
//   packages/contracts);
// - modules never import each other in a circle: an import of module B from module A is reported
//   when B already depends on A, directly or through other modules, in the module graph read from
//   the files on disk (server-module-graph.js). A computed graph, not a declared order, so that a
//   new module needs no entry anywhere; every file whose import closes a circle is reported;
// - a plugin only hooks every request: it may use a module's *.service.ts but no other module file,
//   and nothing imports a plugin but app.ts and server.ts (which register them) and other plugins,
//   so no helper that routes call can live in plugins/;
// - lib/ and db/ sit below the modules: they import neither modules nor plugins; db/seed may use a
//   module's *.service.ts, no other module file;
// - product code never imports from apps/server/test;
// - a *.policy.ts is a pure function of its arguments: it imports no database code (db/,
//   drizzle-orm, pg, PGlite), no service or .read/.store file, no Fastify and no package doing
//   input or output (files, network, mail), and awaits nothing;
// - a *.service.ts knows nothing of Fastify, and a *.routes.ts reads no database itself (no
//   drizzle-orm, nothing from db/): it calls its services.
import path from 'node:path';
import { importVisitors, staticPrefix } from './import-sources.js';
import { moduleGraph, moduleOf, pathBetween } from './server-module-graph.js';

const SRC = path.join('apps', 'server', 'src');
const TEST_DIR = path.join('apps', 'server', 'test');

const DATABASE_PACKAGES = /^(drizzle-orm|pg|@electric-sql\/pglite)(\/|$)/;
const FASTIFY_PACKAGES = /^(fastify|@fastify\/|fastify-)/;
const IO_PACKAGES =
  /^(node:)?(fs|fs\/promises|net|http|https|http2|dgram|dns|tls|child_process|worker_threads|readline)$|^(nodemailer|pg-boss)(\/|$)/;

/** Where a path (absolute) sits in the server: its area, its module and its file's role. */
function placeOf(root, file) {
  const relative = path.relative(root, file);
  if (relative === TEST_DIR || relative.startsWith(TEST_DIR + path.sep)) return { area: 'test' };
  if (!relative.startsWith(SRC + path.sep)) return { area: 'outside' };
  const parts = relative.slice(SRC.length + 1).split(path.sep);
  const name = parts[parts.length - 1].replace(/\.(ts|tsx|js|mjs)$/, '');
  const role = /\.(service|policy|routes)$/.exec(name)?.[1] ?? 'other';
  const module = moduleOf(root, file);
  if (module) return { area: 'module', module, role, name: parts.slice(2).join('/') };
  if (parts[0] === 'plugins') return { area: 'plugin', role };
  if (parts[0] === 'lib') return { area: 'lib', role };
  if (parts[0] === 'db') return { area: parts[1] === 'seed' ? 'seed' : 'db', role };
  if (parts.length === 1 && (name === 'app' || name === 'server')) return { area: 'entry', role };
  return { area: 'other', role };
}

/** @type {import('eslint').Rule.RuleModule} */
const serverLayers = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the server's layers: modules, plugins, lib, db, seeds, policies" },
    schema: [],
    messages: {
      crossModule:
        'Module "{{from}}" imports "{{to}}/{{file}}": modules use each other only through their *.service.ts. Use (or add) a function of {{to}}\'s service, or move what both need to lib/.',
      moduleCycle:
        'Module "{{from}}" imports module "{{to}}", which already depends on it ({{trail}}): modules never import each other in a circle. Move what both need to the module that owns the data, or to lib/.',
      pluginInternals:
        'A plugin imports "{{to}}/{{file}}": a plugin may use a module only through its *.service.ts.',
      pluginImported:
        'Only app.ts, server.ts and other plugins import a plugin: a plugin hooks every request, and a helper that routes call lives in its module or in lib/.',
      lowerLayer:
        '{{area}}/ sits below the modules and imports none of them; move the code both need to {{area}}/ or lib/.',
      seedInternals:
        'The seed imports "{{to}}/{{file}}": seeds use a module only through its *.service.ts, or db/ and lib/ code.',
      testHelper:
        'Product code imports from apps/server/test: test helpers are for tests only; move what both need into src/.',
      impurePolicy:
        'A policy is a pure function: "{{source}}" ({{why}}) does not belong in a *.policy.ts. Read in a service (or a .read.ts) and pass the facts in.',
      policyAwaits:
        'A policy is a pure function and awaits nothing: read in a service (or a .read.ts) and pass the facts in.',
      serviceFastify:
        'A service knows nothing of Fastify: take plain values, and leave requests and replies to the route file.',
      routeDatabase:
        'A route file does HTTP only: "{{source}}" is database code; call a service of its module instead.',
    },
  },
  create(context) {
    const root = context.cwd;
    const filename = context.filename;
    const from = placeOf(root, filename);
    if (from.area === 'outside' || from.area === 'test') return {};

    function checkPackage(node, specifier) {
      if (from.role === 'policy') {
        const why = DATABASE_PACKAGES.test(specifier)
          ? 'database code'
          : FASTIFY_PACKAGES.test(specifier)
            ? 'the web framework'
            : IO_PACKAGES.test(specifier)
              ? 'input and output'
              : null;
        if (why) context.report({ node, messageId: 'impurePolicy', data: { source: specifier, why } });
      }
      if (from.role === 'service' && FASTIFY_PACKAGES.test(specifier))
        context.report({ node, messageId: 'serviceFastify' });
      if (from.role === 'routes' && DATABASE_PACKAGES.test(specifier))
        context.report({ node, messageId: 'routeDatabase', data: { source: specifier } });
    }

    function checkFile(node, specifier, to) {
      const report = (messageId, data = {}) => context.report({ node, messageId, data });
      if (to.area === 'test') return report('testHelper');
      const toModuleFile = to.area === 'module' ? { to: to.module, file: to.name } : null;
      const viaService = to.area === 'module' && to.role === 'service';

      const database = to.area === 'db' || to.area === 'seed';
      if (from.role === 'policy') {
        if (database) report('impurePolicy', { source: specifier, why: 'database code' });
        else if (to.role === 'service' || /\.(read|store)$/.test(to.name ?? ''))
          report('impurePolicy', { source: specifier, why: 'a module reading or writing data' });
      }
      if (from.role === 'routes' && database) report('routeDatabase', { source: specifier });

      if (to.area === 'plugin' && !['plugin', 'entry'].includes(from.area)) report('pluginImported');
      switch (from.area) {
        case 'module':
          if (to.area !== 'module' || to.module === from.module) return;
          if (!viaService) report('crossModule', { from: from.module, ...toModuleFile });
          checkCycle(report, to.module);
          return;
        case 'plugin':
          if (to.area === 'module' && !viaService) report('pluginInternals', toModuleFile);
          return;
        case 'seed':
          if (to.area === 'module' && !viaService) report('seedInternals', toModuleFile);
          return;
        case 'lib':
        case 'db':
          if (to.area === 'module') report('lowerLayer', { area: from.area });
          return;
      }
    }

    let graph;
    function checkCycle(report, toModule) {
      graph ??= moduleGraph(root);
      const trail = pathBetween(graph, toModule, from.module);
      if (trail) report('moduleCycle', { from: from.module, to: toModule, trail: trail.join(' → ') });
    }

    function check(node, source) {
      const specifier = staticPrefix(source);
      if (specifier === null) return;
      if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) {
        checkPackage(node, specifier);
        return;
      }
      // A template's file is not known: it counts as a file of the folder, not as a service.
      const unknownFile = source.type === 'TemplateLiteral' && source.expressions.length > 0;
      const target = path.resolve(path.dirname(filename), specifier + (unknownFile ? '*' : ''));
      checkFile(node, specifier, placeOf(root, target));
    }

    const awaits = (node) => {
      if (from.role === 'policy') context.report({ node, messageId: 'policyAwaits' });
    };
    const asyncFunction = (node) => {
      if (node.async) awaits(node);
    };

    return {
      ...importVisitors(check),
      AwaitExpression: awaits,
      'ForOfStatement[await=true]': awaits,
      FunctionDeclaration: asyncFunction,
      FunctionExpression: asyncFunction,
      ArrowFunctionExpression: asyncFunction,
    };
  },
};

export const serverLayersPlugin = { rules: { 'server-layers': serverLayers } };
