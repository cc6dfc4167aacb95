/**
 * docs/texts.md lists every message id with its English text and where it shows, and the catalogue the
 * elements check overrides against (src/i18n/generated/catalogue.ts) holds every id: both are generated
 * by `npm run localize:check` (src/i18n/build-locales.ts); this keeps them current with src/.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { englishText, placeholderNames, sourceMessages, textsDoc } from '../../src/i18n/build-locales.ts';
import { catalogue } from '../../src/i18n/generated/catalogue.ts';
import { compileText } from '../../src/i18n/texts-check.ts';

const ROOT = resolve(import.meta.dirname, '../..');

test('docs/texts.md and the catalogue list every message of src/ (run `npm run localize:check`)', () => {
  const { messages, where } = sourceMessages();
  assert.ok(messages.length > 400, `${messages.length} messages`);
  const doc = readFileSync(resolve(ROOT, 'docs/texts.md'), 'utf8');
  assert.equal(doc, textsDoc(messages, where), 'docs/texts.md is stale: run `npm run localize:check`');
  assert.deepEqual(Object.keys(catalogue).sort(), messages.map((m) => m.name).sort());
  for (const m of messages) {
    const names = placeholderNames(m);
    assert.deepEqual(catalogue[m.name], names.length ? names : 0, m.name);
    // Every row shows the id and its English text with the placeholders the partner writes.
    assert.ok(doc.includes(`| \`${m.name}\` | ${englishText(m).replace(/\|/g, '\\|')}`), m.name);
  }
});

test('placeholder names: the last identifier, `xCount` for a length, else the position', () => {
  const ph = (e: string, index: number) => ({ untranslatable: `\${${e}}`, index });
  assert.deepEqual(placeholderNames({ contents: ['Hi ', ph('name', 0), '!'] }), ['name']);
  assert.deepEqual(
    placeholderNames({
      contents: [ph('state.filename', 0), ' ', ph('s.issues.length', 1), ph('pad2(x)', 2)],
    }),
    ['filename', 'issuesCount', '2'],
  );
  assert.deepEqual(placeholderNames({ contents: [ph('a.n', 0), ph('b.n', 1)] }), ['n', '1']);
  assert.equal(
    englishText({ contents: ['Link expires in ', ph('m', 0), ':', ph('pad2(s)', 1)] }),
    'Link expires in {m}:{1}',
  );
});

test('an override keeps every placeholder, or is refused with one warning', () => {
  const warned: string[] = [];
  const original = console.warn;
  console.warn = (m: string) => void warned.push(m);
  try {
    assert.deepEqual(compileText('s1', 'Noch {n} Versuche', ['n'], 'texts.de'), {
      strTag: true,
      strings: ['Noch ', ' Versuche'],
      values: [0],
    });
    // Moved placeholders keep their values; braces that name none stay text.
    assert.deepEqual(compileText('s1', '{b} {x} {a}', ['a', 'b'], 'texts.de'), {
      strTag: true,
      strings: ['', ' {x} ', ''],
      values: [1, 0],
    });
    assert.equal(compileText('s2', 'Plain {text}', 0, 'texts.en'), 'Plain {text}');
    assert.equal(warned.length, 0);
    assert.equal(compileText('s1', 'Noch ein paar Versuche', ['n'], 'texts.de'), null);
    assert.equal(warned.length, 1);
    assert.match(warned[0]!, /drops \{n\}/);
    assert.equal(compileText('typo', 'x', undefined, 'texts.en'), null);
    assert.equal(compileText('s2', 42, 0, 'texts.en'), null);
    assert.equal(warned.length, 3);
  } finally {
    console.warn = original;
  }
});
