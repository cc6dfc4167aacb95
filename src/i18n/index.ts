/**
 * Localization shared by both elements: @lit/localize in runtime mode, one active locale per page.
 * Translations load on demand, per locale and per message group (see build-locales.ts): a page loads
 * only the groups of the elements and steps it uses; English, the source locale, loads nothing.
 *
 * Precedence (see `resolveLocale`): the element's `locale` attribute, else the service's locale
 * (`info.locale` for `<kyb-form>`), else the browser's preferred languages, else English.
 */
import { LOCALE_STATUS_EVENT, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './generated/locale-codes.ts';
import { messages as commonMessages } from './generated/common/index.ts';
import { registerDir } from './dir.ts';
import type { Consent, Messages } from './texts.ts';

/** A shipped locale. */
export type ShippedLocale = typeof sourceLocale | (typeof targetLocales)[number];
/** A shipped locale, or the code of one a partner registered (`registerLocale`). */
export type SupportedLocale = ShippedLocale | (string & Record<never, never>);
export const SUPPORTED_LOCALES: readonly ShippedLocale[] = [sourceLocale, ...targetLocales];
type TargetLocale = (typeof targetLocales)[number];
export const isTarget = (l: string): l is TargetLocale => (targetLocales as readonly string[]).includes(l);
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
/** The partner's texts chunk, once here. */
export const partnerTexts = (): Partner | undefined => partner;
let partnerLoad: Promise<Partner> | undefined;
export function loadPartner(): Promise<Partner> {
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
/** Groups in use on the page (common, plus each element's own, registered when it applies a locale). */
export const groups = new Set<MessageLoaders>([commonMessages]);

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
 * @lit/localize's runtime (locale-runtime.ts) is a chunk of its own: an English page without text overrides
 * never needs it (msg() shows the source text). It loads with the first other locale (the CDN entry
 * preloads it beside that locale's translations) or the first English override.
 */
type LocaleRuntime = typeof import('./locale-runtime.ts');
let localeRuntime: LocaleRuntime | undefined;
let runtimeLoad: Promise<LocaleRuntime> | undefined;
function loadRuntime(): Promise<LocaleRuntime> {
  runtimeLoad ??= import('./locale-runtime.ts').then(
    (m) => (localeRuntime = m),
    (err: unknown) => {
      runtimeLoad = undefined;
      throw err;
    },
  );
  return runtimeLoad;
}
/** The locale last asked for (`applyLocale`), active or on its way. */
let lastRequested: SupportedLocale = sourceLocale;
export const requestedLocale = (): SupportedLocale => lastRequested;

/** The active locale of the page (English until a locale was set). */
export const activeLocale = (): SupportedLocale => localeRuntime?.activeLocale() ?? sourceLocale;

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
  if (!runtimeLoad && locale === sourceLocale && !partner?.hasOverrides(sourceLocale)) return;
  await (await loadRuntime()).applyLocale(locale, previous);
}

/**
 * Registers message groups that arrive later (a lazily loaded step of `<kyb-form>`) and loads their
 * chunks for the active (or requested) locale; localized elements re-render when they arrived.
 */
export async function addMessages(...messages: MessageLoaders[]): Promise<void> {
  for (const m of messages) groups.add(m);
  if (runtimeLoad) await (await loadRuntime()).loadMissing();
}

/** Localized elements render again (same locale, new texts). */
export function rerender(): void {
  window.dispatchEvent(
    new CustomEvent(LOCALE_STATUS_EVENT, {
      detail: { status: 'ready', readyLocale: localeRuntime?.runtimeLocale() },
    }),
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
  if (!runtimeLoad && lastRequested === sourceLocale && partner?.hasOverrides(sourceLocale))
    return (await loadRuntime()).applyLocale(sourceLocale, sourceLocale);
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
  localeRuntime?.forget(c);
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
