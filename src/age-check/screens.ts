/**
 * The screens of `<age-check>` after consent: camera start, live view, processing, upload progress,
 * retry, document step-up and review, pause and the file + QR fallback. A chunk of its own, loaded
 * while the session is read, so the element's first download holds only the shell (loading, consent,
 * outcome and error screens). Pure templates: every action goes through the host.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { CameraFailure, MachineEvent, MachineState } from './machine-session.ts';
import { attemptsLeft } from './machine-session.ts';
import { attemptsText, button, heading } from './parts.ts';
import { photoFileField } from './photo-file.ts';

/** What the screens need from the element. */
export interface CaptureHost {
  /** Seconds left of the automatic capture, 0 when off. */
  readonly autoCount: number;
  /** The URL for the QR code, or null for the page's own. */
  readonly sessionUrl: string | null;
  send(event: MachineEvent): MachineState;
  /** Takes the photo from the live view. */
  capture(): void;
  /** A file chosen in the fallback's file input. */
  chooseFile(event: Event): void;
  /** Sends the captured document. */
  upload(): void;
  /** The QR code of `url`, once its module has loaded. */
  qr(url: string): TemplateResult | typeof nothing;
  /** The active locale (sizes and lists in the file choice). */
  readonly locale: string;
  /** An object URL of the photo to review, or null. */
  readonly preview: string | null;
  /** Why the chosen file was not taken, or null. */
  readonly fileError: string | null;
}

/** The screen of a state after consent. */
export function captureScreen(m: MachineState, h: CaptureHost): TemplateResult {
  switch (m.name) {
    case 'camera-starting':
      return html`${heading(msg('Starting the camera'))}
        <div class="spinner" aria-hidden="true"></div>
        <p role="status" part="status">${msg('Allow access to the camera when your browser asks.')}</p>`;
    case 'live':
    case 'document-live':
      return live(m, h);
    case 'capturing':
      return html`${heading(msg('Processing the photo'))}
        <div class="spinner" aria-hidden="true"></div>
        <p role="status" part="status">${msg('Preparing the photo…')}</p>`;
    case 'uploading':
      return uploading(m);
    case 'retry':
      return retry(m, h);
    case 'step-up':
      return stepUp(h);
    case 'document-review':
      return documentReview(m, h);
    case 'selfie-review':
      return selfieReview(h);
    case 'paused':
      return html`${heading(msg('Camera paused'))}
        <p>${msg('The camera was turned off while this page was in the background.')}</p>
        <div class="actions">${button(msg('Resume camera'), () => h.send({ type: 'RESUME' }))}</div>`;
    default:
      // 'fallback' (the shell renders its own states and never passes them here).
      return fallback(m, h);
  }
}

function live(m: MachineState, h: CaptureHost): TemplateResult {
  const doc = m.target === 'document';
  const title = !doc
    ? msg('Take a selfie')
    : m.side === 'front'
      ? msg('Photograph the front of your ID')
      : msg('Photograph the back of your ID');
  const hint = doc
    ? msg('Place the document inside the frame, on a dark surface, without glare.')
    : msg('Look straight at the camera and keep your face inside the oval.');
  return html`${heading(title)}
    <p id="live-hint">${hint}</p>
    <div class="stage ${doc ? 'document' : ''}">
      <video
        part="video"
        class=${doc ? '' : 'mirror'}
        autoplay
        playsinline
        muted
        aria-label=${msg('Camera preview')}
      ></video>
      <div part="guide" class="guide ${doc ? 'document' : ''}" aria-hidden="true"></div>
      ${h.autoCount > 0 ? html`<div class="auto-count" aria-hidden="true">${h.autoCount}</div>` : nothing}
    </div>
    <p class="visually-hidden" aria-live="polite" part="status">
      ${
        // Said once, not every second: the count itself is on screen (aria-hidden).
        h.autoCount > 0 ? msg('Taking the photo in a few seconds. Hold still.') : ''
      }
    </p>
    <div class="actions capture-actions">
      <button
        type="button"
        part="button primary-button capture-button"
        class="primary"
        aria-describedby="live-hint"
        @click=${() => h.capture()}
      >
        ${msg('Take photo')}
      </button>
      ${button(msg('Use a photo file instead'), () => h.send({ type: 'USE_FILE' }), { primary: false })}
    </div>`;
}

function uploading(m: MachineState): TemplateResult {
  const pct = Math.round(m.progress * 100);
  const text = pct >= 100 ? msg('Checking the photo…') : msg(str`Uploading: ${pct} %`);
  return html`${heading(msg('Checking'))}
    <label class="visually-hidden" for="progress">${msg('Upload progress')}</label>
    <progress id="progress" part="progress" max="100" .value=${pct}></progress>
    <p part="progress-text">${text}</p>
    <p class="visually-hidden" role="status">
      ${
        // The percentage changes many times a second: the live region says the phase only.
        pct >= 100 ? msg('Checking the photo…') : msg('Uploading the photo…')
      }
    </p>`;
}

