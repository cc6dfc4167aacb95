/**
 * The least a stand-in for `<age-check>`: loads its session and shows one localized button, built with what the design requires (Lit, @lit/localize, the zod
 * schemas of the first response, the fetch core with its errors, timeouts and retries, the localization
 * runtime), and nothing of the real element: no styles, no other state, no theme. See floor.ts.
 */
import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { AgeClient } from '../../src/api/age-client.ts';
import { applyLocale, resolveLocale } from '../../src/i18n/index.ts';

@localized()
@customElement('floor-age')
export class FloorAge extends LitElement {
  static override styles = css`
    button {
      font: inherit;
      padding: 0.5rem 1rem;
    }
  `;
  @property() token = '';
  @property({ attribute: 'api-base' }) apiBase = '';
  @state() private s: unknown = null;
  override connectedCallback() {
    super.connectedCallback();
    void applyLocale(resolveLocale(null));
    void new AgeClient({ token: this.token, baseUrl: this.apiBase }).session().then((s) => (this.s = s));
  }
  override render() {
    return this.s ? html`<button>${msg('Agree and start')}</button>` : html`<p>${msg('Loading…')}</p>`;
  }
}
