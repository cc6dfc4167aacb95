/** Submitting a KYB form (what is still missing, as submit validation fields) and the information request. */
import { COMPANY_FIELDS, Flow } from '../api/kyb.ts';
import { createVisibilityIndex } from '../conditions/index.ts';
import { acct, type Ctx } from './context.ts';
import { sendCompanyInfoRequest } from './webhooks.ts';
import type { StoredForm, StoredValue } from './state.ts';
import { isRecord, notFound } from './util.ts';
import { isStoredFile } from './kyb-json.ts';
import { visibleQuestionnaires } from './kyb-lookup.ts';

function answered(v: StoredValue | undefined): boolean {
  if (v === null || v === undefined || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  return true;
}

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

export function submitErrors(ctx: Ctx, form: StoredForm): Record<string, string[]> {
  const account = acct(ctx);
  const fields: Record<string, string[]> = {};
  const add = (k: string, m: string) => (fields[k] ??= []).push(m);
  const company = form.company as Record<string, unknown>;
  const info = account.kybInfo;
  const flowRes = isRecord(info.flow) ? Flow.safeParse(info.flow) : null;
  const flow = flowRes?.success ? flowRes.data : null;
  const required = new Set<string>(['companyName', 'country']);
  const names = COMPANY_FIELDS as Record<string, string>;
  if (flow) {
    for (const f of flow.fields) {
      const key = names[f.field];
      if (!key) continue;
      if (f.required) required.add(key);
      if (
        f.changeRequired &&
        f.changeFrom !== undefined &&
        f.changeFrom !== null &&
        company[key] === f.changeFrom
      ) {
        add(`company.${key}`, 'must be changed');
      }
    }
  }
  for (const key of required) if (isEmpty(company[key])) add(`company.${key}`, 'required');
  if (flow) {
    const additional = isRecord(company.additionalInfo) ? company.additionalInfo : {};
    for (const f of flow.fieldsCustom) {
      const entry = additional[f.field.key];
      if (f.required && isEmpty(isRecord(entry) ? entry.value : undefined)) {
        add(`company.additionalInfo.${f.field.key}`, 'required');
      }
    }
    const docs = [...form.documents.values()];
    for (const d of flow.documents) {
      if (d.required && !docs.some((x) => x.type === d.docType))
        add(`documents.${d.docType}`, 'required document');
    }
    // As the element reads the flow: a required role needs a beneficiary holding it; a required entry or
    // applicant type, any beneficiary.
    const saved = [...form.beneficiaries.values()];
    const anyRequired = flow.beneficiaries.some((b) => b.required || b.applicants.some((a) => a.required));
    if (anyRequired && saved.length === 0) add('beneficiaries', 'at least one beneficiary is required');
    else
      for (const { required, beneficiaryType: role } of flow.beneficiaries)
        if (required && role && !saved.some((x) => x.beneficiaryTypes.includes(role)))
          add(`beneficiaries.${role}`, 'a beneficiary with this role is required');
  }
  if (ctx.kybToken?.questionnaireRequired !== false) {
    for (const q of visibleQuestionnaires(ctx)) {
      const answers = form.answers.get(q.id) ?? {};
      const get = (s: string, k: string): unknown => {
        const v = answers[s]?.[k];
        return isStoredFile(v) ? v.filename : v === undefined ? null : v;
      };
      const vis = createVisibilityIndex(q.sections, get);
      for (const s of q.sections) {
        if (!vis.isSectionVisible(s.key)) continue;
        for (const x of s.questions) {
          if (x.required && vis.isQuestionVisible(s.key, x.key) && !answered(answers[s.key]?.[x.key])) {
            add(`questionnaires.${q.key}.${s.key}.${x.key}`, 'required');
          }
        }
      }
    }
  }
  return fields;
}

/** Control: puts a submitted form back to `PENDING` and sends the KYB webhook. */
export async function requestInformation(ctx: Ctx, formId: string, message?: string) {
  const account = acct(ctx);
  const form = ctx.state.formsById.get(formId);
  if (!form || form.accountId !== account.id) throw notFound('No such form.');
  form.meta.status = 'PENDING';
  form.meta.approvalStatus = null;
  void message; // shown on the dashboard of a real service; not part of the published webhook body
  await sendCompanyInfoRequest(ctx, account, form);
  return form;
}
