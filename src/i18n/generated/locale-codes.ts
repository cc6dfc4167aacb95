// Do not modify this file by hand!
// Re-generate this file by running lit-localize.

/**
 * The locale code that templates in this source code are written in.
 */
export const sourceLocale = `en`;

/**
 * The other locale codes that this application is localized into. Sorted
 * lexicographically.
 */
export const targetLocales = [
  `bg`,
  `cs`,
  `de`,
  `es`,
  `et`,
  `fr`,
  `hu`,
  `it`,
  `ja`,
  `lt`,
  `lv`,
  `nl`,
  `pl`,
  `pt`,
  `ro`,
  `ru`,
] as const;

/**
 * All valid project locale codes. Sorted lexicographically.
 */
export const allLocales = [
  `bg`,
  `cs`,
  `de`,
  `en`,
  `es`,
  `et`,
  `fr`,
  `hu`,
  `it`,
  `ja`,
  `lt`,
  `lv`,
  `nl`,
  `pl`,
  `pt`,
  `ro`,
  `ru`,
] as const;
