// A web feature may use shared code (components/, lib/, app/) and its own files, never another
// feature's: features stay removable and their internals stay private. The check resolves each
// relative import against the importing file, so no depth of `../` slips past it.
import path from 'node:path';
import { importVisitors, staticPrefix } from './import-sources.js';

const FEATURES_DIR = path.join('apps', 'web', 'src', 'features');

/** The feature a path (relative to the repository root) belongs to, or null outside features/. */
function featureOf(relativePath) {
  const parts = path.normalize(relativePath).split(path.sep);
  const base = FEATURES_DIR.split(path.sep);
  if (parts.length <= base.length) return null;
  for (let i = 0; i < base.length; i += 1) if (parts[i] !== base[i]) return null;
  return parts[base.length] ?? null;
}

/** @type {import('eslint').Rule.RuleModule} */
const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid a web feature importing from another feature' },
    schema: [],
    messages: {
      crossFeature:
        'Feature "{{from}}" imports from feature "{{to}}"; features do not import each other. Move the shared code to components/ or lib/.',
    },
  },
  create(context) {
    const root = context.cwd;
    const filename = context.filename;
    const from = featureOf(path.relative(root, filename));
    if (!from) return {};

    function check(node, source) {
      const specifier = staticPrefix(source);
      if (!specifier) return;
      if (!specifier.startsWith('.') && !path.isAbsolute(specifier)) return;
      const target = path.resolve(path.dirname(filename), specifier);
      const to = featureOf(path.relative(root, target));
      if (to && to !== from) context.report({ node, messageId: 'crossFeature', data: { from, to } });
    }

    return importVisitors(check);
  },
};

export const featureBoundariesPlugin = { rules: { 'feature-boundaries': featureBoundaries } };
