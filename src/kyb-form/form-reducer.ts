/**
 * Pure state of the `<kyb-form>` shell: load phases, which steps exist, the current step, the submit
 * lifecycle and error causes. No DOM, no I/O: the element dispatches actions and renders the state.
 */
import type { ApiError } from '../api/http.ts';
import type { Flow, FormStatus } from '../api/kyb.ts';
import type { StepId } from './context.ts';
import { retryMayHelp } from './saving/rule.ts';

/** Why the form cannot be shown (or an action failed). */
export type ErrorCause =
  /** No token given. */
  | 'no-token'
  /** 401: token invalid or expired (and no fresh token could be obtained). */
  | 'token'
  /** 403 PERMISSIONS_ERROR: the form was submitted, writes are refused. */
  | 'submitted'
  /** No answer: offline, DNS, closed port, timeout. */
  | 'network'
  /** The service answered with an error (or an answer of the wrong shape). */
  | 'service';

export interface ErrorInfo {
  cause: ErrorCause;
  status: number;
  identifier: string | null;
  message: string;
  /** Whether trying again may help (a retry button shows). */
  retryable: boolean;
  /** A known reason the element explains in its own words (the message is then for developers). */
  reason?: 'form-without-id';
}

export type LoadPhase = 'idle' | 'loading' | 'ready' | 'error';
export type SubmitPhase = 'idle' | 'sending' | 'verifying' | 'submitted' | 'failed';

export interface KybState {
  phase: LoadPhase;
  /** Increments with each (re)load: results of an older load are ignored. */
  generation: number;
  error: ErrorInfo | null;
  /** Steps in order (always starts with company and ends with review once ready). */
  steps: StepId[];
  current: StepId;
  /** Status of the form; null while no form exists. */
  formStatus: FormStatus | null;
  /** Whether the form's objects (beneficiaries, documents, questionnaires) are loaded. */
  objectsLoaded: boolean;
  submit: SubmitPhase;
  submitAttempted: boolean;
  /** Why the last submit failed (network, service), shown in the review step. */
  submitError: ErrorInfo | null;
  /** Server-side field messages of a refused submit (400 VALIDATION_ERROR): path -> messages. */
  serverIssues: Record<string, string[]>;
  /**
   * Whether the list of steps is final: the questionnaires' count is known (it needs the form's id).
   * Until then the progress ("Step n of m") is not shown, so its count never changes within a flow.
   */
  stepsKnown: boolean;
  /** Steps on which Continue was pressed: each shows all of its errors from then on. */
  checkedSteps: StepId[];
  /** Steps the user has been on; the progress opens every step up to the furthest of them. */
  reached: StepId[];
  /** The form existed when it opened (a returning user): every step may be opened from the progress. */
  returning: boolean;
  /** The token was refused (401) and could not be renewed: changes are kept until a new token is set. */
  sessionEnded: boolean;
  /**
   * A check-your-answers round trip (GOV.UK): an Edit in the review opened `step`; its primary action is
   * "Save and return to review" until the user leaves the step by the progress or Back. `edit` is the
   * target of the row's Edit link (focused again on return), null for the section's Edit button.
   */
  roundTrip: RoundTrip | null;
  /**
   * The service sent the form back for more information: it is PENDING again although it was submitted
   * (its submission time is set; the published form carries no message). The first screen says so.
   */
  infoRequested: boolean;
}

/** Where an Edit of the review went, and what to focus when the user comes back. */
export interface RoundTrip {
  step: StepId;
  /** The Edit link's target id (its row is focused on return), or null: the section's Edit button. */
  edit: string | null;
}

