/**
 * What the questionnaires step draws: each questionnaire with its visible sections and, of those, the
 * questions that progressive rendering has reached (progressive.ts), and the review's read-only summary.
 *
 * A render costs what changed, not the questionnaire's size: `repeat` keyed by section and question, and
 * a `guard` per section and per question keyed by version counters that the controller bumps for what an
 * answer changed, so only the changed question's template and the sections whose visible questions
 * changed are re-rendered (the rest of a render is one pass over the sections).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { repeat } from 'lit/directives/repeat.js';
import type { KybContext } from '../context.ts';
import { textOr } from '../field.ts';
import { focusId, questionLabel, renderQuestion, type QRec, type RenderOptions } from './controls.ts';
import { problemMessage } from './validation.ts';
import { answerValue } from './summary.ts';
import type { QState, SecState } from './saver.ts';
import { renderSummaryList, type SummaryRow } from '../review/summary-list.ts';

/** What rendering needs from the step beyond its questionnaires' state. */
export interface StepView {
  /** The error message a question shows now (the feedback rule), or null. */
  errorOf(rec: QRec, stepChecked: boolean): string | null;
  readonly fileInfo: RenderOptions['fileInfo'];
  readonly setValue: RenderOptions['setValue'];
}

export function renderQuestionnaire(
  view: StepView,
  qs: QState,
  ctx: KybContext,
  /** `limit`: visible questions below this uid render; `first`: sections reaching below it are eager. */
  budget: { limit: number; out: number; first: number },
): TemplateResult {
  const q = qs.questionnaire;
  const title = textOr(q.title, q.name, q.key);
  const shown: { sec: SecState; count: number; eager: boolean }[] = [];
  for (const sec of qs.sections) {
    const n = sec.visible.length;
    if (n === 0 || !qs.vis.isSectionVisible(sec.section.key)) continue;
    const count =
      sec.visible[n - 1]!.uid < budget.limit ? n : sec.visible.findIndex((r) => r.uid >= budget.limit);
    budget.out += n - count;
    if (count > 0) shown.push({ sec, count, eager: sec.recs[0]!.uid < budget.first });
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
      ({ sec, count, eager }) =>
        guard([sec.version, count, eager, readOnly, stepChecked, locale], () =>
          renderSection(view, sec, count, eager, ctx),
        ),
    )}
  </section>`;
}

/**
 * The section with its first `count` visible questions; `eager`: part of the first screenful, never skipped
 * while off screen (step-styles.ts).
 */
function renderSection(
  view: StepView,
  sec: SecState,
  count: number,
  eager: boolean,
  ctx: KybContext,
): TemplateResult {
  const s = sec.section;
  const { readOnly, stepChecked, locale } = ctx;
  return html`<section
    class=${eager ? 'section eager' : 'section'}
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
            error: view.errorOf(r, stepChecked),
            fileInfo: view.fileInfo,
            setValue: view.setValue,
          }),
        ),
    )}
  </section>`;
}

/**
 * A read-only summary for the review (and submitted) screen: each questionnaire's title, then its
 * visible questions with their answers as text, by section. Hidden questions are left out.
 */
export function renderSummary(states: readonly QState[], ctx: KybContext): TemplateResult {
  return html`${states.map((qs) => {
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
          ${renderSummaryList(rows(sec), undefined, states.length > 1 ? title : undefined)}`,
      )}
    </div>`;
  })}`;
}
