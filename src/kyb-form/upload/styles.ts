/**
 * Styles of the upload component (upload.ts): the drop zone, its stated limits and the file cards. In
 * `em` so they follow the form's font size. Included in form-styles.ts (the steps' styles).
 */
import { css } from 'lit';
import { dropzoneStyles } from './dropzone-styles.ts';

export const uploadStyles = css`
  ${dropzoneStyles}
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
