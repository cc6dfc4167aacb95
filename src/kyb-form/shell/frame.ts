/**
 * The frame around the steps: header (logo, company name, title), loading placeholders, the error
 * screens, the submitted screen and the support line. Pure rendering.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { ThemeStyles } from '../../theme/index.ts';
import type { ErrorInfo } from '../form-reducer.ts';
import { errorText } from './texts.ts';

export function renderSkeleton(label: string): TemplateResult {
  return html`<div part="skeleton" role="status" aria-busy="true" class="skeleton-block">
    <span class="visually-hidden">${label}</span>
    <span class="skeleton short"></span>
    <span class="skeleton tall"></span>
    <span class="skeleton short"></span>
    <span class="skeleton tall"></span>
    <span class="skeleton tall"></span>
  </div>`;
}

/** A logo that fails to load is hidden rather than shown as a broken image with alt text. */
const hideBrokenLogo = (e: Event) => {
  (e.currentTarget as HTMLImageElement).hidden = true;
};

export function renderHeader(t: ThemeStyles): TemplateResult {
  const alt = t.companyName ? msg(str`${t.companyName} logo`) : msg('Logo');
  return html`<div class="header" part="header">
    ${t.logo ? html`<img class="logo" part="logo" src=${t.logo} alt=${alt} @error=${hideBrokenLogo} />` : nothing}
    <div>
      ${t.companyName ? html`<div class="company-name" part="company-name">${t.companyName}</div>` : nothing}
      <h2 class="title" part="title">${msg('Business verification')}</h2>
    </div>
  </div>`;
}

/** A step's data or code could not load: the reason and "Try again". */
export function renderObjectsError(info: ErrorInfo, onRetry: () => void): TemplateResult {
  const { title, text } = errorText(info);
  return html`<div class="status error" part="error" role="alert">
    <p><strong>${title}</strong></p>
    <p>${text}</p>
    <button type="button" class="btn btn-secondary" part="button button-retry" @click=${onRetry}>
      ${msg('Try again')}
    </button>
  </div>`;
}

/** The form cannot be shown (no token, refused token, no answer, service error). */
export function renderError(info: ErrorInfo, onRetry: () => void): TemplateResult {
  const { title, text } = errorText(info);
  return html`<div class="error-screen" part="error" role="alert">
    <h3>${title}</h3>
    <p>${text}</p>
    ${
      info.retryable
        ? html`<button
            type="button"
            class="btn btn-primary"
            part="button button-primary button-retry"
            @click=${onRetry}
          >
            ${msg('Try again')}
          </button>`
        : nothing
    }
  </div>`;
}

export function renderSubmitted(review: TemplateResult): TemplateResult {
  return html`<section class="submitted" part="submitted" aria-labelledby="kyb-step-heading">
    <h3 class="step-heading" part="step-heading" id="kyb-step-heading" tabindex="-1">
      ${msg('Thank you, your information was submitted')}
    </h3>
    <div class="status success" role="status">
      <p>${msg('It is now being reviewed. You will be contacted if anything else is needed.')}</p>
    </div>
    ${review}
  </section>`;
}

export function renderSupport(email: string | null): TemplateResult | typeof nothing {
  if (!email) return nothing;
  return html`<p class="support" part="support">
    ${msg('Need help?')} <a href="mailto:${email}">${email}</a>
  </p>`;
}
