/**
 * The API report: the public surface of every entry point of the package, one file per entry in
 * `api-report/` (`index.d.ts` for `verify-elements`, `schemas.d.ts` for `verify-elements/schemas`, …),
 * read from the built declarations (`dist/types`, `frameworks/`) that the package ships. Checked in, so a
 * change to the public surface shows in review; `npm test` fails while the report and the build differ.
 *
 *   npm run build && npm run api:report             (writes api-report/)
 *   node --import tsx scripts/api-report.ts --check  (what the test does: exit 1 on a difference)
 *
 * Per entry: every export, sorted by name, as its declaration without comments; classes without their
 * private and protected members (subclassing is not public API); a zod schema as the type it parses to
 * (`Schema<…>`), not zod's internal types; then the global declarations the entry brings along (tag
 * names, event maps, framework typings), from the entry and every file it imports.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { writeIfChanged } from './write-if-changed.ts';

const ROOT = resolve(import.meta.dirname, '..');
export const REPORT_DIR = join(ROOT, 'api-report');

/** An entry point: the report's file name and the declaration file consumers resolve. */
export interface Entry {
  name: string;
  specifier: string;
  types: string;
}

/** The entries with types in package.json's `exports` (`.` is `index`, `./sandbox/node` `sandbox-node`). */
export function packageEntries(root = ROOT): Entry[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  const out: Entry[] = [];
  for (const [key, target] of Object.entries(pkg.exports)) {
    if (typeof target !== 'object' || !target.types) continue;
    const name = key === '.' ? 'index' : key.slice(2).replace(/\//g, '-');
    out.push({ name, specifier: pkg.name + key.slice(1), types: join(root, target.types) });
  }
  return out;
}

const printer = ts.createPrinter({ removeComments: true, newLine: ts.NewLineKind.LineFeed });
const FORMAT = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.IgnoreErrors;

/** A type as a declaration would spell it out, formatted as the printer formats a declaration. */
const typeText = (checker: ts.TypeChecker, type: ts.Type, at: ts.Node, file: ts.SourceFile) => {
  const node = checker.typeToTypeNode(type, at, FORMAT);
  return node ? printer.printNode(ts.EmitHint.Unspecified, node, file) : checker.typeToString(type, at);
};

/** Lit's static plumbing (which properties are reactive, the styles) is not API. */
const LIT_STATICS = new Set(['properties', 'styles', 'shadowRootOptions', 'elementStyles']);

const hidden = (m: ts.ClassElement) =>
  (m.name !== undefined && ts.isPrivateIdentifier(m.name)) ||
  (m.name !== undefined &&
    ts.isIdentifier(m.name) &&
    LIT_STATICS.has(m.name.text) &&
    (ts.getModifiers(m as ts.PropertyDeclaration) ?? []).some(
      (x) => x.kind === ts.SyntaxKind.StaticKeyword,
    )) ||
  (ts.canHaveModifiers(m) &&
    (ts.getModifiers(m) ?? []).some(
      (x) => x.kind === ts.SyntaxKind.PrivateKeyword || x.kind === ts.SyntaxKind.ProtectedKeyword,
    ));

function printDeclaration(decl: ts.Declaration, checker: ts.TypeChecker, file: ts.SourceFile): string {
  if (ts.isVariableDeclaration(decl)) {
    const type = checker.getTypeAtLocation(decl);
    const zod = type.getProperty('_zod');
    const name = decl.name.getText(file);
    if (zod) {
      const output = checker.getTypeOfSymbol(zod).getProperty('output');
      if (output) {
        const text = typeText(checker, checker.getTypeOfSymbol(output), decl, file);
        return `export declare const ${name}: Schema<${text}>;`;
      }
    }
    const statement = decl.parent.parent;
    const kind = ts.isVariableStatement(statement) && decl.parent.flags & ts.NodeFlags.Let ? 'let' : 'const';
    const written = decl.type
      ? printer.printNode(ts.EmitHint.Unspecified, decl.type, file)
      : typeText(checker, type, decl, file);
    return `export declare ${kind} ${name}: ${written};`;
  }
  if (ts.isClassDeclaration(decl)) {
    const members = decl.members.filter((m) => !hidden(m));
    const copy = ts.factory.updateClassDeclaration(
      decl,
      decl.modifiers,
      decl.name,
      decl.typeParameters,
      decl.heritageClauses,
      members,
    );
    return printer.printNode(ts.EmitHint.Unspecified, copy, file);
  }
  return printer.printNode(ts.EmitHint.Unspecified, decl, file);
}

/** The files an entry brings along: itself and every file of the project it imports (not node_modules). */
function reachable(entry: ts.SourceFile, checker: ts.TypeChecker, root: string): ts.SourceFile[] {
  const seen = new Map<string, ts.SourceFile>();
  const visitFile = (file: ts.SourceFile) => {
    if (
      seen.has(file.fileName) ||
      !file.fileName.startsWith(root) ||
      file.fileName.includes('/node_modules/')
    )
      return;
    seen.set(file.fileName, file);
    const visit = (node: ts.Node) => {
      let spec: ts.Node | undefined;
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier)
        spec = node.moduleSpecifier;
      else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) spec = node.argument.literal;
      const target = spec ? checker.getSymbolAtLocation(spec)?.declarations?.[0] : undefined;
      if (target && ts.isSourceFile(target)) visitFile(target);
      ts.forEachChild(node, visit);
    };
    visit(file);
  };
  visitFile(entry);
  return [...seen.values()].sort((a, b) => (a.fileName < b.fileName ? -1 : 1));
}

