/** The writing direction of a locale, for the elements' `dir` attribute. */
const RTL_LANGUAGES = new Set(['ar', 'he', 'fa', 'ur', 'yi', 'ps', 'sd', 'dv', 'ug', 'ckb']);

/** The writing direction of a locale (`rtl` for right-to-left scripts, else `ltr`). */
export const localeDir = (locale: string): 'ltr' | 'rtl' =>
  registered.get(locale.toLowerCase()) ??
  (RTL_LANGUAGES.has(locale.toLowerCase().split(/[-_]/)[0] ?? '') ? 'rtl' : 'ltr');

const registered = new Map<string, 'ltr' | 'rtl'>();
/** The direction of a locale a partner registered (`registerLocale(code, messages, { dir })`). */
export const registerDir = (code: string, dir: 'ltr' | 'rtl'): void =>
  void registered.set(code.toLowerCase(), dir);
