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
  `ar`,
  `bg`,
  `cs`,
  `da`,
  `de`,
  `el`,
  `es`,
  `et`,
  `fi`,
  `fr`,
  `he`,
  `hi`,
  `hr`,
  `hu`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `lt`,
  `lv`,
  `nb`,
  `nl`,
  `pl`,
  `pt`,
  `ro`,
  `ru`,
  `sk`,
  `sl`,
  `sv`,
  `th`,
  `tr`,
  `uk`,
  `vi`,
  `zh-Hans`,
  `zh-Hant`,
] as const;

/**
 * All valid project locale codes. Sorted lexicographically.
 */
export const allLocales = [
  `ar`,
  `bg`,
  `cs`,
  `da`,
  `de`,
  `el`,
  `en`,
  `es`,
  `et`,
  `fi`,
  `fr`,
  `he`,
  `hi`,
  `hr`,
  `hu`,
  `id`,
  `it`,
  `ja`,
  `ko`,
  `lt`,
  `lv`,
  `nb`,
  `nl`,
  `pl`,
  `pt`,
  `ro`,
  `ru`,
  `sk`,
  `sl`,
  `sv`,
  `th`,
  `tr`,
  `uk`,
  `vi`,
  `zh-Hans`,
  `zh-Hant`,
] as const;
