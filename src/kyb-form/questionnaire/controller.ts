/**
 * The questionnaires step of `<kyb-form>`: renders every questionnaire of the form, keeps answers
 * locally, shows/hides sections and questions by their conditions (incrementally, through the
 * visibility index), validates by the one feedback rule and saves each questionnaire's visible,
 * valid answers with a debounced PUT (at once on leaving a field and on `flush`), retrying failed
 * saves with backoff and on the `online` event.
 *
 * Rendering cost per keystroke is bounded: one delegated listener per event type, per-question and
 * per-section `guard`s keyed by version counters, and `repeat` keyed by question uid, so only the
 * changed question and the questions whose visibility flipped are re-rendered. A long step renders
 * progressively (progressive.ts); saving is in saver.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { ref } from 'lit/directives/ref.js';
import { repeat } from 'lit/directives/repeat.js';
import type { AnswerValue, Answers, FileAnswer, Questionnaire } from '../../api/kyb.ts';
import { createVisibilityIndex } from '../../conditions/index.ts';
import type { FieldIssue, KybContext, StepController } from '../context.ts';
import { FeedbackTracker, textOr } from '../field.ts';
import {
  checkValue,
  fromTextControl,
  isSingleCheckbox,
  keyOrder,
  normalizeValue,
  readAnswers,
  sanitizeId,
  toggleKey,
} from './answers-state.ts';
import { focusId, MAX_LIST_ITEMS, questionLabel, renderQuestion, type QRec } from './controls.ts';
import { problemMessage } from './validation.ts';
import { QuestionFiles } from './file-answers.ts';
import { answerValue } from './summary.ts';
import { AnswersSaver, type QState, type SecState } from './saver.ts';
import { ProgressiveRender } from './progressive.ts';
import { renderSummaryList, type SummaryRow } from '../review/summary-list.ts';
import { addMessages } from '../../i18n/index.ts';
import { messages as questionnaireMessages } from '../../i18n/generated/kyb-questionnaire/index.ts';

export { SAVE_DEBOUNCE_MS } from './saver.ts';

/** Loads this step's translations for the active locale. */
export const loadMessages = (): Promise<void> => addMessages(questionnaireMessages);

