/**
 * The styles of `<kyb-form>`'s shell: the frame, header, progress, navigation, buttons, status boxes,
 * loading and error screens. What the steps render is styled by form-styles.ts (fields, with the company
 * step) and, for what only later steps use (cards, lists, danger and link buttons, icons, review,
 * people, documents, questionnaires), by the later styles (step-styles.ts and shell/review-submit.ts).
 *
 * Every size derives from the element's own base, `--kyb-font-size`, by default the user's own default
 * font size (the CSS `medium` keyword: 16px unless the user chose another in the browser's settings), set
 * on `:host` and again on the inner `.root`, whose computed size becomes `--size` (through the registered
 * length `--_kyb-medium`, see below): font sizes are `calc(var(--size) * n)` (no compounding through
 * nesting), other lengths `em` of the element or multiples of `--size`/`--space`, never `rem`. So a
 * page's root font size (`html { font-size: 62.5% }`) or a `* { font-size: 31px !important }` rule (which
 * reaches the host element, not the shadow tree) does not change the form; the user's default font size
 * and browser zoom scale it.
 *
 * Each colour resolves as `var(--kyb-color-X, var(--_kyb-theme-X, <default>))`: the page's own custom
 * property wins, then the service theme (private properties set with cssProps on `.root`), then the
 * defaults (all text/background pairs >= 4.5:1).
 */
import { css } from 'lit';

/**
 * `--_kyb-medium` is registered as an inherited `<length>`, so `--_kyb-medium: 1em` on `.root` computes to
 * `.root`'s font size in px (the user's `medium`) and every descendant inherits that length, not `1em`.
 * An engine without `CSS.registerProperty` keeps the 16px base (an unregistered `1em` would compound).
 */
function registerMedium(): boolean {
  const api = (globalThis as { CSS?: { registerProperty?: (d: PropertyDefinition) => void } }).CSS;
  if (typeof api?.registerProperty !== 'function') return false;
  try {
    api.registerProperty({ name: '--_kyb-medium', syntax: '<length>', inherits: true, initialValue: '16px' });
    return true;
  } catch (e) {
    // Registered already (a second copy of the element on the page).
    return e instanceof DOMException && e.name === 'InvalidModificationError';
  }
}
const mediumBase = registerMedium()
  ? css`
      .root {
        font-size: var(--kyb-font-size, medium);
        --_kyb-medium: 1em;
      }
    `
  : css``;