/** The global and module augmentations of `file` (`declare global {…}`, `declare module 'vue' {…}`). */
function augmentations(file: ts.SourceFile): string[] {
  return file.statements
    .filter((s): s is ts.ModuleDeclaration => ts.isModuleDeclaration(s))
    .map((s) => printer.printNode(ts.EmitHint.Unspecified, s, file));
}

/** The report text of each entry, by entry name. */
export function renderReports(entries: readonly Entry[], root = ROOT): Map<string, string> {
  const program = ts.createProgram(
    entries.map((e) => e.types),
    {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      jsx: ts.JsxEmit.ReactJSX,
    },
  );
  const checker = program.getTypeChecker();
  const out = new Map<string, string>();
  for (const entry of entries) {
    const file = program.getSourceFile(entry.types);
    if (!file) throw new Error(`api-report: ${entry.types} is missing: run \`npm run build\` first`);
    const lines = [
      `// API report of "${entry.specifier}" (${relative(root, entry.types)}).`,
      '// Generated by `npm run api:report` from the build; do not edit. See docs/versioning.md.',
      '',
    ];
    const moduleSymbol = checker.getSymbolAtLocation(file);
    const exports = moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : [];
    for (const symbol of [...exports].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      const decls = target.declarations ?? [];
      if (target.name !== symbol.name) lines.push(`/* exported as ${symbol.name} */`);
      for (const decl of decls) {
        const source = decl.getSourceFile();
        if (source.fileName.includes('/node_modules/')) {
          const from = relative(join(root, 'node_modules'), source.fileName);
          lines.push(`export { ${target.name} } /* from ${from} */;`);
          break;
        }
        lines.push(printDeclaration(decl, checker, source));
      }
      lines.push('');
    }
    const globals = reachable(file, checker, root).flatMap(augmentations);
    if (globals.length > 0) lines.push('// Global declarations', '', ...globals.map((g) => g + '\n'));
    out.set(entry.name, lines.join('\n').replace(/\n+$/, '\n'));
  }
  return out;
}

/** Entries whose report differs from the files in `dir`, and report files no entry has. */
export function differences(reports: Map<string, string>, dir = REPORT_DIR): string[] {
  const diff: string[] = [];
  for (const [name, text] of reports) {
    const file = join(dir, `${name}.d.ts`);
    if (!existsSync(file)) diff.push(`${name}: no report`);
    else if (readFileSync(file, 'utf8') !== text) {
      const old = readFileSync(file, 'utf8').split('\n');
      const now = text.split('\n');
      const at = now.findIndex((line, i) => line !== old[i]);
      diff.push(
        `${name}: line ${at + 1}: ${JSON.stringify(old[at] ?? '')} is now ${JSON.stringify(now[at] ?? '')}`,
      );
    }
  }
  if (existsSync(dir))
    for (const f of readdirSync(dir))
      if (f.endsWith('.d.ts') && !reports.has(f.slice(0, -5))) diff.push(`${f}: no such entry`);
  return diff;
}

/** Writes the reports (only files whose text changed) and removes reports of entries that are gone. */
export function writeReports(reports: Map<string, string>, dir = REPORT_DIR): string[] {
  mkdirSync(dir, { recursive: true });
  const written = [...reports].filter(([name, text]) => writeIfChanged(join(dir, `${name}.d.ts`), text));
  for (const f of readdirSync(dir))
    if (f.endsWith('.d.ts') && !reports.has(f.slice(0, -5))) rmSync(join(dir, f));
  return written.map(([name]) => name);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const reports = renderReports(packageEntries());
  if (process.argv.includes('--check')) {
    const diff = differences(reports);
    if (diff.length > 0) {
      console.error(`api-report: the public surface differs from api-report/:\n  ${diff.join('\n  ')}`);
      console.error('api-report: if the change is meant, run `npm run api:report` and commit api-report/.');
      process.exit(1);
    }
    console.log(`api-report: ${reports.size} entries match api-report/`);
  } else {
    const written = writeReports(reports);
    console.log(`api-report: ${reports.size} entries, ${written.length} written (${written.join(', ')})`);
  }
}
