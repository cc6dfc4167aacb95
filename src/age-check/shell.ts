/**
 * The screens of `<age-check>` that its first download holds (loading, consent, outcome, expired, error),
 * and the texts its live region announces. Pure templates and strings: every action goes through the
 * callbacks the element passes.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { AgeOutcome } from '../api/age.ts';
import { attemptsLeft, outcomeOf, TERMINAL, type MachineError, type MachineState } from './machine.ts';
import { attemptsText, button, heading } from './parts.ts';

/** Outcomes the element reports: the capture API's, and the published enum's `FACE_MISMATCH` (hosted page). */
export type ReportedOutcome = AgeOutcome | 'FACE_MISMATCH';

export interface OutcomeTexts {
  title: string;
  text: string;
  tone: 'success' | 'failure' | 'warning';
}

/** Title, sentence and tone of an outcome (null: a completed session whose outcome is not known). */
export function outcomeTexts(outcome: ReportedOutcome | null): OutcomeTexts {
  // A string switch: the published enum may grow (FACE_MISMATCH), and the default covers the unknown.
  switch (outcome as string | null) {
    case 'SUCCESS':
      return {
        title: msg('Age confirmed'),
        text: msg('Thank you. Your age check is complete.'),
        tone: 'success',
      };
    case 'UNDERAGE':
      return {
        title: msg('Age requirement not met'),
        text: msg('You do not meet the minimum age for this service.'),
        tone: 'failure',
      };
    case 'UNCERTAIN':
      return {
        title: msg('We could not confirm your age'),
        text: msg('Your age could not be confirmed with enough certainty.'),
        tone: 'warning',
      };
    case 'FACE_MISMATCH':
      return {
        title: msg('We could not confirm your age'),
        text: msg('The face in the selfie did not match the photo on the document.'),
        tone: 'failure',
      };
    case 'ATTEMPTS_EXCEEDED':
      return {
        title: msg('Too many attempts'),
        text: msg('The age check is locked because all attempts were used. Ask for a new link to try again.'),
        tone: 'failure',
      };
    default:
      return {
        title: msg('Age check complete'),
        text: msg('This age check has already been completed.'),
        tone: 'success',
      };
  }
}

/**
 * What the live region says when the machine enters `m`: each attempt result (retry, step-up) and each
 * outcome. Empty for the other states (their own status lines speak for them).
 */
export function announcementFor(m: MachineState): string {
  switch (m.name) {
    case 'retry': {
      const why =
        m.target === 'document'
          ? msg(
              'We could not read the document. Make sure the whole document is visible, sharp and without glare.',
            )
          : msg(
              'We could not estimate your age from this photo. Make sure your face is well lit and inside the oval.',
            );
      return `${msg('Let’s try again')}. ${why} ${attemptsText(attemptsLeft(m.session))}`;
    }
    case 'step-up':
      return `${msg('Confirm your age with an ID document')}. ${msg(
        'We could not confirm your age from the selfie alone. Take a photo of an identity document that shows your date of birth.',
      )}`;
    case 'done':
    case 'locked':
    case 'completed-already': {
      const t = outcomeTexts(outcomeOf(m));
      return m.name === 'completed-already'
        ? `${msg('Age check already completed')}. ${t.title}.`
        : `${t.title}. ${t.text}`;
    }
    case 'expired':
      return `${msg('This link has expired')}. ${msg(
        'The time for this age check has run out. Ask for a new link to try again.',
      )}`;
    default:
      return '';
  }
}

export function loadingScreen(): TemplateResult {
  return html`${heading(msg('Age check'))}
    <div class="spinner" aria-hidden="true"></div>
    <p role="status" part="status">${msg('Loading…')}</p>`;
}

/** A partner's privacy notice URL, when it is an http(s) URL (relative ones resolve against the page). */
export function safePrivacyUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url, typeof document === 'undefined' ? undefined : document.baseURI);
    if (parsed.username || parsed.password) return null;
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}

export interface ConsentOptions {
  /** The session's minimum age; null when it is not known (hosted mode: the provider's page has it). */
  minAge: number | null;
  /** Attempts already used (the "attempts left" line shows once one was used). */
  attemptsUsed: number;
  attemptsLeft: number;
  privacyUrl: string | null;
  onStart: () => void;
}