export const styles = css`
  :host {
    display: block;
    font-size: var(--kyb-font-size, medium);
    box-sizing: border-box;
    min-width: 0;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  /* box-sizing is set here, not only on :host, so page rules reaching the host cannot change it inside. */
  .root {
    box-sizing: border-box;
    display: block;
    --c-primary: var(--kyb-color-primary, var(--_kyb-theme-primary, #1d4ed8));
    --c-on-primary: var(--kyb-color-on-primary, var(--_kyb-theme-on-primary, #ffffff));
    --c-primary-hover: var(--kyb-color-primary-hover, var(--_kyb-theme-primary-hover, #1e3a8a));
    --c-secondary: var(--kyb-color-secondary, var(--_kyb-theme-secondary, #0f766e));
    --c-bg: var(--kyb-color-background, var(--_kyb-theme-background, #ffffff));
    --c-surface: var(--kyb-color-surface, var(--_kyb-theme-surface, #f1f5f9));
    --c-text: var(--kyb-color-text, var(--_kyb-theme-text, #0f172a));
    --c-muted: var(--kyb-color-text-muted, var(--_kyb-theme-text-muted, #475569));
    --c-border: var(--kyb-color-border, var(--_kyb-theme-border, #64748b));
    --c-success: var(--kyb-color-success, var(--_kyb-theme-success, #15803d));
    --c-success-bg: var(--kyb-color-success-background, var(--_kyb-theme-success-background, #f0fdf4));
    --c-error: var(--kyb-color-error, var(--_kyb-theme-error, #b91c1c));
    --c-error-bg: var(--kyb-color-error-background, var(--_kyb-theme-error-background, #fef2f2));
    --c-warning: var(--kyb-color-warning, var(--_kyb-theme-warning, #92400e));
    --c-warning-bg: var(--kyb-color-warning-background, var(--_kyb-theme-warning-background, #fffbeb));
    --c-info: var(--kyb-color-info, var(--_kyb-theme-info, #1d4ed8));
    --c-info-bg: var(--kyb-color-info-background, var(--_kyb-theme-info-background, #eff6ff));
    --c-disabled: var(--kyb-color-disabled, var(--_kyb-theme-disabled, #e2e8f0));
    --c-disabled-text: var(--kyb-color-disabled-text, var(--_kyb-theme-disabled-text, #475569));
    --c-disabled-icon: var(--kyb-color-disabled-icon, var(--_kyb-theme-disabled-icon, #64748b));
    --font: var(
      --kyb-font-family,
      var(--_kyb-theme-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif)
    );
    --size: var(--_kyb-medium, var(--kyb-font-size, 16px));
    --radius: var(--kyb-radius, calc(var(--size) * 0.5));
    --space: var(--kyb-space, var(--size));
    --focus: var(--kyb-focus-ring, 0 0 0 3px var(--c-bg), 0 0 0 5px var(--c-primary));

    font-family: var(--font);
    font-size: var(--size);
    line-height: 1.5;
    color: var(--c-text);
    background: var(--c-bg);
    max-width: var(--kyb-max-width, calc(var(--size) * 48));
    margin: 0 auto;
    padding: var(--space);
    border-radius: var(--radius);
    overflow-wrap: anywhere;
  }
  /*
   * Type scale (from the base --size, never from the page): the step heading (h3) 1.5, the element's
   * title (h2) 1.25, sections (h4) 1.25, sub-sections (h5) 1.125 and (h6) 1.0625, field labels 1 (600).
   * Every heading is at least as large and bolder than a field label.
   */
  h2,
  h3,
  h4,
  h5,
  h6 {
    line-height: 1.25;
    font-weight: 700;
    margin: 0 0 calc(var(--space) * 0.75);
  }
  h2 {
    font-size: calc(var(--size) * 1.25);
  }
  h3 {
    font-size: calc(var(--size) * 1.5);
  }
  h4 {
    font-size: calc(var(--size) * 1.25);
    margin-top: calc(var(--space) * 0.5);
  }
  h5 {
    font-size: calc(var(--size) * 1.125);
  }
  h6 {
    font-size: calc(var(--size) * 1.0625);
  }
  p {
    margin: 0 0 calc(var(--space) * 0.75);
  }
  a {
    color: var(--c-primary);
  }
  a:hover {
    color: var(--c-primary-hover);
  }
  /*
   * The focus indicator is an outline, which every engine paints on every control; WebKit paints no
   * box-shadow on a native <select>. It lies exactly on the default ring's outer band (3px gap, 2px
   * primary), which --kyb-focus-ring still draws as a box-shadow where the engine paints one.
   */
  :focus-visible,
  [tabindex='-1']:focus-visible,
  /* Chromium's date and time fields drop :focus-visible while their picker button has the focus. */
  input:is([type='date'], [type='time'], [type='datetime-local']):focus-within {
    outline: 2px solid var(--c-primary);
    outline-offset: 3px;
    box-shadow: var(--focus);
    border-radius: 2px;
  }
  [tabindex='-1']:focus:not(:focus-visible) {
    outline: none;
  }
  /*
   * A control that takes the focus scrolls into view below a partner's sticky header, not under it
   * (Tab and Shift+Tab, focus moved to an error summary or a heading): --kyb-scroll-margin-top is that
   * header's height (default 0).
   */
  :is(input, select, textarea, button, a[href], summary, [tabindex]) {
    scroll-margin-top: var(--kyb-scroll-margin-top, 0px);
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  /* header and progress */
  .header {
    display: flex;
    align-items: center;
    gap: calc(var(--space) * 0.75);
    flex-wrap: wrap;
    margin-bottom: var(--space);
    padding-bottom: calc(var(--space) * 0.75);
    border-bottom: 1px solid var(--c-border);
  }
  .logo {
    max-height: calc(var(--size) * 2.5);
    max-width: calc(var(--size) * 10);
    object-fit: contain;
  }
  .title {
    margin: 0;
  }
  .company-name {
    color: var(--c-muted);
    font-weight: 600;
  }
  .progress {
    margin-bottom: var(--space);
  }
  .progress-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.5em;
  }
  /* The text and, until the total is known, the same line with the total so far (unseen) in one cell. */
  .progress-where {
    display: grid;
    min-width: 0;
  }
  .progress-where > * {
    grid-area: 1 / 1;
  }
  .progress-reserve {
    visibility: hidden;
  }
  .progress-text {
    margin: 0 0 0.5em;
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
  }
  .progress-current,
  .progress-toggle {
    display: none;
  }
  .progress-toggle {
    font: inherit;
    font-size: 0.9em;
    min-height: calc(var(--size) * 2.75);
    padding: 0.25em 0.75em;
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    background: var(--c-bg);
    color: var(--c-primary);
    cursor: pointer;
  }
  .progress-toggle::after {
    content: ' ▾';
  }
  .progress-toggle[aria-expanded='true']::after {
    content: ' ▴';
  }
  .progress-reason {
    margin: 0.5em 0 0;
    color: var(--c-muted);
    font-size: 0.85em;
  }
  /* Narrow form: "Step 2 of 5 · People and owners" and the list behind "All steps" (a button that keeps
     its one line). A media query: container queries are newer than the supported Safari 15. */
  @media (max-width: 34em) {
    .progress-current {
      display: inline;
      color: var(--c-text);
      font-weight: 600;
    }
    .progress-toggle {
      display: inline-block;
      flex: none;
      white-space: nowrap;
    }
    .progress-text {
      margin: 0;
    }
    .progress:not(.open) .progress-list {
      display: none;
    }
    .progress.open .progress-list {
      margin-top: 0.5em;
    }
    .progress.open ol {
      flex-direction: column;
      align-items: stretch;
    }
    .progress.open button[part~='progress-step'] {
      width: 100%;
      text-align: start;
    }
  }
  .progress ol {
    list-style: none;
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--size) * 0.25);
    margin: 0;
    padding: 0;
    counter-reset: step;
  }
  .progress li {
    counter-increment: step;
  }
  .progress ol button {
    font: inherit;
    font-size: calc(var(--size) * 0.9);
    min-height: calc(var(--size) * 2.75);
    padding: 0.25em 0.75em;
    border: 1px solid var(--c-border);
    border-radius: 999px;
    background: var(--c-bg);
    color: var(--c-text);
    cursor: pointer;
  }
  .progress ol button::before {
    content: counter(step) '. ';
  }
  .progress ol button[aria-current='step'] {
    background: var(--c-primary);
    border-color: var(--c-primary);
    color: var(--c-on-primary);
    font-weight: 600;
  }
  .progress ol button:hover:not([aria-current='step']):not([aria-disabled='true']) {
    border-color: var(--c-primary);
  }
  .progress ol button[aria-disabled='true'] {
    background: var(--c-disabled);
    border-style: dashed;
    color: var(--c-disabled-text);
    cursor: not-allowed;
  }

  /* step layout */
  .step-heading {
    margin-top: 0;
  }
  .step-description,
  .hint {
    color: var(--c-muted);
  }
  .step-body {
    display: flex;
    flex-direction: column;
    gap: calc(var(--space) * 0.25);
  }
  .nav {
    display: flex;
    flex-wrap: wrap-reverse;
    justify-content: space-between;
    gap: calc(var(--space) * 0.5);
    margin-top: calc(var(--space) * 1.5);
  }
  .nav .spacer {
    flex: 1;
  }

  /* buttons */
  .btn {
    font: inherit;
    font-weight: 600;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 0.5em;
    min-height: calc(var(--size) * 2.75);
    padding: 0.5em 1.2em;
    border-radius: var(--radius);
    border: 2px solid transparent;
    cursor: pointer;
    text-decoration: none;
  }
  .btn-primary {
    background: var(--c-primary);
    color: var(--c-on-primary);
    border-color: var(--c-primary);
  }
  .btn-primary:hover {
    background: var(--c-primary-hover);
    border-color: var(--c-primary-hover);
  }
  .btn-secondary {
    background: var(--c-bg);
    color: var(--c-primary);
    border-color: var(--c-primary);
  }
  .btn-secondary:hover {
    color: var(--c-primary-hover);
    border-color: var(--c-primary-hover);
    background: var(--c-surface);
  }
  .btn:disabled,
  .btn[aria-disabled='true'] {
    background: var(--c-disabled);
    border-color: var(--c-disabled);
    color: var(--c-disabled-text);
    cursor: not-allowed;
  }

  .status {
    border-radius: var(--radius);
    padding: calc(var(--space) * 0.75);
    margin: 0 0 var(--space);
    border: 1px solid var(--c-border);
    background: var(--c-surface);
  }
  .status.success {
    background: var(--c-success-bg);
    border-color: var(--c-success);
    color: var(--c-text);
  }
  .status.error {
    background: var(--c-error-bg);
    border-color: var(--c-error);
    color: var(--c-text);
  }
  .status.info {
    background: var(--c-info-bg);
    border-color: var(--c-info);
    color: var(--c-text);
  }

  /* save status */
  .save-status {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5em;
    min-height: calc(var(--size) * 2.75);
    font-size: calc(var(--size) * 0.9);
    color: var(--c-muted);
  }
  .save-status.error {
    color: var(--c-error);
    font-weight: 600;
  }
  .save-status.saved {
    color: var(--c-success);
  }

  /* loading skeleton */
  .skeleton {
    display: block;
    background: var(--c-surface);
    border-radius: calc(var(--radius) * 0.75);
    height: calc(var(--size) * 1);
    margin: 0 0 var(--space);
    animation: pulse 1.4s ease-in-out infinite;
  }
  .skeleton.tall {
    height: calc(var(--size) * 2.75);
  }
  .skeleton.short {
    width: 40%;
  }
  @keyframes pulse {
    50% {
      opacity: 0.55;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .skeleton {
      animation: none;
    }
    * {
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }

  .error-screen,
  .submitted {
    padding: var(--space) 0;
  }
  .support {
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
    margin-top: var(--space);
  }

  /* Media queries measure in the browser's initial font size, which a page rule does not change. */
  @media (min-width: 40rem) {
    .root {
      padding: calc(var(--space) * 1.5);
    }
  }
  /*
   * Forced colours (Windows High Contrast and the like): the user's system colours. The current step of
   * the progress is the selected one (Highlight), not only bolder; steps that cannot open are GrayText.
   */
  @media (forced-colors: active) {
    .btn-primary,
    .progress ol button[aria-current='step'] {
      border: 2px solid ButtonText;
    }
    .progress ol button[aria-current='step'] {
      forced-color-adjust: none;
      background: Highlight;
      border-color: Highlight;
      color: HighlightText;
    }
    .progress ol button[aria-disabled='true'] {
      color: GrayText;
      border-color: GrayText;
    }
    progress {
      accent-color: Highlight;
    }
  }
  ${mediumBase}
`;