function retry(m: MachineState, h: CaptureHost): TemplateResult {
  const left = attemptsLeft(m.session);
  const doc = m.target === 'document';
  return html`${heading(msg('Let’s try again'))}
    <p>
      ${
        doc
          ? msg(
              'We could not read the document. Make sure the whole document is visible, sharp and without glare.',
            )
          : msg(
              'We could not estimate your age from this photo. Make sure your face is well lit and inside the oval.',
            )
      }
    </p>
    <p part="attempts" class="attempts">${attemptsText(left)}</p>
    <div class="actions">${button(msg('Try again'), () => h.send({ type: 'RETRY' }))}</div>`;
}

function stepUp(h: CaptureHost): TemplateResult {
  return html`${heading(msg('Confirm your age with an ID document'))}
    <p>
      ${msg('We could not confirm your age from the selfie alone. Take a photo of an identity document that shows your date of birth.')}
    </p>
    <p class="muted">${msg('You can add the back side after the front.')}</p>
    <div class="actions">
      ${button(msg('Continue with an ID document'), () => h.send({ type: 'START_DOCUMENT' }))}
    </div>`;
}

/** The photo just taken or chosen, before it is sent. */
const previewImage = (h: CaptureHost, mirror: boolean) =>
  h.preview
    ? html`<img
        part="photo-preview"
        class="photo-preview ${mirror ? 'mirror' : ''}"
        src=${h.preview}
        alt=${msg('The photo you took')}
      />`
    : nothing;

const usePhoto = (h: CaptureHost) => {
  const next = h.send({ type: 'USE_PHOTO' });
  if (next.name === 'uploading') h.upload();
};

/** A look at the selfie first: only the photo the user chooses to use is sent. */
function selfieReview(h: CaptureHost): TemplateResult {
  return html`${heading(msg('Check your photo'))} ${previewImage(h, false)}
    <p>${msg('Is your face sharp, well lit and fully visible? If not, take it again.')}</p>
    <div class="actions">
      ${button(msg('Use this photo'), () => usePhoto(h))}
      ${button(msg('Retake'), () => h.send({ type: 'RETAKE' }), { primary: false })}
    </div>`;
}

function documentReview(m: MachineState, h: CaptureHost): TemplateResult {
  const hasBack = m.side === 'back';
  return html`${heading(msg('Send the document'))} ${previewImage(h, false)}
    <p role="status">
      ${hasBack ? msg('The front and back sides are ready.') : msg('The front side is ready.')}
    </p>
    <div class="actions">
      ${button(hasBack ? msg('Use these photos') : msg('Use this photo'), () => usePhoto(h))}
      ${hasBack ? nothing : button(msg('Add the back side'), () => h.send({ type: 'ADD_BACK' }), { primary: false })}
      ${button(
        hasBack ? msg('Retake the back side') : msg('Retake the front side'),
        () => h.send({ type: 'RETAKE' }),
        {
          primary: false,
        },
      )}
    </div>`;
}

function fallbackReason(reason: CameraFailure | null): string {
  switch (reason) {
    case 'denied':
      return msg('Camera access was not allowed.');
    case 'no-camera':
      return msg('No camera was found on this device.');
    case 'busy':
      return msg('The camera is in use by another app or could not be started.');
    case 'insecure':
      return msg('The camera can only be used on a secure (https) page.');
    case 'unsupported':
      return msg('This browser cannot use the camera here.');
    case null:
      return msg('Choose a photo or take one with your device.');
  }
}

function fallback(m: MachineState, h: CaptureHost): TemplateResult {
  const doc = m.target === 'document';
  const label = !doc
    ? msg('Take or choose a photo of your face')
    : m.side === 'front'
      ? msg('Take or choose a photo of the front of your ID')
      : msg('Take or choose a photo of the back of your ID');
  const url = h.sessionUrl || (typeof location === 'undefined' ? '' : location.href);
  return html`${heading(doc ? msg('Add a photo of your ID') : msg('Add a photo of your face'))}
    <div part="fallback" class="fallback">
      <p part="error" id="fallback-reason">${fallbackReason(m.cameraFailure)}</p>
    </div>
    ${photoFileField({
      label,
      description: msg('The photo is made smaller on this device before it is sent.'),
      error: h.fileError,
      locale: h.locale,
      capture: doc ? 'environment' : 'user',
      onChange: (e: Event) => h.chooseFile(e),
    })}
    ${
      m.cameraFailure === 'denied' || m.cameraFailure === 'busy' || m.cameraFailure === null
        ? html`<div class="actions">
            ${button(msg('Try the camera again'), () => h.send({ type: 'CAMERA_RETRY' }), { primary: false })}
          </div>`
        : nothing
    }
    ${
      url
        ? html`<div class="qr">
            <p id="qr-text">${msg('Or continue on your phone: scan this code with its camera.')}</p>
            <div
              part="qr"
              class="qr-code"
              role="img"
              aria-label=${msg('QR code with the link to this age check')}
            >
              ${h.qr(url)}
            </div>
          </div>`
        : nothing
    }`;
}
