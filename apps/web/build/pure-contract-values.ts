import MagicString from 'magic-string';
import type { Plugin } from 'vite';

type Node = { type: string; start: number; end: number; [key: string]: unknown };

const FUNCTIONS = new Set(['ArrowFunctionExpression', 'FunctionExpression']);

/** Every call and `new` evaluated while the expression is (calls inside functions it defines are not). */
function callsIn(node: Node, found: Node[]): Node[] {
  if (FUNCTIONS.has(node.type)) return found;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') found.push(node);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (child && typeof child === 'object' && typeof (child as Node).type === 'string')
        callsIn(child as Node, found);
    }
  }
  return found;
}

/**
 * Marks the calls that build each top-level value of a contract module (a zod schema, a frozen
 * table) as free of effects, so that a page importing one constant of a module does not load the
 * schemas beside it, nor zod for them. Only the contract modules: a library's code keeps its
 * calls, whatever their names.
 */
export function pureContractValues(contractsDir: string): Plugin {
  return {
    name: 'cosa-pure-contract-values',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!id.startsWith(contractsDir)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const source = new MagicString(code);
      for (const statement of program.body) {
        const declaration =
          statement.type === 'ExportNamedDeclaration'
            ? (statement.declaration as Node | null)
            : statement;
        if (declaration?.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as Node[]) {
          const init = declarator.init as Node | null;
          if (init)
            for (const call of callsIn(init, [])) source.appendLeft(call.start, '/* @__PURE__ */ ');
        }
      }
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}
