/**
 * Registers `<kyb-form>` on import (the element module itself has no side effects). Does nothing
 * during server-side rendering, and nothing when another copy already registered the tag.
 */
import { isServer } from 'lit';
import { KybFormElement } from './kyb-form.ts';

export function defineKybForm(): void {
  if (isServer || typeof customElements === 'undefined') return;
  if (!customElements.get('kyb-form')) customElements.define('kyb-form', KybFormElement);
}

defineKybForm();

export { KybFormElement };
