/**
 * The fenced code blocks of README.md and docs/*.md, as `test/node/doc-snippets.test.ts` (type-checks
 * them) and `test/support/quickstart.ts` (compiles the quick start in fresh Vite apps) read them.
 *
 * A block's info string is its language, then words: `partial` marks a block that is deliberately
 * incomplete (skipped), `file=PATH` names the file the quick-start test writes it to, `app=NAME` limits it
 * to one of the quick-start apps (`vanilla`, `react`, `vue`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

export interface CodeBlock {
  /** The markdown file, relative to the repository root. */
  doc: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  /** The words of the info string after the language that are not `key=value`. */
  flags: string[];
  /** The `key=value` words of the info string. */
  attrs: Record<string, string>;
  code: string;
}

/** README.md and every docs/*.md, relative to the root. */
export function docFiles(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

/** The fenced blocks of one markdown text (indented fences too: the indentation is removed). */
export function parseBlocks(doc: string, text: string): CodeBlock[] {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length; j++) {
      const close = new RegExp(`^ {0,${indent.length + 3}}${fence[0]}{${fence.length},}\\s*$`);
      if (close.test(lines[j]!)) break;
      const l = lines[j]!;
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart());
    }
    const [lang = '', ...words] = info.trim().split(/\s+/).filter(Boolean);
    const attrs: Record<string, string> = {};
    const flags: string[] = [];
    for (const w of words) {
      const eq = w.indexOf('=');
      if (eq > 0) attrs[w.slice(0, eq)] = w.slice(eq + 1);
      else flags.push(w);
    }
    blocks.push({ doc, line: i + 1, lang, flags, attrs, code: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/** Every block of the README and docs/. */
export function allBlocks(): CodeBlock[] {
  return docFiles().flatMap((doc) => parseBlocks(doc, readFileSync(join(ROOT, doc), 'utf8')));
}

export const where = (b: CodeBlock) => `${b.doc}:${b.line} (${[b.lang, ...b.flags].join(' ')})`;
