/**
 * The checks of the partner's texts (see texts.ts), in one chunk with texts.ts and the message catalogue:
 * loaded only when a page sets `texts` or registers a locale.
 */
import { catalogue } from './generated/catalogue.ts';
import type { Consent, Table, Template } from './texts.ts';

const warn = (text: string) => console.warn(`verify-elements: ${text}`);

/**
 * One text compiled for @lit/localize's runtime: a string, or for a message with placeholders the
 * `str` form (`{name}` in the text is the message's value of that name). Null, with a warning, when
 * refused.
 */
export function compileText(
  id: string,
  text: unknown,
  names: 0 | readonly string[] | undefined,
  where: string,
): Template | null {
  if (names === undefined) {
    warn(`${where}: unknown message id "${id}" (docs/texts.md lists them); ignored.`);
    return null;
  }
  if (typeof text !== 'string') {
    warn(`${where}: the text of "${id}" is not a string; ignored.`);
    return null;
  }
  if (names === 0) return text;
  const strings: string[] = [];
  const values: number[] = [];
  let last = 0;
  for (const m of text.matchAll(/\{([^{}\s]+)\}/g)) {
    const i = names.indexOf(m[1]!);
    if (i < 0) continue; // Braces that name no placeholder stay text.
    strings.push(text.slice(last, m.index));
    values.push(i);
    last = m.index + m[0].length;
  }
  strings.push(text.slice(last));
  const missing = [...new Set(names)].filter((n) => !values.some((v) => names[v] === n));
  if (missing.length > 0) {
    warn(
      `${where}: the text of "${id}" drops ${missing.map((n) => `{${n}}`).join(', ')}; refused, the shipped text stays.`,
    );
    return null;
  }
  return { strTag: true, strings, values } as unknown as Template;
}

/** Compiles the messages of one locale; refused entries are left out. */
export function compileAll(messages: unknown, where: string): Table {
  const table: Table = new Map();
  if (!messages || typeof messages !== 'object') {
    warn(`${where}: not an object of message id → text; ignored.`);
    return table;
  }
  const cat = catalogue;
  for (const [id, text] of Object.entries(messages)) {
    if (id === 'consent') continue;
    const t = compileText(
      id,
      text,
      Object.prototype.hasOwnProperty.call(cat, id) ? cat[id] : undefined,
      where,
    );
    if (t !== null) table.set(id, t);
  }
  return table;
}

/** The consent paragraphs and links of one locale: strings only, links https only (others refused). */
export function compileConsent(value: unknown, where: string): Consent | null {
  if (value === undefined) return null;
  const out: Consent = { paragraphs: [], links: [] };
  const v = (value && typeof value === 'object' ? value : {}) as { paragraphs?: unknown; links?: unknown };
  for (const p of Array.isArray(v.paragraphs) ? v.paragraphs : []) {
    if (typeof p === 'string' && p.trim()) out.paragraphs.push(p);
    else warn(`${where}.consent: a paragraph that is not text; ignored.`);
  }
  for (const l of Array.isArray(v.links) ? v.links : []) {
    const link = (l ?? {}) as { text?: unknown; href?: unknown };
    let url: URL | null = null;
    try {
      url = typeof link.href === 'string' ? new URL(link.href) : null;
    } catch {
      url = null;
    }
    if (typeof link.text === 'string' && link.text.trim() && url?.protocol === 'https:')
      out.links.push({ text: link.text, href: url.href });
    else warn(`${where}.consent: a link needs a text and an https: href; ignored.`);
  }
  return out;
}
