/**
 * Styles of `<age-check>`'s screens after the first one (capture, outcome, hosted frame), adopted with the
 * chunk that renders them (see `addStyles` in theme/style-nonce.ts). They use the custom properties of styles.ts.
 */
import { css } from 'lit';
import { dropzoneStyles } from '../kyb-form/upload/dropzone-styles.ts';

export const screenStyles = css`
  :host {
    --_success: var(--age-check-color-success, #166534);
    --_offset: var(--age-check-viewport-offset, 0px);
    --_reserve: 14em;
  }
  button.secondary {
    background: var(--_background);
    color: var(--_primary);
  }
  input:focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 3px;
    box-shadow: var(--_focus);
  }
  /*
   * The preview's height is capped by the viewport (dvh where supported, else vh) so that the preview and
   * its capture button fit together, at any size and zoom, below a partner's fixed header.
   */
  .stage {
    position: relative;
    aspect-ratio: 3 / 4;
    width: min(100%, calc((100vh - var(--_offset) - var(--_reserve)) * 3 / 4));
    width: min(100%, calc((100dvh - var(--_offset) - var(--_reserve)) * 3 / 4));
    min-width: min(100%, 8em);
    margin-inline: auto;
    scroll-margin-top: calc(var(--_offset) + 0.5em);
    background: #000000;
    border-radius: var(--_radius);
    overflow: hidden;
  }
  .stage.document {
    aspect-ratio: 4 / 3;
    width: min(100%, calc((100vh - var(--_offset) - var(--_reserve)) * 4 / 3));
    width: min(100%, calc((100dvh - var(--_offset) - var(--_reserve)) * 4 / 3));
  }
  .capture-actions {
    scroll-margin-bottom: 0.5em;
  }
  .hosted-frame {
    display: block;
    width: 100%;
    height: max(24em, min(44em, calc(100vh - var(--_offset) - 10em)));
    height: max(24em, min(44em, calc(100dvh - var(--_offset) - 10em)));
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
  }
  .hosted-loading {
    display: flex;
    align-items: center;
    gap: 0.75em;
  }
  video {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  video.mirror {
    transform: scaleX(-1);
  }
  .guide {
    position: absolute;
    inset: 0;
    pointer-events: none;
    display: flex;
    align-items: center;
    justify-content: center;
  }
  .guide::before {
    content: '';
    width: 62%;
    height: 72%;
    border: 3px dashed rgba(255, 255, 255, 0.9);
    border-radius: 50%;
    box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.35);
  }
  .guide.document::before {
    width: 86%;
    height: 60%;
    border-radius: var(--_radius);
  }
  /*
   * Forced colours: the video keeps its own colours, so the guide does too (forced-color-adjust: none)
   * instead of turning into dashes of the text colour (black dashes over a dark video): a solid oval of
   * the user's Canvas colour inside a CanvasText ring, visible over a light or a dark picture.
   */
  @media (forced-colors: active) {
    .guide {
      forced-color-adjust: none;
    }
    .guide::before {
      border: 4px solid Canvas;
      outline: 3px solid CanvasText;
      box-shadow: none;
    }
    /* The countdown over the video keeps its white digits and dark shadow. */
    .auto-count {
      forced-color-adjust: none;
    }
    progress {
      accent-color: Highlight;
    }
    .outcome {
      border: 1px solid CanvasText;
      border-inline-start-width: 6px;
    }
  }
  .auto-count {
    position: absolute;
    inset-inline: 0;
    bottom: var(--_space);
    text-align: center;
    color: #ffffff;
    font-size: 2em;
    font-weight: 700;
    text-shadow: 0 1px 4px #000000;
  }
  progress {
    width: 100%;
    height: 1em;
    accent-color: var(--_primary);
  }
  .outcome {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_space) / 2);
    padding: var(--_space);
    border-radius: var(--_radius);
    background: var(--_surface);
    border-inline-start: 6px solid var(--_border);
  }
  .outcome.success {
    border-color: var(--_success);
  }
  .outcome.failure {
    border-color: var(--_error);
  }
  .outcome.warning {
    border-color: var(--_warning);
  }
  .file-field {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
  }
  label {
    font-weight: 600;
  }
  input[type='file'] {
    font: inherit;
    max-width: 100%;
    padding: 0.5em;
    border: 1px dashed var(--_border);
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_text);
  }
  .qr {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: 0.5em;
  }
  .qr-code {
    width: 10em;
    height: 10em;
  }
  .qr-code svg {
    width: 100%;
    height: 100%;
    display: block;
  }
  .qr-light {
    fill: #ffffff;
  }
  .qr-dark {
    fill: #000000;
  }
  @media (max-width: 400px) {
    :host {
      --_reserve: 16em;
    }
  }
  /* The photo file: the package's upload component (kyb-form/upload/dropzone-styles.ts) in the age check's colours. */
  .file-field {
    --c-border: var(--_border);
    --c-surface: var(--_surface);
    --c-bg: var(--_background);
    --c-text: var(--_text);
    --c-muted: var(--_muted);
    --c-primary: var(--_primary);
    --c-error: var(--_error);
    --c-success: var(--_success);
    --c-info-bg: var(--_surface);
    --c-disabled: var(--_surface);
    --c-disabled-icon: var(--_border);
    --c-disabled-text: var(--_muted);
    --radius: var(--_radius);
    --focus: var(--_focus);
  }
  .file-field .field {
    display: flex;
    flex-direction: column;
    gap: 0.25em;
  }
  .file-field .field-description {
    margin: 0;
    color: var(--_muted);
  }
  .file-field .field-error {
    margin: 0;
    color: var(--_error);
    font-weight: 600;
  }
  ${dropzoneStyles}
  /* The photo to review before it is sent. */
  .photo-preview {
    display: block;
    max-width: 100%;
    max-height: min(60vh, 28em);
    margin-inline: auto;
    border-radius: var(--_radius);
    border: 1px solid var(--_border);
  }
`;
