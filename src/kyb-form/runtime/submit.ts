/**
 * The submit of `<kyb-form>`: check every step, send what is pending, submit, and learn the outcome of
 * a submit whose answer was lost from the form's status.
 */
import { ApiError } from '../../api/http.ts';
import type { KybCoreClient } from '../../api/kyb-core-client.ts';
import type { FieldIssue } from '../context.ts';
import type { ServerIssue } from '../review/review.ts';
import type { FieldDef } from '../company/model.ts';
import { canSubmit, errorInfo, isSubmittedStatus } from '../form-reducer.ts';
import type { KybRuntime } from './runtime.ts';

const submitting = new WeakSet<KybRuntime>();

export async function submitForm(rt: KybRuntime): Promise<void> {
  if (submitting.has(rt) || !canSubmit(rt.state)) return;
  const client = rt.client;
  if (!client) return;
  submitting.add(rt);
  rt.setNote(null);
  try {
    await rt.ensureAll();
    const ctx = rt.ctx();
    const issues = rt.controllers().flatMap((c) => c.validate(ctx));
    const formId = rt.formId;
    if (issues.length > 0 || !formId) {
      rt.dispatch({ type: 'submit-blocked' });
      rt.setFocus('summary');
      return;
    }
    rt.dispatch({ type: 'submit-start' });
    await rt.host.updateComplete;
    const sendCtx = rt.ctx();
    try {
      await Promise.all(rt.controllers().map((c) => c.flush(sendCtx)));
    } catch (err) {
      const info = errorInfo(err);
      // A refused token has its own message (the session ended), not "check your connection".
      if (info.cause !== 'token') rt.setNote('save-failed');
      rt.dispatch({ type: 'submit-failed', error: info });
      rt.emitError(info.cause, info);
      return;
    }
    await send(rt, client, formId);
  } finally {
    submitting.delete(rt);
  }
}

async function send(rt: KybRuntime, client: KybCoreClient, formId: string): Promise<void> {
  const done = () => {
    rt.dispatch({ type: 'submit-ok' });
    rt.setFocus('heading');
    rt.emitSubmitted(formId);
  };
  try {
    await client.submit(formId, { signal: rt.signal });
    done();
  } catch (err) {
    const info = errorInfo(err);
    if (err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout')) {
      // The answer was lost: the form's status tells whether the submit went through.
      rt.dispatch({ type: 'submit-verify' });
      const form = await rt.reloadStatus();
      if (form && isSubmittedStatus(form.meta.status)) return done();
      if (!form) rt.setNote('unconfirmed');
      rt.dispatch({ type: 'submit-failed', error: info });
      rt.emitError(info.cause, info);
      return;
    }
    if (err instanceof ApiError && err.status === 403 && err.identifier === 'PERMISSIONS_ERROR') {
      const form = await rt.reloadStatus();
      if (form && isSubmittedStatus(form.meta.status)) {
        rt.setFocus('heading');
        return;
      }
    }
    const serverIssues = err instanceof ApiError && err.status === 400 ? err.fields : {};
    rt.dispatch({ type: 'submit-failed', error: info, serverIssues });
    if (Object.keys(serverIssues).length > 0) rt.setFocus('summary');
    rt.emitError(info.cause, info);
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
