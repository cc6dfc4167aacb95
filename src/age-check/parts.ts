/** Small templates shared by the shell of `<age-check>` and its capture screens (screens.ts). */
import { html, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';

/** A screen's heading; it takes the focus when the screen changes (see the element's `updated`). */
export const heading = (text: string): TemplateResult => html`<h2 part="heading" tabindex="-1">${text}</h2>`;

export function button(label: string, onClick: () => void, o: { primary?: boolean } = {}): TemplateResult {
  const primary = o.primary ?? true;
  return html`<button
    type="button"
    part=${primary ? 'button primary-button' : 'button secondary-button'}
    class=${primary ? 'primary' : 'secondary'}
    @click=${onClick}
  >
    ${label}
  </button>`;
}

export const attemptsText = (n: number): string =>
  msg(str`Attempts left: ${n}`, { desc: 'count of remaining photo attempts' });

/** The writing direction of a locale (shared with `<kyb-form>`). */
export { localeDir } from '../i18n/dir.ts';
