import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  activeLocale,
  applyLocale,
  matchLocale,
  resolveLocale,
  SUPPORTED_LOCALES,
} from '../../src/i18n/index.ts';

const config = JSON.parse(readFileSync(new URL('../../lit-localize.json', import.meta.url), 'utf8')) as {
  sourceLocale: string;
  targetLocales: string[];
};

describe('supported locales', () => {
  it('are English plus the 16 target locales of lit-localize.json', () => {
    assert.equal(SUPPORTED_LOCALES.length, 17);
    assert.deepEqual([...SUPPORTED_LOCALES].sort(), [config.sourceLocale, ...config.targetLocales].sort());
  });
});

describe('matchLocale', () => {
  it('matches region and script variants to their language', () => {
    assert.equal(matchLocale('de-AT'), 'de');
    assert.equal(matchLocale('pt-BR'), 'pt');
    assert.equal(matchLocale('pt_PT'), 'pt');
    assert.equal(matchLocale('JA'), 'ja');
    assert.equal(matchLocale(' lt-LT '), 'lt');
    assert.equal(matchLocale('en-GB'), 'en');
  });
  it('refuses unsupported or empty tags', () => {
    assert.equal(matchLocale('zh-CN'), null);
    assert.equal(matchLocale('sv'), null);
    assert.equal(matchLocale(''), null);
    assert.equal(matchLocale(null), null);
    assert.equal(matchLocale(undefined), null);
    assert.equal(matchLocale('x-de'), null);
  });
});

describe('resolveLocale precedence', () => {
  it('the attribute wins over the service locale and the browser', () => {
    assert.equal(resolveLocale('fr', 'de', ['ja']), 'fr');
    assert.equal(resolveLocale('fr-CA', 'de', ['ja']), 'fr');
  });
  it('else the service locale (info.locale) wins over the browser', () => {
    assert.equal(resolveLocale(null, 'de', ['ja', 'en']), 'de');
    assert.equal(resolveLocale(undefined, 'de-CH', ['ja']), 'de');
    // An unsupported attribute falls through to the next source.
    assert.equal(resolveLocale('zh', 'de', ['ja']), 'de');
  });
  it('else the first supported preferred browser language', () => {
    assert.equal(resolveLocale(null, null, ['de-AT', 'en']), 'de');
    assert.equal(resolveLocale(null, undefined, ['pt-BR']), 'pt');
    assert.equal(resolveLocale(null, 'xx', ['zh-CN', 'sv', 'lt-LT', 'de']), 'lt');
    assert.equal(resolveLocale('', '', ['ja-JP']), 'ja');
  });
  it('else English', () => {
    assert.equal(resolveLocale(null, null, []), 'en');
    assert.equal(resolveLocale(null, null, ['zh-CN', 'sv-SE']), 'en');
    assert.equal(resolveLocale('zz', 'yy', ['xx']), 'en');
  });
  it('every target locale resolves to itself from each source', () => {
    for (const l of config.targetLocales) {
      assert.equal(resolveLocale(l, null, []), l);
      assert.equal(resolveLocale(null, l, []), l);
      assert.equal(resolveLocale(null, null, [`${l}-XX`]), l);
    }
  });
});

describe('applyLocale', () => {
  it('English loads nothing and stays the active locale', async () => {
    assert.equal(activeLocale(), 'en');
    await applyLocale('en');
    assert.equal(activeLocale(), 'en');
  });
});
