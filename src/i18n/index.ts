/**
 * Localization shared by both elements: @lit/localize in runtime mode, one active locale per page.
 * Locale modules load on demand as separate chunks (an explicit map of dynamic imports, so bundlers
 * split them); English, the source locale, loads nothing.
 *
 * Precedence (see `resolveLocale`): the element's `locale` attribute, else the service's locale
 * (`info.locale` for `<kyb-form>`), else the browser's preferred languages, else English.
 */
import { configureLocalization, LOCALE_STATUS_EVENT, type LocaleModule } from '@lit/localize';
import { sourceLocale, targetLocales } from './generated/locale-codes.ts';

export type SupportedLocale = typeof sourceLocale | (typeof targetLocales)[number];
export const SUPPORTED_LOCALES: readonly SupportedLocale[] = [sourceLocale, ...targetLocales];

const loaders: Record<(typeof targetLocales)[number], () => Promise<LocaleModule>> = {
  bg: () => import('./generated/bg.ts'),
  cs: () => import('./generated/cs.ts'),
  de: () => import('./generated/de.ts'),
  es: () => import('./generated/es.ts'),
  et: () => import('./generated/et.ts'),
  fr: () => import('./generated/fr.ts'),
  hu: () => import('./generated/hu.ts'),
  it: () => import('./generated/it.ts'),
  ja: () => import('./generated/ja.ts'),
  lt: () => import('./generated/lt.ts'),
  lv: () => import('./generated/lv.ts'),
  nl: () => import('./generated/nl.ts'),
  pl: () => import('./generated/pl.ts'),
  pt: () => import('./generated/pt.ts'),
  ro: () => import('./generated/ro.ts'),
  ru: () => import('./generated/ru.ts'),
};

export const isSupportedLocale = (value: unknown): value is SupportedLocale =>
  typeof value === 'string' && (SUPPORTED_LOCALES as readonly string[]).includes(value);

/** Matches a BCP 47 tag (`de-AT`, `pt_BR`, `JA`) to a supported locale, or null. */
export function matchLocale(tag: string | null | undefined): SupportedLocale | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return isSupportedLocale(base) ? base : null;
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
    loadLocale: (locale) => loaders[locale as keyof typeof loaders](),
  });
  return runtime;
}

/** The active locale of the page (English until a locale was set). */
export const activeLocale = (): SupportedLocale =>
  runtime ? (runtime.getLocale() as SupportedLocale) : sourceLocale;

/**
 * Switches the page's locale (all localized elements re-render; their state is kept). Concurrent calls
 * settle on the last one. Resolves when the locale is active.
 */
export async function applyLocale(locale: SupportedLocale): Promise<void> {
  lastRequested = locale;
  if (!runtime && locale === sourceLocale) return;
  const rt = getRuntime();
  if (rt.getLocale() === locale) return;
  await rt.setLocale(locale);
  if (lastRequested !== locale && rt.getLocale() !== lastRequested) await rt.setLocale(lastRequested);
}

export { LOCALE_STATUS_EVENT };
