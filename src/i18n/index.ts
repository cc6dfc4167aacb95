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

export type SupportedLocale = typeof sourceLocale | (typeof targetLocales)[number];
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = [sourceLocale, ...targetLocales];
type TargetLocale = (typeof targetLocales)[number];

/** One locale chunk: translated templates keyed by the first `KEY_LENGTH` characters of their id. */
export type MessageChunk = { t: LocaleModule['templates'] };
/** A message group (see build-locales.ts): for each target locale, the import of its chunk. */
export type MessageLoaders = Record<TargetLocale, () => Promise<MessageChunk>>;

/**
 * The translations of each locale, merged from the groups loaded so far. @lit/localize looks templates
 * up by full hash id; the proxy maps that to the short key the chunks use.
 */
type Store = {
  table: LocaleModule['templates'];
  loaded: Set<MessageLoaders>;
  view: LocaleModule['templates'];
};
const stores = new Map<TargetLocale, Store>();
/** Groups in use on the page (common, plus each element's own, registered when it applies a locale). */
const groups = new Set<MessageLoaders>([commonMessages]);

function storeFor(locale: TargetLocale): Store {
  let store = stores.get(locale);
  if (!store) {
    const table: LocaleModule['templates'] = Object.create(null) as LocaleModule['templates'];
    const view = new Proxy(table, {
      get: (target, id) => (typeof id === 'string' ? target[id.slice(1, 1 + KEY_LENGTH)] : undefined),
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
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

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

let runtime: ReturnType<typeof configureLocalization> | undefined;
let lastRequested: SupportedLocale = sourceLocale;

function getRuntime() {
  runtime ??= configureLocalization({
    sourceLocale,
    targetLocales,
    loadLocale: async (locale) => {
      await loadGroups(locale as TargetLocale);
      return { templates: storeFor(locale as TargetLocale).view };
    },
  });
  return runtime;
}

/** The active locale of the page (English until a locale was set). */
export const activeLocale = (): SupportedLocale =>
  runtime ? (runtime.getLocale() as SupportedLocale) : sourceLocale;

/**
 * Switches the page's locale (all localized elements re-render; their state is kept). `messages` is the
 * calling element's own message group, loaded with the common one. Concurrent calls settle on the last
 * one. Resolves when the locale is active.
 */
export async function applyLocale(locale: SupportedLocale, messages?: MessageLoaders): Promise<void> {
  lastRequested = locale;
  if (messages) groups.add(messages);
  if (!runtime && locale === sourceLocale) return;
  const rt = getRuntime();
  // Already active: a group registered since (by another element) may still need its chunk.
  if (rt.getLocale() === locale) return addMessages();
  await rt.setLocale(locale);
  if (lastRequested !== locale && rt.getLocale() !== lastRequested) await rt.setLocale(lastRequested);
}

/**
 * Registers message groups that arrive later (a lazily loaded step of `<kyb-form>`) and loads their
 * chunks for the active (or requested) locale; localized elements re-render when they arrived.
 */
export async function addMessages(...messages: MessageLoaders[]): Promise<void> {
  for (const m of messages) groups.add(m);
  if (!runtime) return;
  const rt = runtime;
  for (const locale of new Set([rt.getLocale(), lastRequested])) {
    if (locale === sourceLocale || !(await loadGroups(locale as TargetLocale))) continue;
    if (rt.getLocale() === locale)
      window.dispatchEvent(
        new CustomEvent(LOCALE_STATUS_EVENT, { detail: { status: 'ready', readyLocale: locale } }),
      );
  }
}

export { LOCALE_STATUS_EVENT };
