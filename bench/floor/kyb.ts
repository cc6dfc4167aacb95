/**
 * The least a stand-in for `<kyb-form>`: loads its info and form and shows one localized field, built with what the design requires (Lit, @lit/localize, the zod
 * schemas of the first response, the fetch core with its errors, timeouts and retries, the localization
 * runtime), and nothing of the real element: no styles, no other state, no theme. See floor.ts.
 */
import { LitElement, html, css } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { msg, localized } from '@lit/localize';
import { KybClient } from '../../src/api/kyb-client.ts';
import { applyLocale, resolveLocale } from '../../src/i18n/index.ts';

@localized()
@customElement('floor-kyb')
export class FloorKyb extends LitElement {
  static override styles = css`
    input {
      font: inherit;
    }
  `;
  @property() token = '';
  @property({ attribute: 'api-base' }) apiBase = '';
  @state() private s: unknown = null;
  override connectedCallback() {
    super.connectedCallback();
    void applyLocale(resolveLocale(null));
    const c = new KybClient({ token: this.token, baseUrl: this.apiBase });
    void Promise.all([c.info(), c.listFormSummaries()]).then((s) => (this.s = s));
  }
  override render() {
    return this.s ? html`<label>${msg('Company name')}<input /></label>` : html`<p>${msg('Loading…')}</p>`;
  }
}
