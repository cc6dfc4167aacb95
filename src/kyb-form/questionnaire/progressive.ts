/**
 * Progressive rendering of the questionnaires step. A questionnaire may have thousands of questions, and
 * instantiating all their templates at once holds the page for a long time. So when the step opens, its
 * first `FIRST_QUESTIONS` visible questions render with it (more than a tall screen shows, a question being
 * about 80 px tall; a questionnaire of usual length renders whole at once), and the rest follow:
 *
 * - **Paint first**: no further question is rendered before the browser has painted the first screenful
 *   (a frame, `requestAnimationFrame`, then a task: the work after a frame's callbacks runs after its paint).
 * - **Then the rest, in chunks sized by time**: each chunk is one task that renders, styles and lays out
 *   about `CHUNK_MS` of questions (the number follows from the time the previous chunk took, so a slow phone
 *   gets smaller chunks, not longer tasks). Input is handled between any two chunks (each is a task of its
 *   own), and after about `FRAME_WORK_MS` of chunks the next waits for a paint.
 *
 * What is rendered is a prefix of the questions in document order (every visible question whose uid is
 * below a limit), so an answer that shows or hides questions while the rest is arriving never moves a
 * rendered question (which may have the focus) out of the rendered part, and the rest keeps arriving.
 * When all are rendered, every question is in the DOM, for the keyboard, screen readers and find-in-page.
 *
 * Judging the step (`renderAll`, called by `validate`) renders every question at the next render, so the
 * error summary's links and the focus after Continue or from the review find every question.
 */

/** Visible questions rendered with the step when it opens. */
export const FIRST_QUESTIONS = 30;
/** Main-thread time one following chunk aims at (render, style and layout of its questions). */
export const CHUNK_MS = 8;
/** Chunks follow each other in separate tasks until this much chunk time since the last paint; then a paint. */
const FRAME_WORK_MS = 12;
/**
 * Questions in the first following chunk (before a chunk has been timed). Small, since it is a guess: on
 * the 4x-CPU phone profile a question costs about 2 ms to render, style and lay out (20 made the first
 * chunk a 54-65 ms task); the next chunks grow from its measured time (at most doubling).
 */
export const FIRST_CHUNK = 8;
/** Bounds of a chunk's size, and of its growth from one chunk to the next. */
const MIN_CHUNK = 4;
const MAX_CHUNK = 200;
const MAX_GROWTH = 2;
/**
 * A hidden page renders no frames: if none has come after this long and the page is hidden, the next chunk
 * runs anyway. A visible page waits for its frame however long the main thread keeps it (a slow phone, or
 * Chromium's autofill scanning the form controls just added): running the next chunk before the first
 * paint would hold that paint up by a chunk (seen at 4,000 questions on the 4x-CPU profile: 128 ms).
 */
const NO_FRAME_MS = 250;

/** Whether the element is still in a document or shadow root (not removed with a left step). */
const attached = (el: Element): boolean => {
  const root = el.getRootNode();
  return root instanceof ShadowRoot || root instanceof Document;
};

/**
 * Runs `then` in a task after the next frame has been painted (a frame's `requestAnimationFrame`
 * callbacks run before its style, layout and paint; a task they post runs after them), with the time from
 * the frame's callbacks to that task (the frame's rendering work, about; 0 without a frame). Returns a cancel.
 */
