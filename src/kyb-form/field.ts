/**
 * One rule for when validation feedback shows (after a field was left dirty, or after a submit
 * attempt) and one way to render a labelled field. Used by every step of `<kyb-form>`.
 *
 * CSS classes used here are styled by the shell (`styles.ts`): `.field`, `.field-label`,
 * `.required-mark`, `.field-description`, `.field-error`.
 *
 * Labels and descriptions may be the service's text in another script than the form's locale (a Latin
 * label in an Arabic form): each is isolated (`<bdi>`) so it keeps its own order.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';

/**
 * The first text that shows something (has a non-space character), else ''. Service titles may be empty
 * or only whitespace (both allowed): the next candidate (a key) is shown then, so no control goes unnamed.
 */
export const textOr = (...candidates: (string | null | undefined)[]): string =>
  candidates.find((c): c is string => typeof c === 'string' && /\S/.test(c)) ?? '';

/** Tracks which fields were changed and then left. */
/**
 * Every click counts: while a pointer is pressed, feedback that a blur would show waits until the click
 * that follows has been dispatched, so it cannot move the button under the pointer (Continue, Submit,
 * Add, Save) between the press and the release. One set of window listeners serves every form.
 */
const afterPress: (() => void)[] = [];
let pressed = false;
let listening = false;
const release = () => {
  if (!pressed) return;
  // After the click (dispatched right after the pointer's release, in the same task).
  setTimeout(() => {
    pressed = false;
    for (const run of afterPress.splice(0)) run();
  });
};
function listenForPresses() {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  const opts = { capture: true, passive: true };
  window.addEventListener('pointerdown', () => (pressed = true), opts);
  window.addEventListener('pointerup', release, opts);
  window.addEventListener('pointercancel', release, opts);
  window.addEventListener('blur', release, opts);
}
/** Runs `fn` now, or once the pressed pointer was released and its click dispatched. */
export function afterClick(fn: () => void): void {
  if (pressed) afterPress.push(fn);
  else fn();
}

export class FeedbackTracker {
  #dirty = new Set<string>();
  #left = new Set<string>();
  readonly #shown: ((id: string) => void) | undefined;

  /**
   * `shown`: re-renders (the field `id`) once feedback deferred by a pressed pointer shows (without it, a
   * blur shows its feedback at once, even under a pressed pointer).
   */
  constructor(shown?: (id: string) => void) {
    this.#shown = shown;
    if (shown) listenForPresses();
  }

  /** Call on input/change. */
  changed(id: string): void {
    this.#dirty.add(id);
  }
  /** Call on blur (focusout): under a pressed pointer, the feedback shows after its click. */
  left(id: string): void {
    if (!this.#dirty.has(id)) return;
    const shown = this.#shown;
    if (!shown || !pressed) {
      this.#left.add(id);
      return;
    }
    afterClick(() => {
      if (!this.#dirty.has(id) || this.#left.has(id)) return;
      this.#left.add(id);
      shown(id);
    });
  }
  /** Whether the error of `id` may show now. */
  shows(id: string, stepChecked: boolean): boolean {
    return stepChecked || this.#left.has(id);
  }
  reset(): void {
    this.#dirty.clear();
    this.#left.clear();
  }
}

export interface FieldOptions {
  id: string;
  label: string;
  required?: boolean;
  description?: string | null | undefined;
  /**
   * A note that needs attention before the user acts (a prefilled value that must be changed, a field that
   * cannot be changed): shown under the description in the same described-by paragraph, marked as a note.
   */
  note?: string | null | undefined;
  /** The error to show (already filtered by the feedback rule), or null. */
  error?: string | null | undefined;
  /** The control itself; it must carry `id`, `aria-describedby=${describedBy(id, ...)}` and `aria-invalid`. */
  control: TemplateResult;
  /** For groups (radio/checkbox sets): render a fieldset with a legend instead of a label. */
  group?: boolean;
  /**
   * For a single checkbox: the control first, its label beside it on the same row (the label is its one
   * name: no second "Yes" label, WCAG 2.5.3), then the description and the error.
   */
  inline?: boolean;
  part?: string;
}

/** The ids a control should list in `aria-describedby`. */
export const describedBy = (id: string, hasDescription: boolean, hasError: boolean) =>
  [hasDescription ? `${id}-desc` : '', hasError ? `${id}-err` : ''].filter(Boolean).join(' ') || nothing;

/** Label, required mark, description, control and error, wired for screen readers. */
export function renderField(o: FieldOptions): TemplateResult {
  const mark = o.required
    ? html`<span class="required-mark" aria-hidden="true">*</span
        ><span class="visually-hidden">${msg('(required)')}</span>`
    : nothing;
  const note = o.note ? html`<span class="field-note" part="field-note">${o.note}</span>` : nothing;
  const desc =
    o.description || o.note
      ? html`<p class="field-description" id="${o.id}-desc" part="field-description">
          ${o.description ? html`<span><bdi>${o.description}</bdi></span>` : nothing}${note}
        </p>`
      : nothing;
  const err = o.error
    ? html`<p class="field-error" id="${o.id}-err" part="field-error">${o.error}</p>`
    : nothing;
  if (o.group) {
    return html`<fieldset
      class="field field-group"
      part="${o.part ?? 'field'}"
      aria-describedby=${describedBy(o.id, !!(o.description || o.note), !!o.error)}
    >
      <legend class="field-label" part="field-label" id="${o.id}-label"><bdi>${o.label}</bdi>${mark}</legend>
      ${desc} ${o.control} ${err}
    </fieldset>`;
  }
  if (o.inline) {
    return html`<div class="field field-checkbox" part="${o.part ?? 'field'}">
      <div class="option">
        ${o.control}<label class="field-label" part="field-label" for=${o.id} id="${o.id}-label"
          ><bdi>${o.label}</bdi>${mark}</label
        >
      </div>
      ${desc} ${err}
    </div>`;
  }
  return html`<div class="field" part="${o.part ?? 'field'}">
    <label class="field-label" part="field-label" for=${o.id} id="${o.id}-label"
      ><bdi>${o.label}</bdi>${mark}</label
    >
    ${desc} ${o.control} ${err}
  </div>`;
}

/**
 * A value that cannot be changed, shown as text rather than as an edit box: a read-only input (so the
 * field's label still names it) styled without a border or field background, out of the tab order, and
 * "Not provided" when empty. Multi-line values are joined with commas.
 */
export function readOnlyValue(
  id: string,
  text: string,
  describedByIds: string | typeof nothing,
): TemplateResult {
  const shown = text
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean)
    .join(', ');
  return html`<input
    id=${id}
    class="readonly-value${shown ? '' : ' is-empty'}"
    part="input readonly-value"
    type="text"
    readonly
    aria-readonly="true"
    tabindex="-1"
    aria-describedby=${describedByIds}
    .value=${shown || msg('Not provided')}
  />`;
}

/**
 * Moves focus after a re-render: remembers the root (shadow root or document) a user event came from,
 * then focuses an element of it by id once the current task has rendered.
 */
export class FocusMover {
  #root: ShadowRoot | Document | null = null;

  remember(e: Event): void {
    const t = e.currentTarget ?? e.target;
    if (t instanceof Node) {
      const root = t.getRootNode();
      if (root instanceof ShadowRoot || root instanceof Document) this.#root = root;
    }
  }

  later(id: string): void {
    const root = this.#root;
    if (!root) return;
    setTimeout(() => (root.getElementById(id) as HTMLElement | null)?.focus(), 0);
  }
}
