/**
 * Build check for right-to-left layouts: every style rule in src/ is written in logical properties
 * (`margin-inline-start`, `inset-inline-end`, `text-align: start`, …), so `dir="rtl"` mirrors the layout.
 * A physical left/right property, a left/right keyword, or a four-value shorthand whose left and right
 * sides differ fails this test with the file, line and declaration.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');

/** The style text of a source file with the line each part starts on: css`` templates, .css, <style>. */
export function styleBlocks(file: string, text: string): { css: string; line: number }[] {
  const lineAt = (index: number) => text.slice(0, index).split('\n').length;
  const blocks: { css: string; line: number }[] = [];
  if (file.endsWith('.css')) return [{ css: text, line: 1 }];
  const re = file.endsWith('.html') ? /<style[^>]*>([\s\S]*?)<\/style>/g : /\bcss`((?:[^`\\]|\\[\s\S])*)`/g;
  for (const m of text.matchAll(re))
    blocks.push({ css: m[1] ?? '', line: lineAt(m.index + m[0].indexOf(m[1] ?? '')) });
  return blocks;
}

/** Splits a CSS value on top-level whitespace (`calc(a * b) 0` is two parts). */
function parts(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of value.trim()) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (/\s/.test(ch) && depth === 0) {
      if (cur) out.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}

/** Shorthands whose four-value form is top, right, bottom, left. */
const BOX = /^(margin|padding|inset|scroll-margin|scroll-padding|border-width|border-style|border-color)$/;

/** Why a declaration is physical left/right, or null when it is direction-neutral. */
export function physical(property: string, value: string): string | null {
  const p = property.trim().toLowerCase();
  const v = value.replace(/!important/i, '').trim();
  if (/(^|-)(left|right)(-|$)/.test(p)) return `physical property ${p}`;
  if (/(^|[\s,(])(left|right)($|[\s,)])/i.test(v) && !p.startsWith('--')) return `physical keyword in ${p}`;
  const ps = parts(v.replace(/\$\{[^}]*\}/g, 'x'));
  if (BOX.test(p) && ps.length === 4 && ps[1] !== ps[3]) return `${p} with different right and left`;
  if (p === 'border-radius' && !v.includes('/') && ps.length > 1 && new Set(ps).size > 1)
    return 'border-radius with different left and right corners';
  return null;
}

/** Every physical declaration of a style text, with its line. */
export function findPhysical(css: string, firstLine = 1): { line: number; decl: string; why: string }[] {
  const noComments = css.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '));
  const found: { line: number; decl: string; why: string }[] = [];
  for (const m of noComments.matchAll(/([-a-zA-Z]+)\s*:\s*([^;{}]+)(?=;|\})/g)) {
    // A selector such as `a:hover` is not a declaration: it is followed by `{`, not `;` or `}`.
    const why = physical(m[1]!, m[2]!);
    if (why)
      found.push({
        line: firstLine + noComments.slice(0, m.index).split('\n').length - 1,
        decl: m[0].replace(/\s+/g, ' '),
        why,
      });
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.(ts|css|html)$/.test(d.name))
    .map((d) => join(d.parentPath, d.name))
    .filter((f) => !f.includes(`${join('i18n', 'generated')}`));
}

test('the check finds physical left/right rules (so that it can fail)', () => {
  const bad = [
    'margin-left: 1em',
    'padding-right: 0',
    'left: 0',
    'right: 50%',
    'text-align: left',
    'float: right',
    'border-left: 1px solid',
    'border-top-right-radius: 2px',
    'padding: 0 1em 0 2em',
    'margin: 1px calc(2px * 3) 0 0',
    'border-radius: 0 4px 4px 0',
    'background-position: right 0.5em center',
    'inset: 0 auto 0 0',
  ];
  for (const decl of bad) assert.equal(findPhysical(`.a { ${decl}; }`).length, 1, decl);
  const good = [
    'margin-inline-start: 1em',
    'inset-inline-end: 0',
    'text-align: start',
    'padding: 0 1em',
    'margin: 0 0 calc(var(--space) * 1.25)',
    'padding: 1px 2px 3px 2px',
    'border-radius: 50%',
    'border-inline-start: 3px solid red',
    'transform: scaleX(-1)',
    'scroll-margin-top: 1em',
  ];
  for (const decl of good) assert.deepEqual(findPhysical(`.a { ${decl}; }`), [], decl);
  // Comments and selectors are not declarations.
  assert.deepEqual(findPhysical('/* margin-left: 1em; */ a:hover { color: red; }'), []);
  assert.equal(findPhysical('.a {\n  color: red;\n  left: 0;\n}', 10)[0]?.line, 12);
});

test('no style rule in src/ uses a physical left/right property (RTL build check)', () => {
  const files = sourceFiles(SRC);
  let blocks = 0;
  const problems: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const { css, line } of styleBlocks(file, text)) {
      blocks++;
      for (const f of findPhysical(css, line))
        problems.push(`${relative(ROOT, file)}:${f.line}: ${f.decl} (${f.why}; use a logical property)`);
    }
  }
  assert.ok(blocks >= 10, `found only ${blocks} style blocks in src/: the extraction is broken`);
  assert.deepEqual(problems, []);
});