export type KybAction =
  | { type: 'load-start' }
  | { type: 'load-failed'; error: ErrorInfo }
  /** `submittedBefore`: the form carries a submission time (so PENDING means it was sent back). */
  | { type: 'info-loaded'; flow: Flow | null; formStatus: FormStatus | null; submittedBefore?: boolean }
  | { type: 'objects-loaded'; flow: Flow | null; questionnaireCount: number }
  /** The questionnaire list failed to load: its step stays (or appears) to show the error and a retry. */
  | { type: 'questionnaires-failed'; flow: Flow | null }
  | { type: 'form-status'; status: FormStatus | null }
  /** The questionnaires' count is known (`null`: its list failed): the list of steps is final. */
  | { type: 'steps-known'; flow: Flow | null; questionnaireCount: number | null }
  /** `fromReview`: an Edit of the review (a round trip starts; `edit` is the row's target, null: the section). */
  | { type: 'go'; step: StepId; fromReview?: { edit: string | null } }
  /** Continue was pressed: `ok` false means the step has problems and stays, showing all of them. */
  | { type: 'next'; ok?: boolean }
  | { type: 'back' }
  | { type: 'submit-blocked' }
  | { type: 'submit-start' }
  | { type: 'submit-verify' }
  | { type: 'submit-ok' }
  | { type: 'submit-failed'; error: ErrorInfo; serverIssues?: Record<string, string[]> }
  | { type: 'session-ended' }
  | { type: 'session-renewed' };

export const initialState = (): KybState => ({
  phase: 'idle',
  generation: 0,
  error: null,
  steps: ['company', 'review'],
  current: 'company',
  formStatus: null,
  objectsLoaded: false,
  submit: 'idle',
  submitAttempted: false,
  submitError: null,
  serverIssues: {},
  stepsKnown: false,
  checkedSteps: [],
  reached: ['company'],
  returning: false,
  sessionEnded: false,
  roundTrip: null,
  infoRequested: false,
});

/**
 * The steps that exist for a flow (`null`: every object) and a number of questionnaires (`null`:
 * unknown because the list failed to load; the step then exists to show the error).
 */
export function stepsFor(flow: Flow | null, questionnaireCount: number | null): StepId[] {
  const steps: StepId[] = ['company'];
  if (!flow || flow.beneficiaries.length > 0) steps.push('beneficiaries');
  if (!flow || flow.documents.length > 0) steps.push('documents');
  if (questionnaireCount === null || questionnaireCount > 0) steps.push('questionnaires');
  steps.push('review');
  return steps;
}

/** Whether a form status means "submitted, read only" (anything but PENDING). */
export const isSubmittedStatus = (status: FormStatus | null) => status !== null && status !== 'PENDING';

/** Maps an ApiError (or anything thrown) to an error cause. */
export function errorInfo(err: unknown): ErrorInfo {
  const e = err as Partial<ApiError> | null;
  const status = typeof e?.status === 'number' ? e.status : 0;
  const identifier = typeof e?.identifier === 'string' ? e.identifier : null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const kind = e?.kind;
  if (kind === 'network' || kind === 'timeout')
    return { cause: 'network', status, identifier, message, retryable: true };
  if (status === 401) return { cause: 'token', status, identifier, message, retryable: false };
  if (status === 403 && identifier === 'PERMISSIONS_ERROR')
    return { cause: 'submitted', status, identifier, message, retryable: false };
  // The one retry rule (saving/rule.ts); something thrown that is not an ApiError may pass on a retry.
  const retryable = typeof kind === 'string' ? retryMayHelp({ kind, status }) : true;
  return { cause: 'service', status, identifier, message, retryable };
}

/** Keeps `current` valid when the step list changes. */
function withSteps(state: KybState, steps: StepId[]): KybState {
  const current = steps.includes(state.current) ? state.current : 'company';
  return { ...state, steps, current };
}

const add = (list: StepId[], step: StepId): StepId[] => (list.includes(step) ? list : [...list, step]);

/**
 * Whether the progress may open `step` now: any step before the current one, any step up to the
 * furthest one reached (so a user who went back can return), every step for a returning user. Steps
 * further on open by Continue, which checks each step first (GOV.UK: no skipping past a step).
 */
export function canOpen(state: KybState, step: StepId): boolean {
  const j = state.steps.indexOf(step);
  if (j < 0 || state.phase !== 'ready') return false;
  if (state.returning || j <= state.steps.indexOf(state.current)) return true;
  return state.reached.some((r) => state.steps.indexOf(r) >= j);
}

/** Whether a step was checked (Continue pressed on it, or a submit attempted): then all of its errors show. */
export const isStepChecked = (state: KybState, step: StepId) =>
  state.submitAttempted || state.checkedSteps.includes(step);

