/**
 * Styles of the upload component (upload.ts): the drop zone, its stated limits and the file cards. In
 * `em` so they follow the form's font size. Included in form-styles.ts (the steps' styles).
 */
import { css } from 'lit';

export const uploadStyles = css`
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
  /* file cards */
  .upload-files {
    list-style: none;
    margin: 0.5em 0;
    padding: 0;
    display: grid;
    gap: 0.5em;
  }
  .upload-file {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em 0.75em;
    padding: 0.5em 0.75em;
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    background: var(--c-bg);
    overflow-wrap: anywhere;
  }
  .upload-thumb {
    flex: none;
    display: grid;
    place-items: center;
    width: 3em;
    height: 3em;
    border-radius: calc(var(--radius) / 2);
    background: var(--c-surface);
    overflow: hidden;
  }
  .upload-thumb img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  .upload-thumb img[hidden],
  .upload-icon[hidden] {
    display: none;
  }
  .upload-icon {
    width: 1.75em;
    height: 1.75em;
    fill: var(--c-muted);
  }
  .upload-file-main {
    flex: 1 1 12em;
    display: grid;
    gap: 0.125em;
    min-width: 0;
  }
  .upload-file-name {
    font-weight: 600;
  }
  .upload-file-meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.75em;
    color: var(--c-muted);
    font-size: 0.9em;
  }
  .upload-file-state {
    display: inline-flex;
    align-items: center;
    gap: 0.5em;
  }
  .upload-file-state progress {
    width: min(12em, 40vw);
  }
  .upload-state.is-done {
    color: var(--c-success);
    font-weight: 600;
  }
  .upload-state.is-failed {
    color: var(--c-error);
    font-weight: 600;
  }
  .upload-file-actions {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25em 0.5em;
  }
  .upload-file > .doc-rename,
  .upload-file > .field-error,
  .upload-file > .upload-note {
    flex: 1 0 100%;
    margin: 0;
  }
  .upload-file-name bdi {
    unicode-bidi: isolate;
  }
  .upload-note {
    color: var(--c-muted);
    font-size: 0.9em;
  }
`;