export function afterNextPaint(then: (frameMs: number) => void): () => void {
  let frame = 0;
  let task: ReturnType<typeof setTimeout> | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let done = false;
  let framed = 0;
  const run = () => {
    if (done) return;
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(fallback);
    then(framed ? performance.now() - framed : 0);
  };
  frame = requestAnimationFrame(() => {
    framed = performance.now();
    task = setTimeout(run, 0);
  });
  const noFrame = () => {
    if (document.visibilityState === 'hidden') run();
    else fallback = setTimeout(noFrame, NO_FRAME_MS);
  };
  fallback = setTimeout(noFrame, NO_FRAME_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
}

/**
 * Styles the questions a chunk added (uid `from` and above) in sections that skip their rendering off
 * screen (`content-visibility: auto`, step-styles.ts). Chromium leaves a skipped section's content
 * unstyled until it nears the viewport, and content never styled makes every later style update of the
 * document cost more, in proportion to how much of it there is: at 4,000 questions on the 4x-CPU profile
 * an answer hiding 13 questions spent 4-8 ms on style and one showing them 10-13 ms; with every question
 * styled as it arrives, 0.1-1 and 3.5-5.5 ms (bench/questionnaire.ts). Reading the computed style of an
 * element in a skipped section styles what is pending in that section, without layout and without drawing
 * it (turning `content-visibility` off and on instead restyled the whole section each time: 43 ms a chunk).
 * It is part of the chunk's timed task, so chunks stay near `CHUNK_MS`; mounting 4,000 questions on that
 * profile took 6.8 s of main thread instead of 5.5.
 */
export function styleAdded(container: Element, from: number): void {
  const uid = (el: Element | null) => Number((el as HTMLElement | null)?.dataset.q ?? NaN);
  // What is rendered is a prefix by uid: the added questions end each questionnaire's rendered sections.
  for (const q of container.children)
    for (let s = q.lastElementChild; s?.classList.contains('section'); s = s.previousElementSibling) {
      const last = s.lastElementChild;
      if (last === null || !(uid(last) >= from)) break;
      if (!s.classList.contains('eager')) getComputedStyle(last).getPropertyValue('display');
      if (uid(s.querySelector('[data-q]')) < from) break;
    }
}

export class ProgressiveRender {
  /** Visible questions with a uid below this render (`Infinity`: all). */
  #limit = 0;
  /** The limit the step opened with: the sections it reaches are drawn at once (see `first`). */
  #first = 0;
  #all = false;
  #chunk = FIRST_CHUNK;
  /** Chunk time since the last paint. */
  #sincePaint = 0;
  #container: Element | null = null;
  #cancel: (() => void) | null = null;
  readonly #requestUpdate: () => void;
  readonly #advance: (limit: number, count: number) => number;

  /**
   * `advance(limit, n)`: the limit that renders `n` more visible questions than `limit` does
   * (`Infinity` when fewer than `n` are left).
   */
  constructor(requestUpdate: () => void, advance: (limit: number, count: number) => number) {
    this.#requestUpdate = requestUpdate;
    this.#advance = advance;
  }

  /** `ref` callback of the step's container: tells whether the step is on screen since the last render. */
  readonly ref = (el: Element | undefined): void => {
    if (el) this.#container = el;
  };

  /** At the start of a render: the uid below which visible questions render. */
  begin(): number {
    const c = this.#container;
    if (c === null || !attached(c)) {
      // the step opens (first time, or again after another step replaced its DOM)
      this.#stop();
      this.#container = null;
      this.#sincePaint = 0;
      this.#limit = this.#advance(0, FIRST_QUESTIONS);
      this.#first = this.#limit;
    }
    if (this.#all) {
      this.#all = false;
      this.#limit = Infinity;
    }
    return this.#limit;
  }

  /**
   * The uid below which the questions rendered when the step opened lie. Their sections are the first
   * screenful: they are not skipped while off screen (`content-visibility: auto`), since a skipped section
   * is styled and laid out only in the frame that finds it on screen, after any layout before it, which
   * put its work between the first layout and the first paint.
   */
  get first(): number {
    return this.#first;
  }

  /** At the end of a render: `leftOut` visible questions were not rendered; they follow after a paint. */
  end(leftOut: number): void {
    if (leftOut === 0) {
      // everything is rendered: questions that a later answer shows render at once
      this.#limit = Infinity;
      this.#stop();
      return;
    }
    if (this.#cancel !== null) return;
    if (this.#sincePaint > 0 && this.#sincePaint < FRAME_WORK_MS) {
      const task = setTimeout(() => this.#next(), 0);
      this.#cancel = () => clearTimeout(task);
    } else
      this.#cancel = afterNextPaint((frameMs) => {
        // The frame rendered what the chunks before it added, beyond the layout they timed (sections
        // that came into view, paint): a costly frame makes the next chunks smaller.
        if (frameMs > CHUNK_MS && this.#sincePaint > 0)
          this.#chunk = Math.max(MIN_CHUNK, Math.round((this.#chunk * CHUNK_MS) / frameMs));
        this.#sincePaint = 0;
        this.#next();
      });
  }

  /** Every question renders at the next render (the step is judged, or focus may go to any question). */
  renderAll(): void {
    this.#all = true;
  }

  #stop(): void {
    this.#cancel?.();
    this.#cancel = null;
  }

  /** One chunk: render the next questions, then time it with its style and layout. */
  #next(): void {
    this.#cancel = null;
    const c = this.#container;
    if (c === null || !attached(c) || this.#limit === Infinity) return; // left meanwhile, or complete
    const count = this.#chunk;
    const from = this.#limit;
    this.#limit = this.#advance(from, count);
    const t0 = performance.now();
    // (counted before the render, whose end() schedules the next chunk; corrected below)
    this.#sincePaint += CHUNK_MS;
    this.#requestUpdate();
    // The host renders in a microtask queued by requestUpdate; this one runs after it.
    queueMicrotask(() => {
      if (attached(c)) {
        styleAdded(c, from);
        c.getBoundingClientRect(); // style and layout of the chunk, part of its cost
      }
      const ms = Math.max(performance.now() - t0, 0.25);
      this.#sincePaint += ms - CHUNK_MS;
      const next = Math.round((count * CHUNK_MS) / ms);
      this.#chunk = Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, count * MAX_GROWTH, next));
    });
  }
}
