/**
 * The review step as the shell renders it: a section per step, the submit error, server problems. Part
 * of the later chunk (later.ts): it loads after the first screen.
 */
import type { TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { CompanyStep } from '../company/controller.ts';
import type { FieldIssue, KybContext, StepController, StepId } from '../context.ts';
import { companySummary } from '../review/company-summary.ts';
import { renderReview, type ReviewSection } from '../review/review.ts';
import { renderSummaryList } from '../review/summary-list.ts';
import type { ErrorInfo, KybState } from '../state.ts';
import type { Screens } from './screens.ts';
import { serverIssues } from './submit.ts';
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

/** A step controller may offer a read-only summary for the review step. */
type WithSummary = StepController & { summary?: (ctx: KybContext) => TemplateResult };

export interface ReviewViewOptions {
  state: KybState;
  screens: Screens;
  company: CompanyStep;
  controller: (step: StepId) => StepController | undefined;
  /** Whether a step without a controller is still loading (else it failed or has no form yet). */
  loading: boolean;
  note: 'save-failed' | 'unconfirmed' | null;
  readOnly: boolean;
  onSubmit: () => void;
  onGo: (step: StepId, focus?: { id: string }) => void;
}

function sections(o: ReviewViewOptions, ctx: KybContext): ReviewSection[] {
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

export function renderReviewView(o: ReviewViewOptions, ctx: KybContext): TemplateResult {
  const s = o.state;
  const { screens } = o;
  const fieldProblems = Object.keys(s.serverIssues).length > 0;
  const target = (def: CompanyStep['defs'][number]): FieldIssue => ({
    id: screens.fieldId(def),
    label: def.kind === 'standard' ? screens.companyLabel(def.key) : def.title,
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
    onEdit: (step) => o.onGo(step),
    onIssue: (issue) => o.onGo(issue.step, { id: issue.id }),
  });
}
