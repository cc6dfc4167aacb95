/**
 * Registers `<age-check>` on import (the element module itself has no side effects). Safe where
 * `customElements` does not exist (server-side rendering) and when another copy already registered it.
 */
import { isServer } from 'lit';
import { AgeCheckElement } from './age-check.ts';

export function defineAgeCheck(): void {
  if (isServer || typeof customElements === 'undefined') return;
  if (!customElements.get('age-check')) customElements.define('age-check', AgeCheckElement);
}

defineAgeCheck();

export { AgeCheckElement };