export function reduce(state: KybState, action: KybAction): KybState {
  switch (action.type) {
    case 'load-start':
      return { ...initialState(), phase: 'loading', generation: state.generation + 1 };
    case 'load-failed':
      return { ...state, phase: 'error', error: action.error };
    case 'info-loaded': {
      const next = withSteps(
        {
          ...state,
          phase: 'ready',
          error: null,
          formStatus: action.formStatus,
          returning: action.formStatus !== null,
          infoRequested: action.formStatus === 'PENDING' && action.submittedBefore === true,
        },
        stepsFor(action.flow, 0),
      );
      // A submitted form opens on its read-only summary.
      return isSubmittedStatus(action.formStatus)
        ? { ...next, current: 'review', submit: 'submitted' }
        : next;
    }
    case 'objects-loaded':
      return withSteps(
        { ...state, objectsLoaded: true, stepsKnown: true },
        stepsFor(action.flow, action.questionnaireCount),
      );
    case 'steps-known':
      return withSteps({ ...state, stepsKnown: true }, stepsFor(action.flow, action.questionnaireCount));
    case 'questionnaires-failed':
      return withSteps({ ...state, stepsKnown: true }, stepsFor(action.flow, null));
    case 'form-status': {
      const submitted = isSubmittedStatus(action.status);
      return {
        ...state,
        formStatus: action.status,
        submit: submitted ? 'submitted' : state.submit === 'submitted' ? 'idle' : state.submit,
        current: submitted ? 'review' : state.current,
        roundTrip: submitted ? null : state.roundTrip,
      };
    }
    case 'go': {
      if (!canOpen(state, action.step)) return state;
      const trip: RoundTrip | null =
        action.fromReview && state.current === 'review' && action.step !== 'review'
          ? { step: action.step, edit: action.fromReview.edit }
          : state.roundTrip?.step === action.step
            ? state.roundTrip
            : null;
      return { ...state, current: action.step, reached: add(state.reached, action.step), roundTrip: trip };
    }
    case 'next': {
      const checked = { ...state, checkedSteps: add(state.checkedSteps, state.current) };
      if (action.ok === false) return checked;
      // Save and return to review: straight back, the round trip is over.
      if (state.roundTrip?.step === state.current && state.steps.includes('review'))
        return { ...checked, current: 'review', roundTrip: null };
      const i = state.steps.indexOf(state.current);
      const step = state.steps[Math.min(state.steps.length - 1, i + 1)];
      return step ? { ...checked, current: step, reached: add(state.reached, step) } : state;
    }
    case 'back': {
      const i = state.steps.indexOf(state.current);
      const step = state.steps[Math.max(0, i - 1)];
      return step ? { ...state, current: step, roundTrip: null } : state;
    }
    case 'submit-blocked':
      return {
        ...state,
        submitAttempted: true,
        submitError: null,
        current: 'review',
        reached: add(state.reached, 'review'),
        roundTrip: null,
      };
    case 'submit-start':
      if (state.submit === 'sending' || state.submit === 'verifying' || state.submit === 'submitted')
        return state;
      return { ...state, submit: 'sending', submitAttempted: true, submitError: null, serverIssues: {} };
    case 'submit-verify':
      return state.submit === 'sending' ? { ...state, submit: 'verifying' } : state;
    case 'submit-ok':
      return {
        ...state,
        submit: 'submitted',
        formStatus: 'PROCESSING',
        submitError: null,
        current: 'review',
        infoRequested: false,
      };
    case 'submit-failed':
      return {
        ...state,
        submit: 'failed',
        submitError: action.error,
        serverIssues: action.serverIssues ?? {},
      };
    case 'session-ended':
      return state.phase === 'ready' ? { ...state, sessionEnded: true } : state;
    case 'session-renewed':
      return { ...state, sessionEnded: false };
  }
}

/** Whether a submit may start now (the in-flight guard). */
export const canSubmit = (state: KybState) =>
  state.phase === 'ready' &&
  state.submit !== 'sending' &&
  state.submit !== 'verifying' &&
  state.submit !== 'submitted';

/**
 * Drops repeated ids from a list the service returned: a corrupted answer repeating one object
 * thousands of times must not become thousands of rows (and a request for each).
 */
export function uniqueById<T extends { id: string }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((x) => !seen.has(x.id) && (seen.add(x.id), true));
}