export class QuestionnairesStep implements StepController {
  readonly #states: QState[] = [];
  /** Thumbnails and sizes of the files chosen for FILE / FILE_MULTI questions. */
  readonly #files = new QuestionFiles();
  readonly #recs: QRec[] = [];
  readonly #tracker = new FeedbackTracker();
  #ctx: KybContext | null = null;
  readonly #saver = new AnswersSaver(
    this.#states,
    () => this.#ctx,
    (rec) => this.#touch(rec),
  );
  readonly #progressive = new ProgressiveRender(() => this.#ctx?.requestUpdate());

  constructor(init: { questionnaires: Questionnaire[]; answers: Map<string, Answers | null> }) {
    const usedIds = new Set<string>();
    init.questionnaires.forEach((questionnaire, qn) => {
      const local = readAnswers(questionnaire.sections, init.answers.get(questionnaire.id) ?? null);
      const bySection = new Map<string, Map<string, QRec>>();
      const nodes = new Map<string, { sec: SecState; rec?: QRec }>();
      const sections: SecState[] = [];
      for (const section of questionnaire.sections) {
        if (bySection.has(section.key)) continue;
        const recMap = new Map<string, QRec>();
        const sec: SecState = {
          section,
          recs: [],
          visible: [],
          version: 0,
          headingId: this.#uniqueId(usedIds, sanitizeId('qs', qn, section.key, 'heading')),
        };
        for (const question of section.questions) {
          if (recMap.has(question.key)) continue;
          const value = local.get(section.key)?.get(question.key) ?? null;
          const rec: QRec = {
            uid: this.#recs.length,
            qn,
            section,
            question,
            id: this.#uniqueId(usedIds, sanitizeId('q', qn, section.key, question.key)),
            value,
            bad: false,
            problem: checkValue(question, value),
            fileError: null,
            filter: '',
            version: 0,
          };
          this.#recs.push(rec);
          recMap.set(question.key, rec);
          sec.recs.push(rec);
          nodes.set(`${section.key}.${question.key}`, { sec, rec });
        }
        bySection.set(section.key, recMap);
        if (!nodes.has(section.key)) nodes.set(section.key, { sec });
        sections.push(sec);
      }
      const vis = createVisibilityIndex(questionnaire.sections, (s, q) => {
        const rec = bySection.get(s)?.get(q);
        return rec ? normalizeValue(rec.question, rec.value) : null;
      });
      for (const sec of sections)
        sec.visible = sec.recs.filter((r) => vis.isQuestionVisible(sec.section.key, r.question.key));
      const qs: QState = {
        index: qn,
        questionnaire,
        sections,
        nodes,
        bySection,
        vis,
        headingId: this.#uniqueId(usedIds, sanitizeId('qn', qn, 'heading')),
      };
      this.#saver.loaded(qs);
      this.#states.push(qs);
    });
  }

  /** `id`, or `id_2`, `id_3`... when taken (`_`, not `-`: a `-suffix` is reserved for derived ids). */
  #uniqueId(used: Set<string>, id: string): string {
    let out = id;
    for (let n = 2; used.has(out); n++) out = `${id}_${n}`;
    used.add(out);
    return out;
  }

  /* ------------------------------------------------------------------ StepController */

  get dirty(): boolean {
    return this.#saver.dirty;
  }

  validate(ctx: KybContext): FieldIssue[] {
    this.#ctx = ctx;
    // judged: every question is in the DOM from the next render on (summary links, focus)
    this.#progressive.renderAll();
    const issues: FieldIssue[] = [];
    for (const qs of this.#states) {
      for (const sec of qs.sections) {
        if (!qs.vis.isSectionVisible(sec.section.key)) continue;
        for (const rec of sec.visible) {
          if (!rec.problem) continue;
          issues.push({
            id: focusId(rec),
            label: questionLabel(rec.question),
            message: problemMessage(rec.problem, rec.question),
            step: 'questionnaires',
          });
        }
      }
    }
    return issues;
  }

  async flush(ctx: KybContext): Promise<void> {
    this.#ctx = ctx;
    if (ctx.readOnly) return;
    await this.#saver.flush();
  }

  render(ctx: KybContext): TemplateResult {
    this.#ctx = ctx;
    const description = ctx.flow?.questionnaireDescription;
    const budget = { left: this.#progressive.begin(), out: 0 };
    const questionnaires = this.#states.map((qs) => this.#renderQuestionnaire(qs, ctx, budget));
    this.#progressive.end(budget.out);
    return html`<div
      class="questionnaires"
      part="questionnaires"
      ${ref(this.#progressive.ref)}
      @input=${this.#onInput}
      @change=${this.#onChange}
      @focusout=${this.#onFocusOut}
      @click=${this.#onClick}
    >
      ${description ? html`<p class="step-description" part="step-description">${description}</p>` : nothing}
      ${questionnaires}
    </div>`;
  }

  /**
   * A read-only summary for the review (and submitted) screen: each questionnaire's title, then its
   * visible questions with their answers as text, by section. Hidden questions are left out.
   */
  summary(ctx: KybContext): TemplateResult {
    this.#ctx = ctx;
    return html`${this.#states.map((qs) => {
      const q = qs.questionnaire;
      const sections = qs.sections.filter(
        (s) => qs.vis.isSectionVisible(s.section.key) && s.visible.length > 0,
      );
      if (sections.length === 0) return nothing;
      const title = textOr(q.title, q.name, q.key);
      const rows = (sec: SecState): SummaryRow[] =>
        sec.visible.map((r) => ({
          label: questionLabel(r.question),
          value: answerValue(r.question, r.value, ctx.locale),
          issue:
            r.problem && !ctx.readOnly
              ? {
                  id: focusId(r),
                  label: questionLabel(r.question),
                  message: problemMessage(r.problem, r.question),
                  step: 'questionnaires' as const,
                }
              : null,
          edit: ctx.readOnly ? null : { id: focusId(r), step: 'questionnaires' as const },
        }));
      return html`<div class="questionnaire-summary">
        <h5 class="questionnaire-title" part="questionnaire-title">${title}</h5>
        ${sections.map(
          (sec) =>
            html`${
              textOr(sec.section.title)
                ? html`<h6 class="section-title" part="section-title">${sec.section.title}</h6>`
                : nothing
            }
            ${renderSummaryList(rows(sec), undefined, this.#states.length > 1 ? title : undefined)}`,
        )}
      </div>`;
    })}`;
  }

  /* ------------------------------------------------------------------ rendering */

  /** `budget.left`: visible questions this render may still show; `budget.out`: those it leaves out. */
  #renderQuestionnaire(qs: QState, ctx: KybContext, budget: { left: number; out: number }): TemplateResult {
    const q = qs.questionnaire;
    const title = textOr(q.title, q.name, q.key);
    const shown: { sec: SecState; count: number }[] = [];
    for (const sec of qs.sections) {
      const n = sec.visible.length;
      if (n === 0 || !qs.vis.isSectionVisible(sec.section.key)) continue;
      const count = Math.min(n, budget.left);
      budget.left -= count;
      budget.out += n - count;
      if (count > 0) shown.push({ sec, count });
    }
    const { readOnly, stepChecked, locale } = ctx;
    // Groups, not region landmarks: questionnaires and sections may repeat a title (axe landmark-unique).
    return html`<section
      class="questionnaire"
      part="questionnaire"
      role="group"
      aria-labelledby=${qs.headingId}
    >
      <h4 class="questionnaire-title" part="questionnaire-title" id=${qs.headingId}>${title}</h4>
      ${
        q.description
          ? html`<p class="questionnaire-description" part="questionnaire-description">${q.description}</p>`
          : nothing
      }
      ${repeat(
        shown,
        (s) => s.sec.headingId,
        ({ sec, count }) =>
          guard([sec.version, count, readOnly, stepChecked, locale], () =>
            this.#renderSection(sec, count, ctx),
          ),
      )}
    </section>`;
  }

  /** The section with its first `count` visible questions. */
  #renderSection(sec: SecState, count: number, ctx: KybContext): TemplateResult {
    const s = sec.section;
    const { readOnly, stepChecked, locale } = ctx;
    return html`<section
      class="section"
      part="section"
      role="group"
      aria-labelledby=${textOr(s.title) ? sec.headingId : nothing}
    >
      ${textOr(s.title) ? html`<h5 class="section-title" part="section-title" id=${sec.headingId}>${s.title}</h5>` : nothing}
      ${s.description ? html`<p class="section-description" part="section-description">${s.description}</p>` : nothing}
      ${repeat(
        count < sec.visible.length ? sec.visible.slice(0, count) : sec.visible,
        (r) => r.uid,
        (r) =>
          guard([r.version, readOnly, stepChecked, locale], () =>
            renderQuestion(r, {
              readOnly,
              locale,
              error: this.#errorOf(r, stepChecked),
              fileInfo: this.#files.info,
              setValue: this.#setChosen,
            }),
          ),
      )}
    </section>`;
  }

  #errorOf(rec: QRec, stepChecked: boolean): string | null {
    if (rec.fileError) return rec.fileError;
    if (!rec.problem || !this.#tracker.shows(rec.id, stepChecked)) return null;
    return problemMessage(rec.problem, rec.question);
  }

  /* ------------------------------------------------------------------ state changes */

  /** The question of an event target: the uid is on the question's wrapper (`data-q`). */
  #recOf(target: EventTarget | null): QRec | undefined {
    if (!(target instanceof Element)) return undefined;
    const uid = target.closest<HTMLElement>('[data-q]')?.dataset.q;
    return uid === undefined ? undefined : this.#recs[Number(uid)];
  }

  #secOf(rec: QRec): SecState | undefined {
    return this.#states[rec.qn]?.nodes.get(`${rec.section.key}.${rec.question.key}`)?.sec;
  }

  /** Re-render one question (and its section's guard). */
  #touch(rec: QRec): void {
    rec.version++;
    const sec = this.#secOf(rec);
    if (sec) sec.version++;
  }

  #setValue(rec: QRec, value: AnswerValue, bad = false): void {
    const qs = this.#states[rec.qn];
    if (!qs) return;
    rec.value = value;
    rec.bad = bad;
    rec.problem = checkValue(rec.question, value, bad);
    this.#touch(rec);
    this.#tracker.changed(rec.id);
    const flipped = qs.vis.update(rec.section.key, rec.question.key);
    if (flipped.length > 0) {
      this.#applyFlips(qs, flipped);
      // while the rest is still arriving: shown questions must not shift out of the rendered part
      // (one of them has the focus), so the step completes at once
      this.#progressive.renderAll();
    }
    this.#saver.changed(qs);
    this.#ctx?.requestUpdate();
  }

  /** A control that reports its value itself (the country combobox): a discrete choice, saved soon. */
  #setChosen = (rec: QRec, value: AnswerValue): void => {
    if (this.#ctx?.readOnly) return;
    this.#setValue(rec, value);
    this.#saver.saveSoon(this.#states[rec.qn]);
  };

  #applyFlips(qs: QState, flipped: string[]): void {
    const secs = new Set<SecState>();
    for (const key of flipped) {
      const node = qs.nodes.get(key);
      if (node) secs.add(node.sec);
    }
    for (const sec of secs) {
      const key = sec.section.key;
      sec.visible = sec.recs.filter((r) => qs.vis.isQuestionVisible(key, r.question.key));
      sec.version++;
    }
  }

  /* ------------------------------------------------------------------ events (delegated) */

  #onInput = (e: Event): void => {
    const el = e.target;
    const rec = this.#recOf(el);
    if (!rec || this.#ctx?.readOnly) return;
    const q = rec.question;
    if (el instanceof HTMLInputElement) {
      if (el.dataset.act === 'filter') {
        rec.filter = el.value;
        this.#touch(rec);
        this.#ctx?.requestUpdate();
        return;
      }
      if (el.type === 'file') return; // handled on change
      if (el.type === 'checkbox' || el.type === 'radio') {
        // choice inputs carry their key as `value`; a single yes/no checkbox has none
        if (el.type === 'radio') {
          if (el.checked) this.#setValue(rec, el.value);
        } else if (isSingleCheckbox(q)) this.#setValue(rec, el.checked);
        else this.#setValue(rec, toggleKey(rec.value, el.value, el.checked, keyOrder(q)));
        return;
      }
      if (q.type === 'LIST') {
        const i = Number(el.dataset.i ?? 0);
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        while (items.length <= i) items.push('');
        items[i] = el.value;
        this.#setValue(rec, items);
        return;
      }
      if (el.type === 'number' && el.validity.badInput) {
        this.#setValue(rec, rec.value, true);
        return;
      }
      this.#setValue(rec, fromTextControl(q, el.value));
      return;
    }
    if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) {
      this.#setValue(rec, fromTextControl(q, el.value));
    }
  };

  #onChange = (e: Event): void => {
    const el = e.target;
    const rec = this.#recOf(el);
    if (!rec || this.#ctx?.readOnly) return;
    if (el instanceof HTMLInputElement && el.type === 'file') {
      void this.#pickFiles(rec, el);
      return;
    }
    // a discrete choice (select, radio, checkbox) counts as done with the field
    if (
      el instanceof HTMLSelectElement ||
      (el instanceof HTMLInputElement && (el.type === 'radio' || el.type === 'checkbox'))
    ) {
      const qs = this.#states[rec.qn];
      if (qs) this.#saver.saveSoon(qs);
    }
  };

  #onFocusOut = (e: FocusEvent): void => {
    const rec = this.#recOf(e.target);
    if (!rec) return;
    const next = this.#recOf(e.relatedTarget);
    if (next === rec) return; // moving inside the same question (radio group, list items)
    const wasShown = this.#tracker.shows(rec.id, false);
    this.#tracker.left(rec.id);
    if (!wasShown && this.#tracker.shows(rec.id, false) && rec.problem) {
      this.#touch(rec);
      this.#ctx?.requestUpdate();
    }
    const qs = this.#states[rec.qn];
    if (qs && this.#saver.waiting(qs)) this.#saver.saveSoon(qs);
  };

  #onClick = (e: Event): void => {
    const target = e.target instanceof Element ? e.target.closest('button[data-act]') : null;
    if (!(target instanceof HTMLButtonElement)) return;
    const rec = this.#recOf(target);
    if (!rec || this.#ctx?.readOnly) return;
    const root = target.getRootNode() as Document | ShadowRoot;
    const i = Number(target.dataset.i ?? 0);
    switch (target.dataset.act) {
      case 'add-item': {
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        if (items.length === 0) items.push('');
        if (items.length >= MAX_LIST_ITEMS) return;
        items.push('');
        this.#setValue(rec, items);
        this.#focusLater(root, `${rec.id}-item-${items.length - 1}`);
        break;
      }
      case 'remove-item': {
        const items = Array.isArray(rec.value) ? [...(rec.value as string[])] : [];
        items.splice(i, 1);
        this.#setValue(rec, items);
        this.#tracker.left(rec.id);
        this.#focusLater(root, `${rec.id}-item-${Math.max(0, Math.min(i, items.length - 1))}`);
        this.#saver.saveSoon(this.#states[rec.qn]);
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
          this.#setValue(rec, files);
        } else this.#setValue(rec, null);
        this.#files.prune(rec);
        this.#tracker.left(rec.id);
        this.#focusLater(root, rec.id);
        this.#saver.saveSoon(this.#states[rec.qn]);
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
    const picked = await this.#files.choose(rec, chosen, this.#ctx?.locale ?? 'en');
    rec.fileError = picked.error;
    this.#touch(rec);
    if (picked.value === undefined) {
      this.#ctx?.requestUpdate();
      return;
    }
    this.#setValue(rec, picked.value);
    this.#files.prune(rec);
    this.#tracker.left(rec.id);
    this.#saver.saveSoon(this.#states[rec.qn]);
  }
}
