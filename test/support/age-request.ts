/**
 * An age-token request for tests: the published request requires `min_age` and `confidence_threshold`;
 * tests give only what they are about, and get 18 / 70 (with buffer 2, the settings the tests were
 * written for) for the rest.
 */
import type { AgeTokenRequest } from '../../src/api/age.ts';

export type AgeTokenSettings = Partial<AgeTokenRequest>;
export const ageRequest = (settings: AgeTokenSettings = {}): AgeTokenRequest => ({
  min_age: 18,
  confidence_threshold: 70,
  buffer: Math.min(2, settings.min_age ?? 18),
  ...settings,
});
