/**
 * The first screen of a form the service sent back for more information (it is PENDING again after a
 * submit; the published form carries no message): what happened, that the answers are kept, and what to
 * do. The partner may say what the reviewer asked for (`info-request-message`), shown as text. In the review
 * chunk (review-submit.ts): only a form sent back needs it, and the runtime loads that chunk before such a
 * form's first screen.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';

export const infoRequestStyles = css`
  .info-request h4 {
    margin: 0 0 calc(var(--space) * 0.5);
  }
  .info-request ol {
    margin: 0;
    padding-inline-start: 1.5em;
  }
  .info-request-text {
    white-space: pre-line;
  }
`;

export function renderInfoRequest(message: string | null): TemplateResult {
  const asked = message?.trim() ?? '';
  return html`<section
    class="status info info-request"
    part="info-request"
    aria-labelledby="kyb-info-request-title"
  >
    <h4 id="kyb-info-request-title">${msg('More information was requested')}</h4>
    ${
      asked
        ? html`<p part="info-request-message">
            <strong>${msg('The reviewer asked for:')}</strong>
            <span class="info-request-text">${asked}</span>
          </p>`
        : nothing
    }
    <p>${msg('Your answers so far are kept. To send the form back:')}</p>
    <ol>
      <li>
        ${msg('Check each step and change or add what the reviewer asked for.')}
        ${
          asked
            ? nothing
            : msg('The company that sent you this form, or an e-mail from it, will have said what is needed.')
        }
      </li>
      <li>${msg('Submit the form again from the last step.')}</li>
    </ol>
  </section>`;
}
