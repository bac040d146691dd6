// What the import rules share: the text of a module specifier, and the places in a file that
// name another file (imports, re-exports, dynamic imports, type imports, `import x = require()`).

/** The literal text of a module specifier; for a template, the part before its first `${}`. */
export function staticPrefix(source) {
  if (!source) return null;
  if (source.type === 'Literal' && typeof source.value === 'string') return source.value;
  if (source.type === 'TemplateLiteral') return source.quasis[0]?.value.cooked ?? null;
  return null;
}

/** The rule visitors that call `check(node, source)` for every node that names a module. */
export function importVisitors(check) {
  return {
    ImportDeclaration: (node) => check(node, node.source),
    ExportNamedDeclaration: (node) => check(node, node.source),
    ExportAllDeclaration: (node) => check(node, node.source),
    ImportExpression: (node) => check(node, node.source),
    TSImportType: (node) =>
      check(node, node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    TSExternalModuleReference: (node) => check(node, node.expression),
  };
}
