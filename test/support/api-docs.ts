/**
 * The API reference of docs/api.md, generated from the custom-elements manifest (`dist/custom-elements.json`,
 * made by `npm run build`). `npm run docs` (`node --import tsx test/support/api-docs.ts --write` after the
 * build) updates docs/api.md between the `api:start` / `api:end` markers; `test/node/readme.test.ts` fails
 * when they differ.
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

export const API_DOC = join(ROOT, 'docs/api.md');

/** The current generated section of docs/api.md (between the markers), or null when they are missing. */
export function docsApi(doc = readFileSync(API_DOC, 'utf8')): string | null {
  const a = doc.indexOf(START);
  const b = doc.indexOf(END);
  return a < 0 || b < a ? null : doc.slice(a, b + END.length);
}

if (process.argv.includes('--write')) {
  const doc = readFileSync(API_DOC, 'utf8');
  const current = docsApi(doc);
  if (current === null) throw new Error('docs/api.md has no api:start / api:end markers');
  writeFileSync(API_DOC, doc.replace(current, renderApi()));
  console.log('docs/api.md updated from dist/custom-elements.json');
}
