/**
 * Styles of `<age-check>`'s first screens (loading, consent, error): adopted stylesheet, CSP-safe. Only
 * what those screens' nodes use: the other screens' styles (secondary buttons, the redirect link, the file
 * input, the outcome) are in screen-styles.ts, adopted when their chunk arrives. Custom properties are listed on the element.
 * Every size derives from the element's own base, `--age-check-font-size` (by default the user's own
 * default font size, the CSS `medium` keyword: 16px unless changed in the browser's settings) set on
 * `:host` and again on the inner box: `em`, never `rem`, so a page's root font size
 * (`html { font-size: 62.5% }`) or a `* { font-size: … !important }` rule does not reach inside; the
 * user's default font size and browser zoom scale it.
 */
import { css } from 'lit';

export const ageCheckStyles = css`
  :host {
    --_primary: var(--age-check-color-primary, #1d4ed8);
    --_on-primary: var(--age-check-color-on-primary, #ffffff);
    --_background: var(--age-check-color-background, #ffffff);
    --_surface: var(--age-check-color-surface, #f3f4f6);
    --_text: var(--age-check-color-text, #111827);
    --_muted: var(--age-check-color-text-muted, #4b5563);
    --_border: var(--age-check-color-border, #6b7280);
    --_error: var(--age-check-color-error, #b91c1c);
    --_warning: var(--age-check-color-warning, #92400e);
    --_radius: var(--age-check-radius, 0.5em);
    --_space: var(--age-check-space, 1em);
    --_focus: var(--age-check-focus-ring, 0 0 0 3px #ffffff, 0 0 0 6px #1d4ed8);
    display: block;
    font-size: var(--age-check-font-size, medium);
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  /*
   * The box itself is the inner .root, not :host: a page rule such as \`* { all: unset !important }\`
   * reaches the host element but not the shadow tree, so the layout does not depend on the page.
   */
  .root {
    position: relative;
    box-sizing: border-box;
    max-width: var(--age-check-max-width, 32em);
    margin-inline: auto;
    color: var(--_text);
    font-family: var(--age-check-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--age-check-font-size, medium);
    line-height: 1.5;
    text-align: start;
    display: flex;
    flex-direction: column;
    gap: var(--_space);
    padding: var(--_space);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_background);
    min-width: 0;
  }
  h2 {
    /* As wide as its text, so the focus outline hugs it. */
    align-self: flex-start;
    max-width: 100%;
    margin: 0;
    font-size: 1.375em;
    line-height: 1.25;
  }
  /* Headings take the focus when the screen changes: always show where it went. */
  h2:focus {
    outline: 3px solid var(--_primary);
    outline-offset: 0.25em;
    border-radius: 2px;
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-inline-start: 1.25em;
  }
  .consent {
    display: flex;
    flex-direction: column;
    gap: 0.75em;
  }
  .privacy {
    font-size: 0.9375em;
  }
  .privacy a {
    white-space: nowrap;
  }
  .muted {
    color: var(--_muted);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_space) / 2);
  }
  /* The redirect notice's "Continue now" link (after consent) looks like the buttons. */
  button,
  .link-button {
    font: inherit;
    min-height: max(44px, 2.75em);
    padding: 0.625em 1.25em;
    border-radius: var(--_radius);
    border: 2px solid var(--_primary);
    background: var(--_primary);
    color: var(--_on-primary);
    cursor: pointer;
    text-decoration: none;
    display: inline-flex;
    align-items: center;
    justify-content: center;
  }
  /*
   * A control (or a screen's heading) that takes the focus scrolls into view below a partner's sticky
   * header: --age-check-scroll-margin-top, by default --age-check-viewport-offset (the fixed header's
   * height the preview already leaves room for).
   */
  :is(button, a[href], input, select, [tabindex]) {
    scroll-margin-top: var(--age-check-scroll-margin-top, var(--age-check-viewport-offset, 0px));
  }
  button:focus-visible,
  a:focus-visible {
    outline: 3px solid var(--_primary);
    outline-offset: 3px;
    box-shadow: var(--_focus);
  }
  a {
    color: var(--_primary);
  }
  /* The expiry countdown, with "Get more time" or the warning that the link cannot be extended. */
  .countdown-box {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: flex-end;
    gap: 0.5em;
  }
  .countdown-warning {
    flex: 1 1 100%;
    text-align: end;
    color: var(--_warning);
  }
  .countdown {
    padding: 0.25em 0.75em;
    border-radius: var(--_radius);
    background: var(--_surface);
    color: var(--_warning);
    font-variant-numeric: tabular-nums;
    font-weight: 600;
  }
  .error-text {
    color: var(--_error);
  }
  .attempts {
    font-weight: 600;
    color: var(--_warning);
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  .spinner {
    flex: none;
    width: 2em;
    height: 2em;
    border: 3px solid var(--_surface);
    border-top-color: var(--_primary);
    border-radius: 50%;
    animation: spin 1s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation: none;
    }
    * {
      transition: none !important;
      scroll-behavior: auto !important;
    }
  }
  @media (max-width: 400px) {
    .root {
      padding: calc(var(--_space) * 0.75);
    }
    .actions > * {
      flex: 1 1 100%;
    }
  }
`;
