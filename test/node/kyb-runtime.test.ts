/**
 * `<kyb-form>`'s runtime, its pure rules (runtime/rules.ts): what a change of the element's properties
 * asks for, and when the saves hold unsent changes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hasUnsaved,
  settingsEffects,
  type SettingsChange,
  type SettingsFacts,
} from '../../src/kyb-form/runtime/rules.ts';
import type { ErrorInfo } from '../../src/kyb-form/form-reducer.ts';

const none: SettingsChange = { token: false, apiBase: false, tokenProvider: false, locale: false };
const facts = (
  o: Omit<Partial<SettingsFacts>, 'state'> & { state?: Partial<SettingsFacts['state']> } = {},
): SettingsFacts => ({
  hasClient: true,
  token: 't1',
  activeToken: 't0',
  hasProvider: false,
  ...o,
  state: { phase: 'ready', sessionEnded: false, error: null, ...o.state },
});
const noToken: ErrorInfo = { cause: 'no-token', status: 0, identifier: null, message: '', retryable: false };

test('settingsEffects: nothing changed asks for nothing', () => {
  assert.deepEqual(settingsEffects(none, facts()), []);
});

test('settingsEffects: a new token or api-base reloads', () => {
  assert.deepEqual(settingsEffects({ ...none, token: true }, facts()), ['reload']);
  assert.deepEqual(settingsEffects({ ...none, apiBase: true }, facts()), ['reload']);
  // Before any client exists (the first load), a token equal to the active one still loads.
  assert.deepEqual(
    settingsEffects({ ...none, token: true }, facts({ hasClient: false, activeToken: 't1' })),
    ['reload'],
  );
});

test('settingsEffects: the page setting the token the provider already gave reloads nothing', () => {
  assert.deepEqual(settingsEffects({ ...none, token: true }, facts({ activeToken: 't1' })), []);
  // With api-base changed too, it is another service: load again.
  assert.deepEqual(settingsEffects({ ...none, token: true, apiBase: true }, facts({ activeToken: 't1' })), [
    'reload',
  ]);
});

test('settingsEffects: a token after the session ended is adopted, not reloaded', () => {
  const ended = facts({ state: { sessionEnded: true } });
  assert.deepEqual(settingsEffects({ ...none, token: true }, ended), ['renew']);
  // An empty token renews nothing: it reloads (and shows that no token was given).
  assert.deepEqual(settingsEffects({ ...none, token: true }, { ...ended, token: '' }), ['reload']);
});

test('settingsEffects: a provider set after the session ended asks it, or reloads after "no token"', () => {
  const withProvider = { ...none, tokenProvider: true };
  assert.deepEqual(
    settingsEffects(withProvider, facts({ hasProvider: true, state: { sessionEnded: true } })),
    ['refresh'],
  );
  assert.deepEqual(
    settingsEffects(withProvider, facts({ hasProvider: true, state: { phase: 'error', error: noToken } })),
    ['reload'],
  );
  // Removing the provider does nothing; so does a provider while the session runs.
  assert.deepEqual(settingsEffects(withProvider, facts({ state: { sessionEnded: true } })), []);
  assert.deepEqual(settingsEffects(withProvider, facts({ hasProvider: true })), []);
  // A token and a provider together after the session ended: the token is adopted, the provider not asked.
  assert.deepEqual(
    settingsEffects(
      { ...withProvider, token: true },
      facts({ hasProvider: true, state: { sessionEnded: true } }),
    ),
    ['renew'],
  );
});

test('settingsEffects: a new locale applies once the form (or its error screen) shows', () => {
  const locale = { ...none, locale: true };
  assert.deepEqual(settingsEffects(locale, facts()), ['locale']);
  assert.deepEqual(settingsEffects(locale, facts({ state: { phase: 'error' } })), ['locale']);
  assert.deepEqual(settingsEffects(locale, facts({ state: { phase: 'loading' } })), []);
});

test('hasUnsaved: only idle and saved hold nothing unsent', () => {
  assert.equal(hasUnsaved('idle'), false);
  assert.equal(hasUnsaved('saved'), false);
  for (const s of ['pending', 'saving', 'error'] as const) assert.equal(hasUnsaved(s), true);
});
