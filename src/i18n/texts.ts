/**
 * The partner's own texts: overrides of shipped messages per locale (the `texts` property of both
 * elements, or a `<script type="application/json" data-verify-texts>` block named by `texts-id`), and
 * the messages of locales a partner brings (`registerLocale`). Both are checked against the message
 * catalogue (generated/catalogue.ts, a chunk loaded only when a page uses them): an unknown id, a
 * value that is not a string, or an override that drops a placeholder of the English text is refused
 * with one console warning, and the shipped text stays. Texts are only ever text: Lit renders the
 * result of `msg()` as a text node.
 */
import type { LocaleModule } from '@lit/localize';
import type { MessageId } from './generated/catalogue.ts';

export type { MessageId };
/** The partner's wording of some messages, by message id (docs/texts.md lists them). */
export type Messages = Partial<Readonly<Record<MessageId, string>>>;
/**
 * The partner's own paragraphs and links on `<age-check>`'s consent screen (text only; links `https:`
 * only, opened in a new tab).
 */
export interface ConsentTexts {
  readonly paragraphs?: readonly string[];
  readonly links?: readonly { readonly text: string; readonly href: string }[];
}
/**
 * Overrides by locale code (`en`, `de`, `zh-Hant`, or a locale the partner brings), then message id;
 * `consent` adds the partner's paragraphs and links to `<age-check>`'s consent screen in that locale.
 */
export type Texts = Readonly<Record<string, (Messages & { readonly consent?: ConsentTexts }) | undefined>>;
type Consent = { paragraphs: string[]; links: { text: string; href: string }[] };

type Template = LocaleModule['templates'][string];
type Table = Map<string, Template>;
type Catalogue = Readonly<Record<string, 0 | readonly string[]>>;

let catalogue: Promise<Catalogue> | undefined;
const loadCatalogue = () => (catalogue ??= import('./generated/catalogue.ts').then((m) => m.catalogue));

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
async function compileAll(messages: unknown, where: string): Promise<Table> {
  const table: Table = new Map();
  if (!messages || typeof messages !== 'object') {
    warn(`${where}: not an object of message id → text; ignored.`);
    return table;
  }
  const cat = await loadCatalogue();
  for (const [id, text] of Object.entries(messages)) {
    if (id === 'consent') continue;
    const t = compileText(id, text, Object.hasOwn(cat, id) ? cat[id] : undefined, where);
    if (t !== null) table.set(id, t);
  }
  return table;
}

/** The consent paragraphs and links of one locale: strings only, links https only (others refused). */
function compileConsent(value: unknown, where: string): Consent | null {
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

/** The overrides of each element that set some: owner → locale → table (and consent texts). */
const owners = new Map<object, Map<string, Table>>();
const consents = new Map<object, Map<string, Consent>>();
/** The messages of the locales a partner brought. */
const brought = new Map<string, Promise<Table>>();
const broughtReady = new Map<string, Table>();

/** Sets (or with null clears) one owner's overrides; `code` maps a locale key to its locale code. */
export async function setOwnerTexts(
  owner: object,
  texts: unknown,
  code: (key: string) => string,
): Promise<void> {
  owners.delete(owner);
  consents.delete(owner);
  if (texts === null || texts === undefined) return;
  if (typeof texts !== 'object') {
    warn('texts: not an object of locale → messages; ignored.');
    return;
  }
  const byLocale = new Map<string, Table>();
  const consent = new Map<string, Consent>();
  for (const [key, messages] of Object.entries(texts)) {
    if (messages === undefined) continue;
    byLocale.set(code(key), await compileAll(messages, `texts.${key}`));
    const c = compileConsent((messages as { consent?: unknown }).consent, `texts.${key}`);
    if (c) consent.set(code(key), c);
  }
  owners.set(owner, byLocale);
  consents.set(owner, consent);
}

/** Registers the messages of a locale the package does not ship (each missing one shows in English). */
export function bringLocale(code: string, messages: unknown): Promise<Table> {
  const p = compileAll(messages, `registerLocale('${code}')`).then((t) => {
    if (brought.get(code) === p) broughtReady.set(code, t);
    return t;
  });
  brought.set(code, p);
  return p;
}

/** Whether a locale was brought by the partner, and its messages once compiled. */
export const isBrought = (code: string): boolean => brought.has(code);
export const broughtMessages = (code: string): Promise<Table> | undefined => brought.get(code);
export const broughtCodes = (): string[] => [...brought.keys()];

/** Whether any owner overrides a text of `locale` (English then needs the runtime). */
export const hasOverrides = (locale: string): boolean =>
  [...owners.values()].some((byLocale) => (byLocale.get(locale)?.size ?? 0) > 0);

/** The text to show for message `id` in `locale` from the partner: an override (the last set wins), else a brought locale's message. */
export function partnerText(locale: string, id: string): Template | undefined {
  let found: Template | undefined;
  for (const byLocale of owners.values()) found = byLocale.get(locale)?.get(id) ?? found;
  return found ?? broughtReady.get(locale)?.get(id);
}

/** The partner's consent paragraphs and links for `locale` (else English's; the last set wins), or null. */
export function consentTexts(locale: string): Readonly<Consent> | null {
  let found: Consent | null = null;
  for (const byLocale of consents.values()) found = byLocale.get(locale) ?? byLocale.get('en') ?? found;
  return found;
}
