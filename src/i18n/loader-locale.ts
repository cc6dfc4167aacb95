/**
 * The CDN loader's reading of which locale an element will use, so that it can fetch the translations
 * while the element's code is still downloading. The same rule as `resolveLocale` (index.ts): the
 * element's `locale` attribute, else the service's locale, else the browser's languages, else English;
 * a tag matches by its language (`de-AT` is `de`). A copy, not an import: index.ts is in the elements'
 * chunks, and a module both import would put the loader inside them. test/node/loader-locale.test.ts
 * holds the two to the same answers.
 *
 * `supported` says whether a language has translations (the loader knows it from the build's chunk list).
 */
export function loaderLocale(
  supported: (language: string) => boolean,
  attribute: string | null,
  serviceLocale: string | null,
  languages: readonly string[],
): string {
  for (const tag of [attribute, serviceLocale, ...languages]) {
    const language = tag ? languageOf(tag) : '';
    if (language === 'en' || (language && supported(language))) return language;
  }
  return 'en';
}

/** Copy of index.ts's `languageOf`: the locale code a tag asks for (Chinese by script, Norwegian `nb`). */
function languageOf(tag: string): string {
  const parts = tag.trim().toLowerCase().split(/[-_]/);
  const base = parts[0] ?? '';
  if (base === 'zh') return parts.some((p) => ['hant', 'tw', 'hk', 'mo'].includes(p)) ? 'zh-Hant' : 'zh-Hans';
  if (base === 'no' || base === 'nn') return 'nb';
  return base;
}
