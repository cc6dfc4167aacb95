/**
 * Progressive rendering of the questionnaires step. A questionnaire may have a thousand questions, and
 * instantiating all their templates at once holds the page for a noticeable time. So when the step
 * opens, its first `FIRST_QUESTIONS` visible questions render with it (more than a tall screen shows,
 * a question being about 80 px tall; a questionnaire of usual length renders whole at once), and the
 * rest follow in tasks of `CHUNK_QUESTIONS` each: the step is usable at once, and a thousand questions
 * take two more tasks (each following task also costs a frame's style and layout of what it added, so
 * the chunks are large), after which every question is in the DOM, for the keyboard, screen readers
 * and find-in-page.
 *
 * Judging the step (`renderAll`, called by `validate`) renders every question at the next render, so
 * the error summary's links and the focus after Continue or from the review find every question.
 */

/** Visible questions rendered with the step when it opens. */
export const FIRST_QUESTIONS = 30;
/** Visible questions added per following task until all are rendered. */
export const CHUNK_QUESTIONS = 500;

/** Whether the element is still in a document or shadow root (not removed with a left step). */
const attached = (el: Element): boolean => {
  const root = el.getRootNode();
  return root instanceof ShadowRoot || root instanceof Document;
};

export class ProgressiveRender {
  /** How many visible questions the next render shows (`Infinity`: all). */
  #budget = FIRST_QUESTIONS;
  #all = false;
  #container: Element | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #requestUpdate: () => void;

  constructor(requestUpdate: () => void) {
    this.#requestUpdate = requestUpdate;
  }

  /** `ref` callback of the step's container: tells whether the step is on screen since the last render. */
  readonly ref = (el: Element | undefined): void => {
    if (el) this.#container = el;
  };

  /** At the start of a render: how many visible questions it may show. */
  begin(): number {
    const c = this.#container;
    if (c === null || !attached(c)) {
      // the step opens (first time, or again after another step replaced its DOM)
      this.#budget = FIRST_QUESTIONS;
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    if (this.#all) {
      this.#all = false;
      this.#budget = Infinity;
    }
    return this.#budget;
  }

  /** At the end of a render: `leftOut` visible questions did not fit; they follow in a next task. */
  end(leftOut: number): void {
    if (leftOut === 0) {
      // everything is rendered: questions that a later answer shows render at once
      this.#budget = Infinity;
      clearTimeout(this.#timer);
      this.#timer = undefined;
      return;
    }
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const c = this.#container;
      if (c === null || !attached(c)) return; // the step was left meanwhile
      this.#budget += CHUNK_QUESTIONS;
      this.#requestUpdate();
    }, 0);
  }

  /** Every question renders at the next render (the step is judged, or focus may go to any question). */
  renderAll(): void {
    this.#all = true;
  }
}
