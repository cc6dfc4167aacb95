/**
 * The submit of `<kyb-form>`: check every step, send what is pending, submit, and learn the outcome of
 * a submit whose answer was lost from the form's status.
 */
import { ApiError } from '../../api/http.ts';
import type { KybFormClient } from '../../api/kyb-form-client.ts';
import type { KybForm } from '../../api/kyb.ts';
import type { FieldIssue, ShellContext, StepController } from '../context.ts';
import type { ServerIssue } from '../review/review.ts';
import type { FieldDef } from '../company/model.ts';
import {
  canSubmit,
  errorInfo,
  isSubmittedStatus,
  type ErrorInfo,
  type KybAction,
  type KybState,
} from '../state.ts';

/** What the submit uses of the element (functions, so the element keeps its members private). */
export interface SubmitHost {
  state(): KybState;
  client(): KybFormClient | null;
  formId(): string | null;
  updateComplete(): Promise<boolean>;
  setNote(note: 'save-failed' | 'unconfirmed' | null): void;
  setFocus(focus: 'heading' | 'summary'): void;
  dispatch(action: KybAction): void;
  emitError(kind: string, info: ErrorInfo): void;
  emitSubmitted(formId: string): void;
  reloadStatus(): Promise<KybForm | null>;
  /** Waits until every step's data and code are there. */
  ensureAll(): Promise<void>;
  controllers(): StepController<ShellContext>[];
  ctx(): ShellContext;
  signal(): AbortSignal | undefined;
}

const submitting = new WeakSet<SubmitHost>();

export async function submitForm(host: SubmitHost): Promise<void> {
  if (submitting.has(host) || !canSubmit(host.state())) return;
  const client = host.client();
  if (!client) return;
  submitting.add(host);
  host.setNote(null);
  try {
    await host.ensureAll();
    const ctx = host.ctx();
    const issues = host.controllers().flatMap((c) => c.validate(ctx));
    const formId = host.formId();
    if (issues.length > 0 || !formId) {
      host.dispatch({ type: 'submit-blocked' });
      host.setFocus('summary');
      return;
    }
    host.dispatch({ type: 'submit-start' });
    await host.updateComplete();
    const sendCtx = host.ctx();
    try {
      await Promise.all(host.controllers().map((c) => c.flush(sendCtx)));
    } catch (err) {
      const info = errorInfo(err);
      // A refused token has its own message (the session ended), not "check your connection".
      if (info.cause !== 'token') host.setNote('save-failed');
      host.dispatch({ type: 'submit-failed', error: info });
      host.emitError(info.cause, info);
      return;
    }
    await send(host, client, formId);
  } finally {
    submitting.delete(host);
  }
}

async function send(host: SubmitHost, client: KybFormClient, formId: string): Promise<void> {
  const done = () => {
    host.dispatch({ type: 'submit-ok' });
    host.setFocus('heading');
    host.emitSubmitted(formId);
  };
  try {
    await client.submit(formId, { signal: host.signal() });
    done();
  } catch (err) {
    const info = errorInfo(err);
    if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
      // The answer was lost: the form's status tells whether the submit went through.
      host.dispatch({ type: 'submit-verify' });
      const form = await host.reloadStatus();
      if (form && isSubmittedStatus(form.meta.status)) return done();
      if (!form) host.setNote('unconfirmed');
      host.dispatch({ type: 'submit-failed', error: info });
      host.emitError(info.cause, info);
      return;
    }
    if (err instanceof ApiError && err.status === 403 && err.identifier === 'PERMISSIONS_ERROR') {
      const form = await host.reloadStatus();
      if (form && isSubmittedStatus(form.meta.status)) {
        host.setFocus('heading');
        return;
      }
    }
    const serverIssues = err instanceof ApiError && err.status === 400 ? err.fields : {};
    host.dispatch({ type: 'submit-failed', error: info, serverIssues });
    if (Object.keys(serverIssues).length > 0) host.setFocus('summary');
    host.emitError(info.cause, info);
  }
}

/** Maps the service's field messages of a refused submit to the company fields they name. */
export function serverIssues(
  fields: Record<string, string[]>,
  defs: readonly FieldDef[],
  target: ((def: FieldDef) => FieldIssue) | null,
): ServerIssue[] {
  return Object.entries(fields).flatMap(([path, messages]) =>
    messages.map((message) => {
      const last = path.split('.').pop() ?? path;
      const def = defs.find((d) => d.key === last);
      return { path, message, target: def && target ? { ...target(def), message } : undefined };
    }),
  );
}
