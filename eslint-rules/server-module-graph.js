// The import graph between the server's modules (apps/server/src/modules/<module>/), read from the
// files on disk: each module's non-test files and the other modules they import. The layering rule
// asks it whether a new import would close a circle. The graph is kept between files of one lint
// run and read again when a module file is added, removed or changed (its modification time).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const MODULES_DIR = path.join('apps', 'server', 'src', 'modules');

const SOURCE = /\.(ts|tsx|js|mjs)$/;
const TEST = /\.test\.(ts|tsx|js|mjs)$/;

/** The module a path (absolute) belongs to, or null outside apps/server/src/modules/<module>/. */
export function moduleOf(root, file) {
  const relative = path.relative(path.join(root, MODULES_DIR), file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length > 1 ? parts[0] : null;
}

/** Every non-test source file of every module, with its modification time. */
function moduleFiles(root) {
  const found = [];
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE.test(entry.name) && !TEST.test(entry.name))
        found.push({ file: full, mtime: fs.statSync(full).mtimeMs });
    }
  };
  walk(path.join(root, MODULES_DIR));
  return found.sort((a, b) => a.file.localeCompare(b.file));
}

/** module -> Map(imported module -> the first file that imports it), from the files' import specifiers. */
function readGraph(files, root) {
  const graph = new Map();
  for (const { file } of files) {
    const from = moduleOf(root, file);
    if (!graph.has(from)) graph.set(from, new Map());
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = moduleOf(root, path.resolve(path.dirname(file), fileName));
      if (to && to !== from && !graph.get(from).has(to)) graph.get(from).set(to, file);
    }
  }
  return graph;
}

const cache = new Map();

/** The module graph of the repository at `root`, read again only when its module files changed. */
export function moduleGraph(root) {
  const files = moduleFiles(root);
  const signature = files.map(({ file, mtime }) => `${file}:${mtime}`).join('\n');
  const cached = cache.get(root);
  if (cached && cached.signature === signature) return cached.graph;
  const graph = readGraph(files, root);
  cache.set(root, { signature, graph });
  return graph;
}

/** The modules on a path from `start` to `goal` (both included), or null when `goal` cannot be reached. */
export function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const trail = [];
      for (let at = goal; at !== null; at = previous.get(at)) trail.unshift(at);
      return trail;
    }
    for (const next of graph.get(current)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}
