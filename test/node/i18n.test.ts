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
  it('are English plus the target locales of lit-localize.json', () => {
    assert.ok(SUPPORTED_LOCALES.length >= 21, `${SUPPORTED_LOCALES.length} locales`);
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
    assert.equal(matchLocale('sv-FI'), 'sv');
    assert.equal(matchLocale('ar-EG'), 'ar');
  });
  it('matches Chinese by script (Traditional for Taiwan, Hong Kong, Macau), Simplified otherwise', () => {
    assert.equal(matchLocale('zh-CN'), 'zh-Hans');
    assert.equal(matchLocale('zh'), 'zh-Hans');
    assert.equal(matchLocale('zh-Hans-SG'), 'zh-Hans');
    assert.equal(matchLocale('zh-TW'), 'zh-Hant');
    assert.equal(matchLocale('zh_HK'), 'zh-Hant');
    assert.equal(matchLocale('zh-Hant'), 'zh-Hant');
  });
  it('refuses unsupported or empty tags', () => {
    assert.equal(matchLocale('xx-CN'), null);
    assert.equal(matchLocale('fa'), null);
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
    assert.equal(resolveLocale('xx', 'de', ['ja']), 'de');
  });
  it('else the first supported preferred browser language', () => {
    assert.equal(resolveLocale(null, null, ['de-AT', 'en']), 'de');
    assert.equal(resolveLocale(null, undefined, ['pt-BR']), 'pt');
    assert.equal(resolveLocale(null, 'xx', ['xx-CN', 'fa', 'lt-LT', 'de']), 'lt');
    assert.equal(resolveLocale(null, 'xx', ['zh-TW', 'de']), 'zh-Hant');
    assert.equal(resolveLocale('', '', ['ja-JP']), 'ja');
  });
  it('else English', () => {
    assert.equal(resolveLocale(null, null, []), 'en');
    assert.equal(resolveLocale(null, null, ['fa-IR', 'ur-PK']), 'en');
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

describe('locale chunks (build-locales.ts)', () => {
  it('groups messages by element and by lazily loaded step', async () => {
    const { groupOf, mergeGroups } = await import('../../src/i18n/build-locales.ts');
    const src = new URL('../../src/', import.meta.url).pathname;
    assert.equal(groupOf(`${src}age-check/age-check.ts`), 'age');
    assert.equal(groupOf(`${src}kyb-form/kyb-form.ts`), 'kyb');
    assert.equal(groupOf(`${src}kyb-form/company/controller.ts`), 'kyb');
    assert.equal(groupOf(`${src}kyb-form/beneficiaries/controller.ts`), 'kyb-beneficiaries');
    assert.equal(groupOf(`${src}kyb-form/questionnaire/controls.ts`), 'kyb-questionnaire');
    assert.equal(groupOf(`${src}api/http.ts`), 'common');
    // A step's message also used by the shell is loaded with the shell; one used by both elements
    // is copied into both.
    assert.deepEqual([...mergeGroups(new Set(['kyb-documents', 'kyb'] as const))], ['kyb']);
    assert.deepEqual([...mergeGroups(new Set(['age', 'kyb'] as const))].sort(), ['age', 'kyb']);
  });

  it('keys messages by the shortest unique prefix of their hash id', async () => {
    const { shortestUniqueKeyLength } = await import('../../src/i18n/build-locales.ts');
    assert.equal(shortestUniqueKeyLength(['s0123456789abcdef', 's9999456789abcdef']), 4);
    assert.equal(shortestUniqueKeyLength(['s01234a6789abcdef', 's01234b6789abcdef']), 6);
  });

  it('every committed chunk has the keys of the current KEY_LENGTH and stays within 4 kB gzip', async () => {
    const { readdirSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    const { KEY_LENGTH } = await import('../../src/i18n/generated/key-length.ts');
    const dir = new URL('../../src/i18n/generated/', import.meta.url);
    let chunks = 0;
    for (const group of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(new URL(`${group.name}/`, dir)).filter((f) => f !== 'index.ts')) {
        const text = readFileSync(new URL(`${group.name}/${file}`, dir), 'utf8');
        const keys = [...text.matchAll(/^ {2}'([0-9a-f]+)':/gm)].map((m) => m[1]!);
        assert.ok(keys.length > 0, `${group.name}/${file} has messages`);
        assert.ok(
          keys.every((k) => k.length === KEY_LENGTH),
          `${group.name}/${file} keys`,
        );
        // Source text with its keys; the minified chunk is smaller still (checked by npm run bench).
        assert.ok(gzipSync(text).length < 4096, `${group.name}/${file}: ${gzipSync(text).length} bytes`);
        chunks++;
      }
    }
    assert.ok(chunks >= 16 * 5, `chunks: ${chunks}`);
  });
});
