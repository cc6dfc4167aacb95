/**
 * The README's API reference, generated from the custom-elements manifest (`dist/custom-elements.json`,
 * made by `npm run build`). `node --import tsx test/support/readme-api.ts --write` updates README.md
 * between the `api:start` / `api:end` markers; `test/node/readme.test.ts` fails when they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
export const START = '<!-- api:start (generated from dist/custom-elements.json; npm run docs) -->';
export const END = '<!-- api:end -->';

interface Named {
  name: string;
  description?: string;
  default?: string;
  type?: { text: string };
  fieldName?: string;
  kind?: string;
  privacy?: string;
  static?: boolean;
  inheritedFrom?: unknown;
  parameters?: Named[];
}
interface Decl {
  tagName?: string;
  customElement?: boolean;
  description?: string;
  attributes?: Named[];
  members?: Named[];
  events?: Named[];
  cssParts?: Named[];
  cssProperties?: Named[];
}

const cell = (s: string | undefined) => (s ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const LIFECYCLE = new Set([
  'render',
  'connectedCallback',
  'disconnectedCallback',
  'updated',
  'willUpdate',
  'firstUpdated',
]);

export function renderApi(manifestPath = join(ROOT, 'dist/custom-elements.json')): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { modules: { declarations?: Decl[] }[] };
  const decls = manifest.modules
    .flatMap((m) => m.declarations ?? [])
    .filter((d) => d.customElement && d.tagName)
    .sort((a, b) => (a.tagName! < b.tagName! ? 1 : -1)); // kyb-form first
  const out: string[] = [START, ''];
  for (const d of decls) {
    out.push(`### \`<${d.tagName}>\``, '', cell(d.description), '');
    out.push(
      '**Attributes**',
      '',
      '| attribute | property | type | default | description |',
      '|---|---|---|---|---|',
    );
    for (const a of d.attributes ?? [])
      out.push(
        `| \`${a.name}\` | \`${a.fieldName ?? ''}\` | \`${cell(a.type?.text)}\` | ${a.default ? `\`${cell(a.default)}\`` : ''} | ${cell(a.description)} |`,
      );
    const attrFields = new Set((d.attributes ?? []).map((a) => a.fieldName));
    const props = (d.members ?? []).filter(
      (m) =>
        m.kind === 'field' &&
        !m.static &&
        !m.inheritedFrom &&
        (m.privacy ?? 'public') === 'public' &&
        !m.name.startsWith('_') &&
        !attrFields.has(m.name),
    );
    const methods = (d.members ?? []).filter(
      (m) =>
        m.kind === 'method' &&
        !m.static &&
        !m.inheritedFrom &&
        (m.privacy ?? 'public') === 'public' &&
        !m.name.startsWith('_') &&
        !LIFECYCLE.has(m.name),
    );
    if (props.length || methods.length) {
      out.push(
        '',
        '**Properties and methods (no attribute)**',
        '',
        '| name | type | description |',
        '|---|---|---|',
      );
      for (const p of props)
        out.push(`| \`${p.name}\` | \`${cell(p.type?.text)}\` | ${cell(p.description)} |`);
      for (const m of methods)
        out.push(
          `| \`${m.name}(${(m.parameters ?? []).map((p) => p.name).join(', ')})\` | method | ${cell(m.description)} |`,
        );
    }
    out.push('', '**Events** (bubbling, composed `CustomEvent`s)', '', '| event | detail |', '|---|---|');
    for (const e of d.events ?? []) out.push(`| \`${e.name}\` | ${cell(e.description)} |`);
    out.push('', '**CSS parts**', '', '| part | description |', '|---|---|');
    for (const p of d.cssParts ?? []) out.push(`| \`${p.name}\` | ${cell(p.description)} |`);
    out.push('', '**CSS custom properties**', '', '| property | default | description |', '|---|---|---|');
    for (const p of d.cssProperties ?? [])
      out.push(`| \`${p.name}\` | ${p.default ? `\`${cell(p.default)}\`` : ''} | ${cell(p.description)} |`);
    out.push('');
  }
  out.push(END);
  return out.join('\n');
}

/** The README's current API section (between the markers), or null when the markers are missing. */
export function readmeApi(readme = readFileSync(join(ROOT, 'README.md'), 'utf8')): string | null {
  const a = readme.indexOf(START);
  const b = readme.indexOf(END);
  return a < 0 || b < a ? null : readme.slice(a, b + END.length);
}

if (process.argv.includes('--write')) {
  const path = join(ROOT, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const current = readmeApi(readme);
  if (current === null) throw new Error('README.md has no api:start / api:end markers');
  writeFileSync(path, readme.replace(current, renderApi()));
  console.log('README.md API section updated from dist/custom-elements.json');
}
