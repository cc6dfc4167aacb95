/**
 * The content of the warning before `<kyb-form>`'s session ends (WCAG 2.2.1): when it ends, what is lost,
 * what to do; with a `tokenProvider` whose silent renewal failed, "Get more time". In the review chunk
 * (review-submit.ts): it is never needed on the first screen's first minutes. chrome.ts renders the live
 * region around its text; the button stays outside it, so "Getting more time…" is not read as news.
 */
import { css, html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { SessionWarning } from '../runtime/session.ts';

export function sessionWarning(
  w: SessionWarning,
  locale: string,
  onExtend: () => void,
): { text: TemplateResult; button: TemplateResult | typeof nothing } {
  let time: string;
  try {
    time = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(w.endsAt);
  } catch {
    time = new Date(w.endsAt).toLocaleTimeString();
  }
  const text = html`<div class="session-warning" part="session-warning">
    <p><strong>${msg('Your session ends soon')}</strong></p>
    <p>
      ${
        w.canExtend
          ? msg(
              str`Your session ends at ${time}, and it could not be renewed. Choose Get more time to try again: changes made after that time cannot be saved, and are lost when you leave this page.`,
            )
          : msg(
              str`Your session ends at ${time}. Finish what you are typing before then: changes made after that time cannot be saved, and are lost when you leave this page. To continue later, open this form again from the link or page you were sent.`,
            )
      }
    </p>
  </div>`;
  const button = w.canExtend
    ? html`<button
        type="button"
        class="btn btn-secondary session-extend"
        part="button button-secondary button-extend"
        aria-disabled=${w.busy ? 'true' : 'false'}
        @click=${() => {
          if (!w.busy) onExtend();
        }}
      >
        ${w.busy ? msg('Getting more time…') : msg('Get more time')}
      </button>`
    : nothing;
  return { text, button };
}

export const sessionWarningStyles = css`
  .session-warning {
    margin: 0 0 var(--space);
    padding: calc(var(--space) * 0.75);
    border: 1px solid var(--c-warning);
    border-radius: var(--radius);
    background: var(--c-warning-bg);
  }
  .session-warning p {
    margin: 0 0 0.5em;
  }
  .session-extend {
    margin: 0 0 var(--space);
  }
`;
