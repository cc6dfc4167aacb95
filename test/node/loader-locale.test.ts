/**
 * The CDN loader guesses an element's locale to fetch its translations early (i18n/loader-locale.ts);
 * the element decides with resolveLocale (i18n/index.ts). A wrong guess would download the wrong
 * translations and leave the right ones for later: the two must agree.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loaderLocale } from '../../src/i18n/loader-locale.ts';
import { resolveLocale, SUPPORTED_LOCALES } from '../../src/i18n/index.ts';

const supported = (l: string) => (SUPPORTED_LOCALES as readonly string[]).includes(l);
const tags = [
  null,
  '',
  ' ',
  'de',
  'DE',
  'de-AT',
  'pt_BR',
  ' fr ',
  'en',
  'en-GB',
  'xx',
  'zz-DE',
  'ja',
  '-',
  'de-',
  'zh-TW',
  'zh-Hans-CN',
  'zh',
  'no',
  'ar-EG',
];
const languageLists: string[][] = [
  [],
  ['de-DE', 'en'],
  ['xx', 'fr-CA'],
  ['xx'],
  ['en-US', 'de'],
  ['', 'lt'],
  ['zh-HK', 'de'],
  ['nn-NO'],
];

test('the loader picks the locale the element will use, for every mix of attribute, service and browser', () => {
  let cases = 0;
  for (const attribute of tags)
    for (const service of tags)
      for (const languages of languageLists) {
        assert.equal(
          loaderLocale(supported, attribute, service, languages),
          resolveLocale(attribute, service, languages),
          JSON.stringify({ attribute, service, languages }),
        );
        cases++;
      }
  assert.equal(cases, tags.length * tags.length * languageLists.length);
});
