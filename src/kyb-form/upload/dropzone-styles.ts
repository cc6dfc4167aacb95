/**
 * Styles of the upload component's drop zone (upload.ts `renderDropzone`): the zone, its stated limits,
 * drag-over and forced colours. A module of its own, apart from the file cards (styles.ts, in `<kyb-form>`'s
 * review chunk), so `<age-check>`'s photo file adopts only these without the business form's chunks.
 * They use the `--c-*` / `--radius` / `--focus` properties, which `<age-check>` maps to its own.
 */
import { css } from 'lit';

export const dropzoneStyles = css`
  .upload-zone {
    position: relative;
    display: grid;
    justify-items: center;
    gap: 0.25em;
    padding: 1.25em 1em;
    border: 2px dashed var(--c-border);
    border-radius: var(--radius);
    background: var(--c-surface);
    color: var(--c-text);
    text-align: center;
    min-height: 2.75em;
  }
  .upload-zone:hover,
  .upload-zone.is-dragover {
    border-color: var(--c-primary);
    border-style: solid;
  }
  .upload-zone.is-dragover {
    background: var(--c-info-bg);
    box-shadow: inset 0 0 0 2px var(--c-primary);
  }
  .upload-zone:focus-within {
    outline: 2px solid var(--c-primary);
    outline-offset: 3px;
    box-shadow: var(--focus);
  }
  /* A single-file slot that holds its file: the card's Replace is the action; the input stays for it. */
  .upload-zone.is-filled {
    position: absolute;
    width: 1px;
    height: 1px;
    min-height: 0;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .upload-zone.is-disabled {
    border-color: var(--c-disabled-icon);
    background: var(--c-disabled);
    color: var(--c-disabled-text);
  }
  /* The real file input covers the whole zone, transparent: a click anywhere, Enter or Space opens the
     chooser, and assistive technology meets a native, labelled file control. */
  .upload-input {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    margin: 0;
    padding: 0;
    opacity: 0;
    cursor: pointer;
    font-size: 1em;
  }
  .upload-input::file-selector-button {
    cursor: pointer;
  }
  .upload-input:disabled,
  .upload-input[aria-disabled='true'] {
    cursor: not-allowed;
  }
  .upload-zone-icon {
    width: 2em;
    height: 2em;
    fill: var(--c-primary);
  }
  .upload-zone-action {
    color: var(--c-primary);
    font-weight: 600;
    text-decoration: underline;
  }
  .upload-hint {
    color: var(--c-muted);
    font-size: 0.9em;
  }
  /*
   * Forced colours: the zone's dashed border in the user's text colour, the hover and drop target
   * Highlight (the inset shadow and tinted background are dropped in this mode), disabled GrayText.
   */
  @media (forced-colors: active) {
    .upload-zone {
      border-color: CanvasText;
    }
    .upload-zone:hover,
    .upload-zone.is-dragover {
      border-color: Highlight;
    }
    .upload-zone.is-dragover {
      outline: 2px solid Highlight;
      outline-offset: -6px;
    }
    .upload-zone.is-disabled {
      border-color: GrayText;
      color: GrayText;
    }
    .upload-zone-icon,
    .upload-icon {
      fill: CanvasText;
    }
    .upload-zone.is-disabled .upload-zone-icon {
      fill: GrayText;
    }
    .upload-zone-action {
      color: LinkText;
    }
    .upload-file-state progress {
      accent-color: Highlight;
    }
  }
`;
