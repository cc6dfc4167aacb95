/**
 * The partner's own texts: overrides of shipped messages per locale (the `texts` property of both
 * elements, or a `<script type="application/json" data-verify-texts>` block named by `texts-id`), and
 * the messages of locales a partner brings (`registerLocale`). Both are checked against the message
 * catalogue (generated/catalogue.ts, a chunk loaded only when a page uses them): an unknown id, a
 * value that is not a string, or an override that drops a placeholder of the English text is refused
 * with one console warning, and the shipped text stays. Texts are only ever text: Lit renders the
 * result of `msg()` as a text node.
 *
 * A chunk of its own (index.ts loads it when a page sets `texts` or `texts-id`, or registers a locale).
 */
import type { LocaleModule } from '@lit/localize';
import type { MessageId } from './generated/catalogue.ts';
import { isSupportedLocale, matchLocale, refreshTexts, registerLocale } from './index.ts';
import { compileAll, compileConsent } from './texts-check.ts';

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
export type Consent = { paragraphs: string[]; links: { text: string; href: string }[] };

export type Template = LocaleModule['templates'][string];
export type Table = Map<string, Template>;

const warn = (text: string) => console.warn(`verify-elements: ${text}`);

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
    byLocale.set(code(key), compileAll(messages, `texts.${key}`));
    const c = compileConsent((messages as { consent?: unknown }).consent, `texts.${key}`);
    if (c) consent.set(code(key), c);
  }
  owners.set(owner, byLocale);
  consents.set(owner, consent);
}

/** Registers the messages of a locale the package does not ship (each missing one shows in English). */
export function bringLocale(code: string, messages: unknown): Promise<Table> {
  // Compiled after `brought` holds `p`, so that a later registration of the same code wins.
  const p = Promise.resolve().then(() => {
    const t = compileAll(messages, `registerLocale('${code}')`);
    if (brought.get(code) === p) broughtReady.set(code, t);
    return t;
  });
  brought.set(code, p);
  return p;
}

/** The messages of a locale the partner brought, once compiled (index.ts knows which codes were brought). */
export const broughtMessages = (code: string): Promise<Table> | undefined => brought.get(code);

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

/** The locale code of a `texts` key (`de-AT` is `de`; a registered code is itself). */
const codeOf = (key: string): string => matchLocale(key) ?? key.trim().toLowerCase();

/** index.ts's `useTexts`, once this chunk is here. */
export async function useTexts(owner: object, texts: unknown, textsId?: string | null): Promise<void> {
  let value = texts;
  if ((value === null || value === undefined) && textsId) value = readTextsBlock(textsId);
  if (value && typeof value === 'object')
    for (const key of Object.keys(value)) if (!isSupportedLocale(codeOf(key))) void registerLocale(key, {});
  await setOwnerTexts(owner, value, codeOf);
  await refreshTexts();
}

/** The JSON of a `<script type="application/json" data-verify-texts id=…>` block (never run). */
function readTextsBlock(id: string): unknown {
  const el = document.getElementById(id);
  if (
    !(el instanceof HTMLScriptElement) ||
    el.type !== 'application/json' ||
    !el.hasAttribute('data-verify-texts')
  ) {
    warn(`texts-id "${id}" names no <script type="application/json" data-verify-texts>.`);
    return null;
  }
  try {
    return JSON.parse(el.textContent ?? '') as unknown;
  } catch {
    warn(`the texts block "${id}" is not valid JSON; ignored.`);
    return null;
  }
}
