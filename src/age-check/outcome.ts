/**
 * The screens and texts of `<age-check>` after its first screen: the outcome and expired screens (with the
 * partner's next step, `exit-url` / `exit-label`), and what
 * the live region announces on each attempt result and outcome. Part of the deferred chunk (flow.ts) and
 * of hosted mode (hosted.ts), not of the first download. Pure templates and strings.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { AgeOutcome } from '../api/age.ts';
import { safeServiceUrl } from '../api/url.ts';
import { attemptsLeft, REDIRECT_DELAY_S, type MachineError, type MachineState } from './machine-session.ts';
import { attemptsText, heading } from './parts.ts';

/** Outcomes the element reports: the capture API's, and the published enum's `FACE_MISMATCH` (hosted page). */
export type ReportedOutcome = AgeOutcome | 'FACE_MISMATCH';

export interface OutcomeTexts {
  title: string;
  text: string;
  tone: 'success' | 'failure' | 'warning';
}

/** The outcome to report when a state is final, or null. */
export function outcomeOf(state: MachineState): AgeOutcome | null {
  if (state.name === 'locked') return 'ATTEMPTS_EXCEEDED';
  if (state.name === 'done' || state.name === 'completed-already') return state.session?.outcome ?? null;
  return null;
}

/** The redirect to follow, or null: the one rule for service URLs (`src/api/url.ts`), absolute only. */
export function safeRedirect(url: string | null | undefined): string | null {
  return safeServiceUrl(url);
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
        text: msg('All attempts were used, so this age check is locked and cannot be tried again here.'),
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
      return `${expiredTitle()}. ${expiredText()}`;
    default:
      return '';
  }
}

/** Said once when an automatic redirect starts (with the outcome), not each second. */
export const autoRedirectNotice = (): string =>
  msg(str`You will be taken back automatically in ${REDIRECT_DELAY_S} seconds unless you choose to stay.`);

/** Said when the user turned the automatic redirect off. */
export const stayedText = (): string => msg('You stay on this page. Choose Continue when you are ready.');

/** The partner's next step (`exit-url`, `exit-label`) and what taking it does (fires `age-check-exit`). */
export interface ExitOptions {
  /**
   * The partner's next step after an outcome that is not a success, or after the check expired: a link
   * (with a URL) or a button; `onExit` fires `age-check-exit` when the user takes it.
   */
  exit?: { url: string | null; label: string | null } | null;
  onExit?: (e: Event) => void;
}

export interface OutcomeOptions extends ExitOptions {
  outcome: ReportedOutcome | null;
  /** The session was already complete when the element opened it. */
  already: boolean;
  /**
   * A redirect offered as a "Continue" link. `auto`: it is also followed by itself, `secs` from now, unless
   * the user chooses "Stay on this page" (`onStay`).
   */
  redirect: { url: string; secs: number; auto: boolean } | null;
  onStay?: () => void;
}

/** Outcomes after which the partner's next step is offered: every one but a success. */
const wantsExit = (o: OutcomeOptions) => !o.already && o.outcome !== 'SUCCESS';

/**
 * The partner's next step as a link or a button; without one, `askSite` says who can help (on a screen
 * the user cannot get past here), else nothing.
 */
function exitAction(o: ExitOptions, askSite: boolean): TemplateResult | typeof nothing {
  const exit = o.exit;
  if (!exit || (!exit.url && !exit.label))
    return askSite
      ? html`<p part="exit-text">
          ${msg('The site that asked for this check can tell you what to do next.')}
        </p>`
      : nothing;
  const label = exit.label || msg('Back to the site');
  return html`<div class="actions" part="exit">
    ${
      exit.url
        ? html`<a part="exit-link" class="link-button" href=${exit.url} @click=${o.onExit}>${label}</a>`
        : html`<button
            type="button"
            part="button primary-button exit-button"
            class="primary"
            @click=${o.onExit}
          >
            ${label}
          </button>`
    }
  </div>`;
}

export function outcomeScreen(o: OutcomeOptions): TemplateResult {
  const t = outcomeTexts(o.outcome);
  const r = o.redirect;
  const secs = r?.secs ?? 0;
  const counting = !!r && r.auto && secs > 0;
  return html`${heading(o.already ? msg('Age check already completed') : t.title)}
    <div part="outcome" class="outcome ${t.tone}" data-outcome=${o.outcome ?? nothing}>
      ${o.already ? html`<p>${msg('This age check has already been completed.')}</p>` : nothing}
      <p>${o.already && o.outcome ? t.title : t.text}</p>
    </div>
    ${wantsExit(o) ? exitAction(o, o.outcome === 'ATTEMPTS_EXCEEDED') : nothing}
    ${
      r
        ? html`<div part="redirect" class="redirect">
            ${
              counting
                ? html`<p part="redirect-notice">
                    <span aria-hidden="true">${msg(str`Continuing in ${secs} s…`)}</span
                    ><span class="visually-hidden">${autoRedirectNotice()}</span>
                  </p>`
                : nothing
            }
            <div class="actions">
              <a part="redirect-link" class="link-button" href=${r.url}
                >${counting ? msg('Continue now') : msg('Continue')}</a
              >
              ${
                counting && o.onStay
                  ? html`<button
                      type="button"
                      part="button secondary-button stay-button"
                      class="secondary"
                      @click=${o.onStay}
                    >
                      ${msg('Stay on this page')}
                    </button>`
                  : nothing
              }
            </div>
          </div>`
        : nothing
    }`;
}

const expiredTitle = () => msg('This age check has expired');
const expiredText = () =>
  msg('The time allowed for it ran out before it was finished, so it cannot be continued here.', {
    desc: 'on the expired screen, after its title "This age check has expired"',
  });

/**
 * The check expired: what happened, then the partner's next step (`exit-url` / `exit-label`, firing
 * `age-check-exit` with `outcome: null`) or, without one, who can help. No "new link": the shopper is on
 * the partner's page and has none to ask for.
 */
export function expiredScreen(o: ExitOptions = {}): TemplateResult {
  return html`${heading(expiredTitle())}
    <div part="outcome" class="outcome warning">
      <p>${expiredText()}</p>
    </div>
    ${exitAction(o, true)}`;
}

/** The texts of the errors after a photo was taken (see `errorScreen` in shell.ts), or null for the others. */
export function captureErrorText(reason: MachineError['reason']): string | null {
  switch (reason) {
    case 'network':
      return msg('The photo could not be sent. Check your connection and try again. No attempt was used.');
    case 'server':
      return msg('The service is not available right now. Try again in a moment. No attempt was used.');
    case 'image':
      return msg('The photo could not be read. Try again with another photo.');
    default:
      return null;
  }
}
