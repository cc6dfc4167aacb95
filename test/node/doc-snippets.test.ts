/**
 * Every code block of README.md and docs/*.md is correct as written: TS, TSX and JS blocks type-check
 * against the package's own types (each subpath of package.json's `exports` mapped to its source) with
 * the options of Vite's vanilla-ts template (`strict`, `verbatimModuleSyntax`, `noUnusedLocals`, ...);
 * Node code (it imports `node:*`, `vite`, `verify-elements/server` or the sandbox) with Node's types and
 * no DOM. A block marked `partial` in its info string is skipped, and so is one for the Vue app
 * (`app=vue`: compiled by `npm run test:quickstart`). HTML blocks: their script tags are well-formed,
 * load a file (no inline code under `script-src 'self'`), and pin integrity with `crossorigin`; the
 * elements' tags are closed. Every block names its language. Relative links reach a file and a heading.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import ts from 'typescript';
import { allBlocks, docFiles, ROOT, where, type CodeBlock } from '../support/doc-blocks.ts';

const blocks = allBlocks();
const CHECKED = new Set(['ts', 'tsx', 'js', 'mjs', 'mts', 'jsx']);
const NODE_IMPORT = /from\s+'(node:[^']+|vite|@vitejs\/[^']+|verify-elements\/(server|sandbox[^']*))'/;

/** `verify-elements/<subpath>` -> its source file, from package.json's `exports` (types under dist/types/). */
function packagePaths(): Record<string, string[]> {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  const paths: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(pkg.exports)) {
    const types = typeof value === 'object' ? value.types : undefined;
    const m = types && /^\.\/dist\/types\/(.+)\.d\.ts$/.exec(types);
    if (m) paths[pkg.name + key.slice(1)] = [join(ROOT, 'src', `${m[1]}.ts`)];
  }
  return paths;
}

const BASE: ts.CompilerOptions = {
  // Vite's vanilla-ts template (create-vite), with `strict` and `noUncheckedSideEffectImports` as its
  // react-ts template sets them
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  allowArbitraryExtensions: true,
  verbatimModuleSyntax: true,
  moduleDetection: ts.ModuleDetectionKind.Force,
  noEmit: true,
  skipLibCheck: true,
  strict: true,
  noUnusedLocals: true,
  noUnusedParameters: true,
  erasableSyntaxOnly: true,
  noFallthroughCasesInSwitch: true,
  noUncheckedSideEffectImports: true,
  allowJs: true,
  checkJs: true,
  jsx: ts.JsxEmit.ReactJSX,
  paths: packagePaths(),
};
const BROWSER: ts.CompilerOptions = {
  ...BASE,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: ['vite/client'],
};
const NODE: ts.CompilerOptions = { ...BASE, lib: ['lib.es2023.d.ts'], types: ['node'] };

const EXT: Record<string, string> = { ts: 'ts', tsx: 'tsx', js: 'js', mjs: 'mjs', mts: 'mts', jsx: 'jsx' };