export function consentScreen(o: ConsentOptions): TemplateResult {
  const privacy = safePrivacyUrl(o.privacyUrl);
  const minAge = o.minAge;
  return html`${heading(msg('Confirm your age with a selfie'))}
    <div part="consent" class="consent" id="consent-text">
      <p>
        ${
          minAge === null
            ? msg('We estimate your age from a photo of your face to check that you are old enough.')
            : msg(
                str`We estimate your age from one photo of your face to check that you are at least ${minAge}.`,
              )
        }
      </p>
      <p>${msg('The photo is used only for this check. It is not shown to anyone else.')}</p>
      <ul>
        <li>${msg('Find good, even light and face the camera.')}</li>
        <li>${msg('Remove sunglasses, hats and masks.')}</li>
        <li>${msg('Keep your face inside the oval.')}</li>
      </ul>
      <p class="muted">
        ${msg('By selecting “Agree and start” you agree that your photo is analysed for this age check.')}
      </p>
    </div>
    <p part="privacy" class="privacy muted">
      ${msg('Privacy: your photo goes only to the age-check service and is used for nothing else.')}
      ${
        privacy
          ? html`<a part="privacy-link" href=${privacy} target="_blank" rel="noopener"
              >${msg('Privacy notice')}<span class="visually-hidden"> ${msg('(opens in a new tab)')}</span></a
            >`
          : nothing
      }
    </p>
    ${
      o.attemptsUsed > 0
        ? html`<p part="attempts" class="attempts">${attemptsText(o.attemptsLeft)}</p>`
        : nothing
    }
    <div class="actions">
      <button
        type="button"
        part="button primary-button start-button"
        class="primary"
        aria-describedby="consent-text"
        @click=${o.onStart}
      >
        ${msg('Agree and start')}
      </button>
    </div>`;
}

export interface OutcomeOptions {
  outcome: ReportedOutcome | null;
  /** The session was already complete when the element opened it. */
  already: boolean;
  /** A redirect that will be (or may be) followed, with the seconds left of its notice (0: none running). */
  redirect: { url: string; secs: number } | null;
}

export function outcomeScreen(o: OutcomeOptions): TemplateResult {
  const t = outcomeTexts(o.outcome);
  const secs = o.redirect?.secs ?? 0;
  return html`${heading(o.already ? msg('Age check already completed') : t.title)}
    <div part="outcome" class="outcome ${t.tone}" data-outcome=${o.outcome ?? nothing}>
      ${o.already ? html`<p>${msg('This age check has already been completed.')}</p>` : nothing}
      <p>${o.already && o.outcome ? t.title : t.text}</p>
    </div>
    ${
      o.redirect
        ? html`<div part="redirect" class="redirect">
            ${secs > 0 ? html`<p role="status">${msg(str`Continuing in ${secs} s…`)}</p>` : nothing}
            <a part="redirect-link" class="link-button" href=${o.redirect.url}>${msg('Continue now')}</a>
          </div>`
        : nothing
    }`;
}

export function expiredScreen(): TemplateResult {
  return html`${heading(msg('This link has expired'))}
    <div part="outcome" class="outcome warning">
      <p>${msg('The time for this age check has run out. Ask for a new link to try again.')}</p>
    </div>`;
}

export function errorScreen(
  err: MachineError | null,
  actions: { retry: () => void; reload: () => void },
): TemplateResult {
  let title = msg('Something went wrong');
  let text: string;
  switch (err?.reason) {
    case 'invalid-link':
      title = msg('This link is not valid');
      text = msg('The age check link is not valid. Ask for a new link.');
      break;
    case 'load-failed':
      text = msg('The age check could not be loaded. Check your connection and try again.');
      break;
    case 'network':
      text = msg('The photo could not be sent. Check your connection and try again. No attempt was used.');
      break;
    case 'server':
      text = msg('The service is not available right now. Try again in a moment. No attempt was used.');
      break;
    case 'image':
      text = msg('The photo could not be read. Try again with another photo.');
      break;
    default:
      text = msg('The request could not be completed. Reload the age check to continue.');
  }
  return html`${heading(title)}
    <p part="error" class="error-text" role="alert">${text}</p>
    ${
      err?.recovery === 'capture'
        ? html`<div class="actions">${button(msg('Try again'), actions.retry)}</div>`
        : err?.recovery === 'reload'
          ? html`<div class="actions">${button(msg('Reload'), actions.reload)}</div>`
          : nothing
    }`;
}

/** The expiry countdown shows in the last five minutes. */
export const COUNTDOWN_FROM_MS = 5 * 60 * 1000;

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The expiry countdown (last five minutes of an open session) and its polite minute announcements. */
export function countdownLine(m: MachineState, now: number): TemplateResult | typeof nothing {
  const session = m.session;
  if (!session || TERMINAL.has(m.name)) return nothing;
  const remaining = Date.parse(session.expires_at) - now;
  if (!(remaining <= COUNTDOWN_FROM_MS) || remaining <= 0) return nothing;
  const secs = Math.ceil(remaining / 1000);
  const mins = Math.ceil(secs / 60);
  return html`<p part="countdown" class="countdown" role="timer" aria-label=${msg('Time left')}>
      ${msg(str`Link expires in ${Math.floor(secs / 60)}:${pad2(secs % 60)}`)}
    </p>
    <p class="visually-hidden" aria-live="polite">
      ${mins <= 1 ? msg('Less than a minute left') : msg(str`Minutes left: ${mins}`)}
    </p>`;
}
