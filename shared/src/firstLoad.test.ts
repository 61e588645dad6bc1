/**
 * Keeps yup (and the schemas built with it) out of every page's first-load JavaScript.
 *
 * The '@copytech/shared' singleton is bundled whole and downloaded by every page before its first
 * paint, and '@copytech/shared/domain' is imported everywhere: neither may reach yup, however
 * indirectly. In the browser apps, the only way to the schemas is a dynamic
 * `import('@copytech/shared/forms')`, which a form starts when it is first used (the checker's
 * wizard too: it loads the shape schema only when there is saved progress to check).
 *
 * The import graph is walked with TypeScript's own module resolution (package exports included):
 * static imports and re-exports, and dynamic import()s too (a page loads many of its lazy chunks
 * on mount), except a dynamic import of '@copytech/shared/forms'. Type-only imports are skipped:
 * they leave nothing in a bundle.
 */
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { APPS } from './apps';

const REPO = path.resolve(__dirname, '..', '..');
const SHARED_SRC = path.join(REPO, 'shared', 'src');
const FORMS_SPECIFIER = '@copytech/shared/forms';
const FORMS_DIR = path.join(SHARED_SRC, 'forms') + path.sep;

/** Browser apps whose every page must load without yup: all of them. */
const APPS_WITHOUT_YUP = APPS.map((app) => app.folder);

const compilerOptions: ts.CompilerOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
};

interface Edge {
  specifier: string;
  dynamic: boolean;
}

/** The imports of a file that put code in a bundle: not `import type`, not type-only re-exports. */
function importsOf(file: string): Edge[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const edges: Edge[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        !!clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            !!bindings &&
            ts.isNamedImports(bindings) &&
            bindings.elements.length > 0 &&
            bindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) edges.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (!!clause && ts.isNamedExports(clause) && clause.elements.length > 0 && clause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) edges.push({ specifier: node.moduleSpecifier.text, dynamic: false });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && ts.isStringLiteralLike(argument)) edges.push({ specifier: argument.text, dynamic: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

type Target = { kind: 'file'; file: string } | { kind: 'package'; name: string } | { kind: 'none' };

function resolve(specifier: string, from: string): Target {
  const { resolvedModule } = ts.resolveModuleName(specifier, from, compilerOptions, ts.sys);
  if (!resolvedModule) return { kind: 'none' }; // CSS and other assets: no code of ours to follow
  const file = realpathSync(resolvedModule.resolvedFileName);
  // An npm package, by where its code really is (workspace packages are symlinked into node_modules,
  // and TypeScript calls them external libraries too: those are ours, and followed).
  if (file.includes(`${path.sep}node_modules${path.sep}`)) {
    const parts = specifier.split('/');
    return { kind: 'package', name: specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]! };
  }
  return { kind: 'file', file };
}

/**
 * Walks from the entries: the import chain to the first forbidden module found (yup, or a file of
 * shared/src/forms), or null; and every file visited. `allowLazyForms` lets import() of the forms pass.
 */
function walk(entries: string[], allowLazyForms: boolean): { chain: string[] | null; seen: Set<string> } {
  const seen = new Set<string>();
  const queue: Array<{ file: string; chain: string[] }> = entries.map((file) => ({ file, chain: [path.relative(REPO, file)] }));
  while (queue.length) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.[cm]?[jt]sx?$/.test(file) || file.endsWith('.d.ts')) continue;
    for (const { specifier, dynamic } of importsOf(file)) {
      if (dynamic && allowLazyForms && specifier === FORMS_SPECIFIER) continue;
      const target = resolve(specifier, file);
      const step = `${specifier}${dynamic ? ' (import())' : ''}`;
      if (target.kind === 'package' && target.name === 'yup') return { chain: [...chain, step], seen };
      if (target.kind !== 'file') continue;
      if (target.file.startsWith(FORMS_DIR)) return { chain: [...chain, step], seen };
      queue.push({ file: target.file, chain: [...chain, step] });
    }
  }
  return { chain: null, seen };
}

const chainToYup = (entries: string[], allowLazyForms: boolean) => walk(entries, allowLazyForms).chain;

/** Every source file of an app that ships (tests and test helpers left out). */
function sourcesOf(app: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'testing') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(full);
      }
    }
  };
  walk(path.join(REPO, app, 'src'));
  return files;
}

test('the @copytech/shared singleton reaches neither yup nor a schema', () => {
  expect(chainToYup([path.join(SHARED_SRC, 'index.ts')], false)).toBeNull();
});

test('@copytech/shared/domain reaches neither yup nor a schema', () => {
  expect(chainToYup([path.join(SHARED_SRC, 'domain', 'index.ts')], false)).toBeNull();
});

test.each(APPS_WITHOUT_YUP)('%s reaches yup only through import() of @copytech/shared/forms', (app) => {
  const sources = sourcesOf(app);
  expect(sources.length).toBeGreaterThan(3);
  expect(chainToYup(sources, true)).toBeNull();
});

test('the walk follows the shared package and finds yup where it is', () => {
  // Through the package name into shared/src (a walk that stopped at node_modules would prove nothing).
  const { seen } = walk(sourcesOf('shell'), true);
  expect(seen).toContain(path.join(SHARED_SRC, 'index.ts'));
  expect(seen).toContain(path.join(SHARED_SRC, 'domain', 'quote.ts'));
  expect(chainToYup([path.join(SHARED_SRC, 'forms', 'quote.ts')], true)).toEqual(['shared/src/forms/quote.ts', 'yup']);
  // The apps with forms do reach them, through import(): with that allowance taken away the walk
  // finds them, so the passes above are not a walk that never got there. The remotes load them with
  // @copytech/shared/formRules; the shell's newsletter form imports the newsletter's schema alone,
  // so that webpack keeps only that schema in its chunk.
  expect(chainToYup(sourcesOf('shell'), false)).toEqual([
    expect.stringMatching(/^shell\/src\//),
    '@copytech/shared/newsletter',
    `${FORMS_SPECIFIER} (import())`,
  ]);
  for (const app of ['mfe-basket', 'mfe-checker', 'mfe-content']) {
    const chain = chainToYup(sourcesOf(app), false) ?? [];
    expect(chain[0]).toMatch(new RegExp(`^${app}/src/`));
    expect(chain.slice(-2)).toEqual([expect.stringMatching(/(^@copytech\/shared|\.\.)\/formRules$/), `${FORMS_SPECIFIER} (import())`]);
  }
});
