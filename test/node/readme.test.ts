/** The README's API reference is kept in step with the custom-elements manifest (run after the build). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readmeApi, renderApi } from '../support/readme-api.ts';

test('README API section equals the one generated from dist/custom-elements.json (npm run docs)', () => {
  const current = readmeApi();
  assert.notEqual(current, null, 'README.md has the api:start / api:end markers');
  assert.equal(current, renderApi());
});

test('the manifest lists the elements with their events, parts and custom properties', () => {
  const api = renderApi();
  for (const name of ['kyb-ready', 'kyb-saved', 'kyb-error', 'kyb-submitted', 'kyb-step-change'])
    assert.match(api, new RegExp('`' + name + '`'));
  for (const name of [
    'age-check-ready',
    'age-check-attempt',
    'age-check-step-up',
    'age-check-complete',
    'age-check-error',
    'age-check-camera-fallback',
  ])
    assert.match(api, new RegExp('`' + name + '`'));
  assert.match(api, /`--kyb-color-primary`/);
  assert.match(api, /`--age-check-color-primary`/);
});