/** Type-checks the blocks in one program; the problems reported in the blocks' own files, by block. */
function check(group: CodeBlock[], options: ts.CompilerOptions, dir: string): string[] {
  const files = new Map<string, CodeBlock>();
  group.forEach((b, i) => {
    const name = join(dir, `${b.doc.replace(/[/.]/g, '_')}_${b.line}_${i}.${EXT[b.lang]}`);
    writeFileSync(name, b.code);
    files.set(name, b);
  });
  const program = ts.createProgram({ rootNames: [...files.keys()], options });
  const problems: string[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const block = d.file && files.get(d.file.fileName);
    if (!d.file) {
      problems.push(`(options) ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      continue;
    }
    if (!block) continue; // the package's own sources, compiled here with the template's options
    const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
    problems.push(
      `${block.doc}:${block.line + 1 + line}: TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  }
  return problems;
}

test('every code block of the README and docs/ names its language', () => {
  const bare = blocks.filter((b) => b.lang === '').map(where);
  assert.deepEqual(bare, [], 'use ```text (or the real language) for these');
  assert.ok(blocks.length > 20, `found ${blocks.length} blocks`);
});

test('every TS, TSX and JS block of the README and docs/ type-checks against the package', () => {
  const checked = blocks.filter((b) => CHECKED.has(b.lang));
  const skipped = checked.filter((b) => b.flags.includes('partial') || b.attrs.app === 'vue');
  const run = checked.filter((b) => !skipped.includes(b));
  const node = run.filter((b) => NODE_IMPORT.test(b.code));
  const browser = run.filter((b) => !node.includes(b));
  assert.ok(browser.length >= 3 && node.length >= 2, `${browser.length} browser, ${node.length} Node blocks`);
  // Inside the repository, so that `vite`, `react` and the rest resolve from its node_modules.
  const dir = join(ROOT, 'node_modules/.cache/doc-snippets');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'browser'), { recursive: true });
  mkdirSync(join(dir, 'node'), { recursive: true });
  try {
    const problems = [
      ...check(browser, BROWSER, join(dir, 'browser')),
      ...check(node, NODE, join(dir, 'node')),
    ];
    assert.deepEqual(problems, []);
    console.log(
      `checked ${browser.length} browser and ${node.length} Node blocks; skipped ${skipped.map(where).join(', ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** The problems of an HTML block's script tags and element tags. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const text = html.replace(/<!--[\s\S]*?-->/g, '');
  const ATTR = /\s+([a-z][a-z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'))?/gy;
  for (const m of text.matchAll(/<script\b/gi)) {
    const start = m.index + m[0].length;
    const attrs = new Map<string, string>();
    ATTR.lastIndex = start;
    let end = start;
    for (let a = ATTR.exec(text); a; a = ATTR.exec(text)) {
      if (attrs.has(a[1]!)) problems.push(`<script> repeats ${a[1]}`);
      attrs.set(a[1]!, a[2] ?? a[3] ?? '');
      end = ATTR.lastIndex;
    }
    const rest = text.slice(end);
    const close = /^\s*>([\s\S]*?)<\/script\s*>/.exec(rest);
    const tag = text.slice(m.index, end + 1).replace(/\s+/g, ' ');
    if (!close) {
      problems.push(`${tag}: not a well-formed tag followed by </script>`);
      continue;
    }
    if (close[1]!.trim() !== '') problems.push(`${tag}: inline code (blocked by script-src 'self')`);
    const src = attrs.get('src');
    if (!src) problems.push(`${tag}: no src`);
    else if (!URL.canParse(src, 'https://partner.example/')) problems.push(`${tag}: src is not a URL`);
    const type = attrs.get('type');
    if (type !== undefined && type !== 'module') problems.push(`${tag}: type="${type}"`);
    const integrity = attrs.get('integrity');
    if (integrity !== undefined) {
      if (!/^sha(256|384|512)-\S+$/.test(integrity)) problems.push(`${tag}: integrity is not sha256/384/512`);
      if (!attrs.has('crossorigin')) problems.push(`${tag}: integrity without crossorigin`);
    }
  }
  for (const tag of ['kyb-form', 'age-check']) {
    const opened = text.match(new RegExp(`<${tag}\\b[^>]*>`, 'g')) ?? [];
    const closed = text.match(new RegExp(`</${tag}>`, 'g')) ?? [];
    if (opened.some((o) => o.endsWith('/>'))) problems.push(`<${tag} />: custom elements cannot self-close`);
    if (opened.length !== closed.length)
      problems.push(`<${tag}>: ${opened.length} opened, ${closed.length} closed`);
  }
  return problems;
}

test('the script tags of the HTML blocks are well-formed', () => {
  const html = blocks.filter((b) => b.lang === 'html' && !b.flags.includes('partial'));
  assert.ok(html.length >= 2, `${html.length} HTML blocks`);
  const problems = html.flatMap((b) => htmlProblems(b.code).map((p) => `${where(b)}: ${p}`));
  assert.deepEqual(problems, []);
  assert.ok(
    html.some((b) => /<script\b/.test(b.code)),
    'at least one HTML block loads a script',
  );
});

test('the HTML check can fail', () => {
  assert.deepEqual(htmlProblems('<script type="module" src="/a.js"></script><kyb-form></kyb-form>'), []);
  assert.equal(htmlProblems('<script type="module" src="/a.js">').length, 1);
  assert.equal(htmlProblems('<script type="module" src="/a.js>x</script>').length, 1);
  assert.equal(htmlProblems('<script>alert(1)</script>').length, 2);
  assert.equal(htmlProblems('<script src="/a.js" integrity="sha384-x"></script>').length, 1);
  assert.equal(htmlProblems('<kyb-form token="x" />').length, 2);
});

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** The anchors of a markdown file (its headings outside code blocks). */
function anchors(text: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^ *(`{3,}|~{3,})/.test(line)) fenced = !fenced;
    const h = !fenced && /^#{1,6} (.+)$/.exec(line);
    if (h) out.add(slug(h[1]!));
  }
  return out;
}

test('the relative links of the README and docs/ reach a file, and their #anchors a heading', () => {
  const problems: string[] = [];
  let count = 0;
  for (const doc of docFiles()) {
    const text = readFileSync(join(ROOT, doc), 'utf8');
    // links outside code blocks and code spans
    const prose = text.replace(/^ *```[\s\S]*?^ *```/gm, '').replace(/`[^`\n]*`/g, '');
    for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
      const href = m[1]!;
      if (/^[a-z]+:/i.test(href)) continue;
      count += 1;
      const [path = '', anchor] = href.split('#');
      const target = path ? posix.normalize(posix.join(posix.dirname(doc), path)) : doc;
      if (!existsSync(join(ROOT, target))) problems.push(`${doc}: ${href}: no ${target}`);
      else if (anchor && !anchors(readFileSync(join(ROOT, target), 'utf8')).has(anchor))
        problems.push(`${doc}: ${href}: no heading #${anchor} in ${target}`);
    }
  }
  assert.deepEqual(problems, []);
  assert.ok(count > 20, `${count} relative links`);
});
