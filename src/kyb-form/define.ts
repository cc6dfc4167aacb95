/** Registers `<kyb-form>` (the only side effect of this module). */
import { KybFormElement } from './kyb-form.ts';

if (!customElements.get('kyb-form')) customElements.define('kyb-form', KybFormElement);

export { KybFormElement };
