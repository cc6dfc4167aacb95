/**
 * Localization shared by both elements: @lit/localize in runtime mode, one active locale per page.
 * Translations load on demand, per locale and per message group (see build-locales.ts): a page loads
 * only the groups of the elements and steps it uses; English, the source locale, loads nothing.
 *
 * Precedence (see `resolveLocale`): the element's `locale` attribute, else the service's locale
 * (`info.locale` for `<kyb-form>`), else the browser's preferred languages, else English.
 */
import { configureLocalization, LOCALE_STATUS_EVENT, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './generated/locale-codes.ts';
import { KEY_LENGTH } from './generated/key-length.ts';
import { messages as commonMessages } from './generated/common/index.ts';
import { registerDir } from './dir.ts';
import type { Consent, Messages } from './texts.ts';

/** A shipped locale. */
export type ShippedLocale = typeof sourceLocale | (typeof targetLocales)[number];
/** A shipped locale, or the code of one a partner registered (`registerLocale`). */
export type SupportedLocale = ShippedLocale | (string & Record<never, never>);
export const SUPPORTED_LOCALES: readonly ShippedLocale[] = [sourceLocale, ...targetLocales];
type TargetLocale = (typeof targetLocales)[number];
const isTarget = (l: string): l is TargetLocale => (targetLocales as readonly string[]).includes(l);
export type { Texts, Messages, MessageId, ConsentTexts } from './texts.ts';

/** One locale chunk: translated templates keyed by the first `KEY_LENGTH` characters of their id. */
export type MessageChunk = { t: LocaleModule['templates'] };
/** A message group (see build-locales.ts): for each target locale, the import of its chunk. */
export type MessageLoaders = Record<TargetLocale, () => Promise<MessageChunk>>;

/**
 * The partner's texts (overrides, registered locales: texts.ts) are a chunk loaded only when a page uses
 * them (`texts`, `texts-id` or `registerLocale`); until then no message has an override and no locale
 * was brought.
 */
type Partner = typeof import('./texts.ts');
let partner: Partner | undefined;
let partnerLoad: Promise<Partner> | undefined;
function loadPartner(): Promise<Partner> {
  partnerLoad ??= import('./texts.ts').then(
    (m) => (partner = m),
    (err: unknown) => {
      partnerLoad = undefined;
      throw err;
    },
  );
  return partnerLoad;
}
/** Codes passed to `registerLocale`, known at once (their messages arrive with the partner chunk). */
const registered = new Set<string>();
const isBrought = (code: string): boolean => registered.has(code);

/**
 * The translations of each locale, merged from the groups loaded so far. @lit/localize looks templates
 * up by full hash id; the proxy maps that to the short key the chunks use.
 */
type Store = {
  table: LocaleModule['templates'];
  loaded: Set<MessageLoaders>;
  view: LocaleModule['templates'];
};
const stores = new Map<string, Store>();
/** Groups in use on the page (common, plus each element's own, registered when it applies a locale). */
const groups = new Set<MessageLoaders>([commonMessages]);

function storeFor(locale: string): Store {
  let store = stores.get(locale);
  if (!store) {
    const table: LocaleModule['templates'] = Object.create(null) as LocaleModule['templates'];
    const view = new Proxy(table, {
      get: (target, id) =>
        typeof id === 'string'
          ? (partner?.partnerText(locale, id) ?? target[id.slice(1, 1 + KEY_LENGTH)])
          : undefined,
    });
    store = { table, loaded: new Set(), view };
    stores.set(locale, store);
  }
  return store;
}

/** Loads the chunks of every registered group not yet loaded for `locale`; true when any arrived. */
async function loadGroups(locale: TargetLocale): Promise<boolean> {
  const store = storeFor(locale);
  let arrived = false;
  for (;;) {
    // Groups registered while chunks were loading are picked up by the next round.
    const missing = [...groups].filter((g) => !store.loaded.has(g));
    if (missing.length === 0) return arrived;
    const chunks = await Promise.all(missing.map((g) => g[locale]()));
    missing.forEach((g, i) => {
      Object.assign(store.table, chunks[i]!.t);
      store.loaded.add(g);
    });
    arrived = true;
  }
}

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && ((SUPPORTED_LOCALES as readonly string[]).includes(value) || isBrought(value));

/**
 * The locale code a BCP 47 tag asks for: its language (`de-AT` is `de`), except Chinese by script
 * (`zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant-*` are `zh-Hant`, other `zh` tags `zh-Hans`) and Norwegian
 * (`no`, `nn` read `nb`). The same rule as loader-locale.ts's copy.
 */
export function languageOf(tag: string): string {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const base = parts[0] ?? '';
  if (base === 'zh') return parts.some((p) => ['hant', 'tw', 'hk', 'mo'].includes(p)) ? 'zh-Hant' : 'zh-Hans';
  if (base === 'no' || base === 'nn') return 'nb';
  return base;
}

/** Matches a BCP 47 tag (`de-AT`, `pt_BR`, `JA`, `zh-TW`) to a supported locale, or null. */
export function matchLocale(tag: string | null | undefined): SupportedLocale | null {
  if (!tag) return null;
  const exact = tag.trim().toLowerCase().replace('_', '-');
  if (isBrought(exact)) return exact;
  const code = languageOf(tag);
  return isSupportedLocale(code) ? code : null;
}

/** The locale to use: attribute > service locale > browser languages > English. */
export function resolveLocale(
  attribute: string | null | undefined,
  serviceLocale?: string | null,
  languages: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): SupportedLocale {
  return (
    matchLocale(attribute) ??
    matchLocale(serviceLocale) ??
    languages.map(matchLocale).find((l): l is SupportedLocale => l !== null) ??
    sourceLocale
  );
}

/*
 * @lit/localize's runtime takes its locale list once, but a partner may register a locale later. So it
 * is configured with two slots, and each switch loads the requested locale into the slot not in use:
 * its `getLocale()` is a slot, `slotLocale` says which locale the slot holds.
 */
const SLOTS = ['x-ve-a', 'x-ve-b'] as const;
type Slot = (typeof SLOTS)[number];
const slotLocale = new Map<string, SupportedLocale>();
let runtime: ReturnType<typeof configureLocalization> | undefined;
let lastSlot: Slot | undefined;
let lastRequested: SupportedLocale = sourceLocale;

function getRuntime() {
  runtime ??= configureLocalization({
    sourceLocale: 'x-ve-none',
    targetLocales: SLOTS,
    loadLocale: async (slot) => {
      const locale = slotLocale.get(slot) ?? sourceLocale;
      if (isTarget(locale)) await loadGroups(locale);
      else await (await loadPartner()).broughtMessages(locale);
      return { templates: storeFor(locale).view };
    },
  });
  return runtime;
}

/** The active locale of the page (English until a locale was set). */
export const activeLocale = (): SupportedLocale =>
  (runtime && slotLocale.get(runtime.getLocale())) || sourceLocale;

/** Loads `locale` into the free slot and makes it active. */
function switchTo(locale: SupportedLocale): Promise<void> {
  const slot: Slot = lastSlot === SLOTS[0] ? SLOTS[1] : SLOTS[0];
  lastSlot = slot;
  slotLocale.set(slot, locale);
  return getRuntime().setLocale(slot);
}

/**
 * Switches the page's locale (all localized elements re-render; their state is kept). `messages` is the
 * calling element's own message group, loaded with the common one. Concurrent calls settle on the last
 * one. Resolves when the locale is active.
 */
export async function applyLocale(locale: SupportedLocale, messages?: MessageLoaders): Promise<void> {
  const previous = lastRequested;
  lastRequested = locale;
  if (messages) groups.add(messages);
  // English without overrides needs no runtime (msg() shows the source text).
  if (!runtime && locale === sourceLocale && !partner?.hasOverrides(sourceLocale)) return;
  // Already active or on its way: a group registered since (by another element) may still need its chunk.
  if (runtime && previous === locale && slotLocale.get(lastSlot ?? '') === locale) return addMessages();
  await switchTo(locale);
}

/**
 * Registers message groups that arrive later (a lazily loaded step of `<kyb-form>`) and loads their
 * chunks for the active (or requested) locale; localized elements re-render when they arrived.
 */
export async function addMessages(...messages: MessageLoaders[]): Promise<void> {
  for (const m of messages) groups.add(m);
  if (!runtime) return;
  for (const locale of new Set([activeLocale(), lastRequested])) {
    if (!isTarget(locale) || !(await loadGroups(locale))) continue;
    if (activeLocale() === locale) rerender();
  }
}

/** Localized elements render again (same locale, new texts). */
function rerender(): void {
  window.dispatchEvent(
    new CustomEvent(LOCALE_STATUS_EVENT, { detail: { status: 'ready', readyLocale: runtime?.getLocale() } }),
  );
}

/**
 * Sets the text overrides of one element (`owner`), or clears them with null; `textsId` names a
 * `<script type="application/json" data-verify-texts>` block read instead when `texts` is not set. The
 * overrides apply to every element of the page (the last set wins for one text). A key that is not a
 * shipped locale registers that locale (as `registerLocale`).
 */
export async function useTexts(owner: object, texts: unknown, textsId?: string | null): Promise<void> {
  if (!partner && (texts === null || texts === undefined) && !textsId) return;
  await (await loadPartner()).useTexts(owner, texts, textsId);
}

/** The partner's consent paragraphs and links for `locale` (see texts.ts), or null. */
export const consentTexts = (locale: string): Readonly<Consent> | null =>
  partner?.consentTexts(locale) ?? null;

/** Shows texts that changed: the active locale renders again (English may need the runtime now). */
export async function refreshTexts(): Promise<void> {
  if (!runtime && lastRequested === sourceLocale && partner?.hasOverrides(sourceLocale))
    return switchTo(sourceLocale);
  rerender();
}

/**
 * Registers a locale the package does not ship: `messages` maps message ids (docs/texts.md) to its
 * texts; a message it lacks shows in English. Its code (`fa`, `sw`, `pt-BR`) is used for `Intl`
 * formats and plural rules; `dir` is its writing direction (default: known right-to-left languages).
 * Elements whose `locale` attribute or browser languages ask for it use it from then on.
 */
export function registerLocale(
  code: string,
  messages: Messages,
  options: { dir?: 'ltr' | 'rtl' } = {},
): Promise<void> {
  const c = code.trim().toLowerCase().replace('_', '-');
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(c)) {
    console.warn(`verify-elements: registerLocale: "${code}" is not a language tag; ignored.`);
    return Promise.resolve();
  }
  if (options.dir) registerDir(c, options.dir);
  registered.add(c);
  stores.delete(c);
  return loadPartner()
    .then((p) => p.bringLocale(c, messages))
    .then(() => (activeLocale() === c ? refreshTexts() : undefined));
}

export { LOCALE_STATUS_EVENT };

/* The CDN entry's `registerLocale` (src/cdn.ts) queues registrations made before this code arrived. */
type Registration = Parameters<typeof registerLocale>;
const cdnQueue = globalThis as typeof globalThis & {
  __verifyElementsLocales?: Registration[] | ((...a: Registration) => void);
};
if (Array.isArray(cdnQueue.__verifyElementsLocales))
  for (const r of cdnQueue.__verifyElementsLocales) void registerLocale(...r);
cdnQueue.__verifyElementsLocales = (...r: Registration) => void registerLocale(...r);
