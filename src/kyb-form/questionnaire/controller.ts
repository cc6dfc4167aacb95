/**
 * The questionnaires step of `<kyb-form>`: renders every questionnaire of the form, keeps answers
 * locally, shows/hides sections and questions by their conditions (incrementally, through the
 * visibility index), validates by the one feedback rule and saves each questionnaire's visible,
 * valid answers with a debounced PUT (at once on leaving a field and on `flush`), retrying failed
 * saves with backoff and on the `online` event.
 *
 * Rendering cost per keystroke is bounded: one delegated listener per event type (events.ts), per-question
 * and per-section `guard`s keyed by version counters, and `repeat` keyed by question uid (step-view.ts), so
 * only the changed question and the questions whose visibility flipped are re-rendered. A long step renders
 * progressively (progressive.ts); saving is in saver.ts.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { ref } from 'lit/directives/ref.js';
import type { AnswerValue, Answers, Questionnaire } from '../../api/kyb.ts';
import { createVisibilityIndex } from '../../conditions/index.ts';
import type { FieldIssue, KybContext, StepController } from '../context.ts';
import { FeedbackTracker } from '../field.ts';
import { checkValue, normalizeValue, readAnswers, sanitizeId } from './answers-state.ts';
import { focusId, questionLabel, type QRec } from './controls.ts';
import { problemMessage } from './validation.ts';
import { QuestionFiles } from './file-answers.ts';
import { QuestionEvents } from './events.ts';
import { renderQuestionnaire, renderSummary, type StepView } from './step-view.ts';
import { AnswersSaver, type QState, type SecState } from './saver.ts';
import { ProgressiveRender } from './progressive.ts';
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
  /** Under a pressed pointer a blur's feedback waits for the click (field.ts): then its question re-renders. */
  readonly #tracker = new FeedbackTracker((id) => {
    const rec = this.#recs.find((r) => r.id === id);
    if (!rec?.problem) return;
    this.#touch(rec);
    this.#ctx?.requestUpdate();
  });
  /** Questions the user changed to a value that cannot be sent (answered, failing its check). */
  readonly #heldRecs = new Set<QRec>();
  #ctx: KybContext | null = null;
  readonly #saver = new AnswersSaver(
    this.#states,
    () => this.#ctx,
    (rec) => this.#touch(rec),
  );
  readonly #events = new QuestionEvents({
    ctx: () => this.#ctx,
    recOf: (target) => this.#recOf(target),
    setValue: (rec, value, bad) => this.#setValue(rec, value, bad),
    touch: (rec) => {
      this.#touch(rec);
    },
    saveSoon: (rec) => this.#saver.saveSoon(this.#states[rec.qn]),
    saveIfPending: (rec) => {
      const qs = this.#states[rec.qn];
      if (qs && this.#saver.waiting(qs)) this.#saver.saveSoon(qs);
    },
    tracker: this.#tracker,
    files: this.#files,
  });
  readonly #view: StepView = {
    errorOf: (rec, stepChecked) => this.#errorOf(rec, stepChecked),
    fileInfo: this.#files.info,
    setValue: (rec, value) => this.#setChosen(rec, value),
  };
  readonly #progressive = new ProgressiveRender(
    () => this.#ctx?.requestUpdate(),
    (limit, count) => this.#advance(limit, count),
  );

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
            edited: false,
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

  /** The user's changes that cannot be saved: visible questions they answered with a value failing its check. */
  get held(): number {
    let n = 0;
    for (const rec of this.#heldRecs) {
      const vis = this.#states[rec.qn]?.vis;
      if (vis?.isSectionVisible(rec.section.key) && vis.isQuestionVisible(rec.section.key, rec.question.key))
        n++;
    }
    return n;
  }

  /** A refused file's message belongs to the visit it was chosen in: it does not follow the user back. */
  left(): void {
    for (const rec of this.#recs)
      if (rec.fileError) {
        rec.fileError = null;
        this.#touch(rec);
      }
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
    const budget = { limit: this.#progressive.begin(), out: 0, first: this.#progressive.first };
    const questionnaires = this.#states.map((qs) => renderQuestionnaire(this.#view, qs, ctx, budget));
    this.#progressive.end(budget.out);
    return html`<div
      class="questionnaires"
      part="questionnaires"
      ${ref(this.#progressive.ref)}
      @input=${this.#events.onInput}
      @change=${this.#events.onChange}
      @focusout=${this.#events.onFocusOut}
      @click=${this.#events.onClick}
    >
      ${description ? html`<p class="step-description" part="step-description"><bdi>${description}</bdi></p>` : nothing}
      ${questionnaires}
    </div>`;
  }

  /**
   * A read-only summary for the review (and submitted) screen: each questionnaire's title, then its
   * visible questions with their answers as text, by section. Hidden questions are left out.
   */
  summary(ctx: KybContext): TemplateResult {
    this.#ctx = ctx;
    return renderSummary(this.#states, ctx);
  }

  /* ------------------------------------------------------------------ rendering (step-view.ts) */

  /**
   * The limit that shows `count` more visible questions than `limit` does (progressive.ts), `Infinity`
   * when fewer are left: what is rendered is always a prefix in document order (uid order).
   */
  #advance(limit: number, count: number): number {
    let n = count;
    for (const qs of this.#states)
      for (const sec of qs.sections) {
        const last = sec.visible[sec.visible.length - 1];
        if (last === undefined || last.uid < limit || !qs.vis.isSectionVisible(sec.section.key)) continue;
        for (const r of sec.visible) if (r.uid >= limit && --n === 0) return r.uid + 1;
      }
    return Infinity;
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

  /** A control that reports its value itself (the country combobox): a discrete choice, saved soon. */
  #setChosen(rec: QRec, value: AnswerValue): void {
    if (this.#ctx?.readOnly) return;
    this.#setValue(rec, value);
    this.#saver.saveSoon(this.#states[rec.qn]);
  }

  #setValue(rec: QRec, value: AnswerValue, bad = false): void {
    const qs = this.#states[rec.qn];
    if (!qs) return;
    rec.value = value;
    rec.bad = bad;
    rec.problem = checkValue(rec.question, value, bad);
    rec.edited = true;
    const code = rec.problem?.code;
    if (code && code !== 'required' && code !== 'required-check') this.#heldRecs.add(rec);
    else this.#heldRecs.delete(rec);
    this.#touch(rec);
    this.#tracker.changed(rec.id);
    const flipped = qs.vis.update(rec.section.key, rec.question.key);
    // while the rest is still arriving, the rendered part stays a prefix by uid (progressive.ts): no
    // rendered question moves out of it
    if (flipped.length > 0) this.#applyFlips(qs, flipped);
    this.#saver.changed(qs);
    this.#ctx?.requestUpdate();
  }

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
}
