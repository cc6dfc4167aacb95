/** Helpers for the locale-chunk browser tests. */

/** Locale chunks this page has requested (`kyb/lt.ts`, ...), sorted; not the modules every page has. */
export const localeChunks = (): string[] =>
  performance
    .getEntriesByType('resource')
    .map((e) => new URL(e.name).pathname)
    .filter((p) => /\/src\/i18n\/generated\/[\w-]+\/[a-z]{2}\.ts$/.test(p))
    .map((p) => p.split('/').slice(-2).join('/'))
    .sort();
