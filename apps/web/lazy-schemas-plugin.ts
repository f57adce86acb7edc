import { fileURLToPath } from 'node:url';
import { parseAst, type Plugin } from 'vite';

/** The domain's modules (not their tests): the schemas the web app's code defines when it runs. */
const DOMAIN = /[\\/]packages[\\/]domain[\\/]src[\\/](?!.*\.test\.ts$).*\.ts$/;
const RUNTIME = fileURLToPath(new URL('./src/lazySchema.ts', import.meta.url));
/** The fields of a call (calls/define.ts) that hold schemas. */
const CALL_SCHEMAS = new Set(['params', 'query', 'body', 'response']);

type TNode = { type: string; start: number; end: number; [key: string]: unknown };

/** The identifier an expression's chain starts from: `z` in `z.object({…}).partial()`, `ZUser` in `ZUser.extend({…})`. */
function rootOf(node: TNode | null | undefined): string | null {
  let at = node;
  while (at) {
    if (at.type === 'Identifier') return at.name as string;
    if (at.type === 'CallExpression') at = at.callee as TNode;
    else if (at.type === 'MemberExpression') at = at.object as TNode;
    else if (at.type === 'TSAsExpression' || at.type === 'TSSatisfiesExpression' || at.type === 'ParenthesizedExpression') at = at.expression as TNode;
    else return null;
  }
  return null;
}

/** An expression that builds a schema when it runs: zod's `z.…`, a named schema's `ZFoo.…(…)`, a helper's `zFoo(…)`. */
function buildsSchema(node: TNode | null | undefined): boolean {
  if (!node || node.type === 'Identifier') return false; // a name only: nothing is built
  const root = rootOf(node);
  return root !== null && (root === 'z' || /^Z[A-Z0-9]/.test(root) || /^z[A-Z]/.test(root));
}

/** Every node under `node` (the AST's plain objects and arrays). */
function* walk(node: unknown): Generator<TNode> {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) yield* walk(item);
    return;
  }
  const typed = node as TNode;
  if (typeof typed.type === 'string') yield typed;
  for (const [key, value] of Object.entries(typed)) if (key !== 'type' && value && typeof value === 'object') yield* walk(value);
}

/**
 * The ranges of a module's code that build schemas and may wait until used: the initial value of
 * each top-level `const` that builds one, and each schema written inline in a `defineCall({…})`.
 */
export function lazyRanges(code: string): [number, number][] {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: TNode[] };
  const ranges: [number, number][] = [];
  for (const statement of program.body) {
    const declaration = (statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement) as TNode | null;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as TNode[]) {
      const init = declarator.init as TNode | null;
      if ((declarator.id as TNode).type === 'Identifier' && buildsSchema(init)) ranges.push([init!.start, init!.end]);
    }
  }
  const inside = (start: number) => ranges.some(([from, to]) => start >= from && start < to);
  for (const node of walk(program.body)) {
    if (node.type !== 'CallExpression' || rootOf(node.callee as TNode) !== 'defineCall' || inside(node.start)) continue;
    const [call] = node.arguments as TNode[];
    if (call?.type !== 'ObjectExpression') continue;
    for (const property of call.properties as TNode[]) {
      const key = property.key as TNode | undefined;
      const value = property.value as TNode | undefined;
      if (property.type === 'Property' && key?.type === 'Identifier' && CALL_SCHEMAS.has(key.name as string) && buildsSchema(value))
        ranges.push([value!.start, value!.end]);
    }
  }
  return ranges.sort((a, b) => a[0] - b[0]);
}

/** `code` with each range's expression built on first use (lazySchema). */
export function makeSchemasLazy(code: string): string | null {
  const ranges = lazyRanges(code);
  if (!ranges.length) return null;
  let out = code;
  for (const [start, end] of [...ranges].reverse()) out = `${out.slice(0, start)}__lazySchema(() => (${out.slice(start, end)}))${out.slice(end)}`;
  return `import { lazySchema as __lazySchema } from ${JSON.stringify(RUNTIME)};\n${out}`;
}

/**
 * The domain's schemas, in the web app's build, are built when first used (decision 0123): a page
 * runs the modules of every call it may send, and builds only the schemas of those it sends. The
 * server and the tests build them as written.
 */
export function lazySchemasPlugin(): Plugin {
  return {
    name: 'audit:lazy-schemas',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!DOMAIN.test(id)) return null;
      const lazy = makeSchemasLazy(code);
      return lazy === null ? null : { code: lazy, map: null };
    },
  };
}
