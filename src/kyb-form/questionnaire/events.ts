/**
 * The questionnaires step's delegated event handlers: one listener per event type on the step's container
 * (no closure per question); each finds its question by the `data-q` of the target's wrapper and changes the
 * step through `EventHost` (the controller), which owns the state, the rendering and the saving.
 */
import type { FileAnswer } from '../../api/kyb.ts';
import type { KybContext } from '../context.ts';
import type { FeedbackTracker } from '../field.ts';
import type { AnswerValue } from '../../api/kyb.ts';
import { fromTextControl, isSingleCheckbox, keyOrder, toggleKey } from './answers-state.ts';
import { MAX_LIST_ITEMS, type QRec } from './question-parts.ts';
import type { QuestionFiles } from './file-answers.ts';

/** What the handlers change the step through. */
export interface EventHost {
  ctx(): KybContext | null;
  /** The question of an event target, by its wrapper's `data-q`. */
  recOf(target: EventTarget | null): QRec | undefined;
  setValue(rec: QRec, value: AnswerValue, bad?: boolean): void;
  /** Re-render one question. */
  touch(rec: QRec): void;
  /** Save the question's questionnaire soon (a discrete choice, a removed item or file). */
  saveSoon(rec: QRec): void;
  /** Leaving a field: save at once what is waiting for the debounce. */
  saveIfPending(rec: QRec): void;
  readonly tracker: FeedbackTracker;
  readonly files: QuestionFiles;
}

export class QuestionEvents {
  readonly #host: EventHost;
  constructor(host: EventHost) {
    this.#host = host;
  }

  readonly onInput = (e: Event): void => {
    const el = e.target;
    const rec = this.#host.recOf(el);
    if (!rec || this.#host.ctx()?.readOnly) return;
    const q = rec.question;
    if (el instanceof HTMLInputElement) {
      if (el.type === 'file') return; // handled on change
      if (el.type === 'checkbox' || el.type === 'radio') {
        // choice inputs carry their key as `value`; a single yes/no checkbox has none
        if (el.type === 'radio') {
          if (el.checked) this.#host.setValue(rec, el.value);
        } else if (isSingleCheckbox(q)) this.#host.setValue(rec, el.checked);
        else this.#host.setValue(rec, toggleKey(rec.value, el.value, el.checked, keyOrder(q)));
        return;
      }
      if (q.type === 'LIST') {
        const i = Number(el.dataset.i ?? 0);
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        while (items.length <= i) items.push('');
        items[i] = el.value;
        this.#host.setValue(rec, items);
        return;
      }
      if (el.type === 'number' && el.validity.badInput) {
        this.#host.setValue(rec, rec.value, true);
        return;
      }
      this.#host.setValue(rec, fromTextControl(q, el.value));
      return;
    }
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      this.#host.setValue(rec, fromTextControl(q, el.value));
    }
  };

  readonly onChange = (e: Event): void => {
    const el = e.target;
    const rec = this.#host.recOf(el);
    if (!rec || this.#host.ctx()?.readOnly) return;
    if (el instanceof HTMLInputElement && el.type === 'file') {
      void this.#pickFiles(rec, el);
      return;
    }
    // a discrete choice (select, radio, checkbox) counts as done with the field
    if (
      el instanceof HTMLSelectElement ||
      (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox'))
    ) {
      this.#host.saveSoon(rec);
    }
  };

  readonly onFocusOut = (e: FocusEvent): void => {
    const rec = this.#host.recOf(e.target);
    if (!rec) return;
    const next = this.#host.recOf(e.relatedTarget);
    if (next === rec) return; // moving inside the same question (radio group, list items)
    const wasShown = this.#host.tracker.shows(rec.id, false);
    this.#host.tracker.left(rec.id);
    if (!wasShown && this.#host.tracker.shows(rec.id, false) && rec.problem) {
      this.#host.touch(rec);
      this.#host.ctx()?.requestUpdate();
    }
    this.#host.saveIfPending(rec);
  };

  readonly onClick = (e: Event): void => {
    const target = e.target instanceof Element ? e.target.closest('button[data-act]') : null;
    if (!(target instanceof HTMLButtonElement)) return;
    const rec = this.#host.recOf(target);
    if (!rec || this.#host.ctx()?.readOnly) return;
    const root = target.getRootNode() as Document | ShadowRoot;
    const i = Number(target.dataset.i ?? 0);
    switch (target.dataset.act) {
      case 'add-item': {
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        if (items.length === 0) items.push('');
        if (items.length >= MAX_LIST_ITEMS) return;
        items.push('');
        this.#host.setValue(rec, items);
        this.#focusLater(root, `${rec.id}-item-${items.length - 1}`);
        break;
      }
      case 'remove-item': {
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        items.splice(i, 1);
        this.#host.setValue(rec, items);
        this.#host.tracker.left(rec.id);
        this.#focusLater(root, `${rec.id}-item-${Math.max(0, Math.min(i, items.length - 1))}`);
        this.#host.saveSoon(rec);
        break;
      }
      case 'replace-file': {
        // FILE: choosing a file replaces the one there (the input is the question's drop zone)
        const input = root.getElementById(rec.id);
        if (input instanceof HTMLInputElement) {
          input.focus();
          input.click();
        }
        break;
      }
      case 'remove-file': {
        rec.fileError = null;
        if (rec.question.type === 'FILE_MULTI') {
          const files = Array.isArray(rec.value) ? [...(rec.value as FileAnswer[])] : [];
          files.splice(i, 1);
          this.#host.setValue(rec, files);
        } else this.#host.setValue(rec, null);
        this.#host.files.prune(rec);
        this.#host.tracker.left(rec.id);
        this.#focusLater(root, rec.id);
        this.#host.saveSoon(rec);
        break;
      }
    }
  };

  #focusLater(root: Document | ShadowRoot, id: string): void {
    // after the host's update (a microtask); a timer also runs in background tabs, unlike rAF
    setTimeout(() => {
      const el = root.getElementById(id);
      if (el instanceof HTMLElement) el.focus();
    }, 0);
  }

  async #pickFiles(rec: QRec, input: HTMLInputElement): Promise<void> {
    const chosen = [...(input.files ?? [])];
    input.value = '';
    if (chosen.length === 0) return;
    const picked = await this.#host.files.choose(rec, chosen, this.#host.ctx()?.locale ?? 'en');
    rec.fileError = picked.error;
    this.#host.touch(rec);
    if (picked.value === undefined) {
      this.#host.ctx()?.requestUpdate();
      return;
    }
    this.#host.setValue(rec, picked.value);
    this.#host.files.prune(rec);
    this.#host.tracker.left(rec.id);
    this.#host.saveSoon(rec);
  }
}
