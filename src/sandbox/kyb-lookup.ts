/** Finding what a KYB request addresses (the form, a beneficiary, a questionnaire) as its credential may see it. */
import { acct, type Ctx } from './context.ts';
import type { StoredBeneficiary, StoredForm, StoredQuestionnaire } from './state.ts';
import { HttpError, notFound } from './util.ts';

export function tokenForm(ctx: Ctx): StoredForm | null {
  const t = ctx.kybToken;
  if (!t) return null;
  return acct(ctx).forms.get(t.clientId) ?? null;
}

/** The form addressed by `:id`, reachable by this credential (else 404). */
export function getForm(ctx: Ctx): StoredForm {
  const id = ctx.params.id ?? '';
  const form = ctx.state.formsById.get(id);
  const account = acct(ctx);
  if (!form || form.accountId !== account.id) throw notFound('No such form.');
  if (ctx.kybToken && form.clientId !== ctx.kybToken.clientId) throw notFound('No such form.');
  return form;
}

export function editable(form: StoredForm) {
  if (form.meta.status !== 'PENDING') {
    throw new HttpError(403, 'PERMISSIONS_ERROR', 'The form was submitted and can no longer be changed.');
  }
}

export function getBeneficiary(ctx: Ctx, form: StoredForm): StoredBeneficiary {
  const b = form.beneficiaries.get(ctx.params.bid ?? '');
  if (!b) throw notFound('No such beneficiary.');
  return b;
}

export function visibleQuestionnaires(ctx: Ctx): StoredQuestionnaire[] {
  const all = acct(ctx).questionnaires;
  const key = ctx.kybToken?.questionnaire;
  return key ? all.filter((q) => q.key === key) : all;
}

export function getQuestionnaire(ctx: Ctx): StoredQuestionnaire {
  const q = visibleQuestionnaires(ctx).find((x) => x.id === ctx.params.qid);
  if (!q) throw notFound('No such questionnaire.');
  return q;
}
