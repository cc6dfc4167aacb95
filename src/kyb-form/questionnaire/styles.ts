/**
 * The questionnaires step's own rules (added with the later styles, step-styles.ts).
 *
 * A questionnaire may have thousands of questions; an answer must cost what it changes, not the
 * questionnaire's size. Each section skips its rendering while off screen (`content-visibility: auto`:
 * no style, layout or paint of it until it nears the viewport; its content stays in the accessibility tree
 * and find-in-page), and each question contains its layout and style, so an answer, or questions shown or
 * hidden by one, re-lays out and repaints its own section, and the sections below only move. Measured
 * (bench/questionnaire.ts, 4,000 questions, desktop, thread time): a text answer 33 -> 8.5 ms, an answer that
 * hides 13 questions 66 -> 16 ms, mounting the whole step 10.1 -> 2.0 s of main thread; paint containment
 * alone (`contain: layout paint style` per section) changed nothing, and per question it halved pre-paint
 * but not layout. Skipped sections take an estimated height (50 questions of 80 px) until first rendered,
 * then their last rendered height (`auto`).
 *
 * Containment clips what overflows a section (paint containment), so sections get 6 px of padding, given
 * back with a negative margin: the focus ring (2 px outline, 3 px offset) of a full-width control shows whole.
 */
import { css } from 'lit';

export const questionnaireStyles = css`
  .questionnaires .section {
    content-visibility: auto;
    contain-intrinsic-size: auto calc(var(--size) * 250);
    padding: 6px;
    margin: -6px;
  }
  .questionnaires .section > [part~='question'] {
    contain: layout style;
  }
  .questionnaire-summary h5,
  .questionnaire-summary h6 {
    font-size: calc(var(--size) * 1.0625);
    line-height: 1.25;
    margin: calc(var(--space) * 0.75) 0 calc(var(--space) * 0.5);
  }
  .questionnaire-summary h6 {
    color: var(--c-muted);
  }
  .choices.scroll {
    max-height: calc(var(--size) * 16);
    overflow: auto;
    border: 1px solid var(--c-border);
    border-radius: var(--radius);
    padding: calc(var(--space) * 0.5);
  }
  .list-items,
  .file-list {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    gap: calc(var(--space) * 0.5);
  }
  .list-item,
  .file-item {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--space) * 0.5);
    overflow-wrap: anywhere;
  }
  .list-item .input {
    flex: 1 1 calc(var(--size) * 12);
    width: auto;
  }
  .color-control {
    display: inline-flex;
    align-items: center;
    gap: calc(var(--space) * 0.5);
  }
  .selection-count {
    color: var(--c-muted);
    font-size: calc(var(--size) * 0.9);
    margin: calc(var(--space) * 0.25) 0;
  }
`;
