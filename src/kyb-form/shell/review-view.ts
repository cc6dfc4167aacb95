/**
 * The review step as the shell renders it: a section per step (the company's rows are built here), the
 * submit error, server problems. Part of the review chunk (review-submit.ts): it loads after the first screen.
 */
import type { TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { companyLabel, fieldId, type CompanyStep } from '../company/controller.ts';
import type { FieldIssue, ShellContext, StepController, StepId } from '../context.ts';
import { renderReview, type ReviewSection } from '../review/review.ts';
import {
  customSummaryValue,
  renderSummaryList,
  type SummaryRow,
  type SummaryValue,
} from '../review/summary-list.ts';
import { countryName } from '../format.ts';
import type { ErrorInfo, KybState } from '../form-reducer.ts';
import { serverIssues } from '../runtime/submit.ts';
import { stepTitle } from './texts.ts';

/** Why the last submit did not go through (null when it did, or when field problems explain it). */
export function submitErrorText(
  note: 'save-failed' | 'unconfirmed' | null,
  error: ErrorInfo | null,
): string | null {
  if (note === 'save-failed')
    return msg(
      'Some changes could not be saved, so the form was not submitted. Check your connection and try again.',
    );
  if (note === 'unconfirmed')
    return msg('We could not confirm whether the form was submitted. Check your connection and try again.');
  if (!error) return null;
  if (error.cause === 'network')
    return msg(
      'The service could not be reached, so the form was not submitted. Check your connection and try again.',
    );
  if (error.cause === 'token')
    return msg(
      'Your session has ended, so the form was not submitted. Your answers are kept on this page: submit them again once your session is renewed.',
    );
  return msg(str`The form could not be submitted: ${error.message}`);
}

/**
 * The company's rows: every field's label and value as the review shows it (countries by name, lists as
 * lists, custom values formatted), its problem and the Edit link to its control.
 */
export function companySummary(company: CompanyStep, ctx: ShellContext): SummaryRow[] {
  const locale = ctx.locale;
  const issues = new Map(ctx.readOnly ? [] : company.validate(ctx).map((i) => [i.id, i]));
  return company.defs.map((d) => {
    const text = company.draftText(d.draftKey);
    let value: SummaryValue = text;
    if (d.kind === 'standard' && d.key === 'country') value = countryName(text, locale);
    if (d.kind === 'standard' && d.key === 'brandNames')
      value = { list: text.split(/\r?\n/).filter((x) => x.trim() !== '') };
    if (d.kind === 'custom') value = customSummaryValue(d, text, locale);
    const id = d.kind === 'custom' && d.type === 'SELECT_MULTI' ? `${fieldId(d)}-0` : fieldId(d);
    const label = d.kind === 'standard' ? companyLabel(d.key) : d.title;
    return {
      label: label.trim() || d.key,
      value,
      issue: issues.get(id) ?? null,
      edit: ctx.readOnly || d.readOnly ? null : { id, step: 'company' as const },
    };
  });
}

/** A step controller may offer a read-only summary for the review step. */
type WithSummary = StepController<ShellContext> & { summary?: (ctx: ShellContext) => TemplateResult };

export interface ReviewViewOptions {
  state: KybState;
  company: CompanyStep;
  controller: (step: StepId) => StepController<ShellContext> | undefined;
  /** Whether a step without a controller is still loading (else it failed or has no form yet). */
  loading: boolean;
  note: 'save-failed' | 'unconfirmed' | null;
  readOnly: boolean;
  onSubmit: () => void;
  onGo: (step: StepId, focus?: { id: string }) => void;
  /** An Edit of the review (a round trip): the section (`edit` null) or a row's target. */
  onEdit: (step: StepId, edit: string | null) => void;
}

function sections(o: ReviewViewOptions, ctx: ShellContext): ReviewSection[] {
  return o.state.steps
    .filter((s) => s !== 'review')
    .map((step) => {
      if (step === 'company') {
        const summary = renderSummaryList(companySummary(o.company, ctx));
        return { step, title: stepTitle(step), issues: o.company.validate(ctx), summary };
      }
      const c = o.controller(step) as WithSummary | undefined;
      return {
        step,
        title: stepTitle(step),
        issues: c ? c.validate(ctx) : [],
        summary: c?.summary ? c.summary(ctx) : null,
        loading: !c && o.loading,
      };
    });
}

export function renderReviewView(o: ReviewViewOptions, ctx: ShellContext): TemplateResult {
  const s = o.state;
  const fieldProblems = Object.keys(s.serverIssues).length > 0;
  const target = (def: CompanyStep['defs'][number]): FieldIssue => ({
    id: fieldId(def),
    label: def.kind === 'standard' ? companyLabel(def.key) : def.title,
    message: '',
    step: 'company',
  });
  return renderReview({
    sections: sections(o, ctx),
    readOnly: o.readOnly,
    submitted: s.submit === 'submitted',
    sending: s.submit === 'sending' || s.submit === 'verifying',
    submitAttempted: s.submitAttempted,
    serverIssues: serverIssues(s.serverIssues, o.company.defs, target),
    submitError: submitErrorText(o.note, fieldProblems ? null : s.submitError),
    canRetry: s.submit === 'failed',
    // Submit sits in the shell's action row, beside Back.
    submitInNav: true,
    onSubmit: o.onSubmit,
    onEdit: o.onEdit,
    // A problem's link is an Edit too: a round trip that comes back to the problem's row (or section).
    onIssue: (issue) => o.onEdit(issue.step, issue.id),
  });
}
