/** The KYB webhook bodies, as published (`kyb.CompanySubmitWebhook`, `kyb.CompanyInfoRequestWebhook`). */
import type { CompanyInfoRequestWebhook, CompanySubmitWebhook } from '../api/webhooks.ts';
import type { Ctx } from './context.ts';
import type { Account, StoredForm } from './state.ts';
import { iso, randomHex } from './util.ts';

/** Sends `COMPANY_SUBMIT` for a form just submitted. */
export async function sendCompanySubmit(ctx: Ctx, account: Account, form: StoredForm) {
  const body: CompanySubmitWebhook = {
    id: form.id,
    submissionTime: form.meta.submissionTime,
    soleProprietor: form.meta.soleProprietor,
    clientId: form.clientId,
    externalRef: form.externalRef,
  };
  await ctx.services.webhook(account, 'COMPANY_SUBMIT', account.webhookUrl, body);
}

/** The sandbox's reviewer, named in information requests (a real service names the dashboard user). */
export const SANDBOX_MANAGER = { id: 1, name: 'Sandbox', surname: 'Reviewer', email: 'reviewer@example.com' };
const INFO_REQUEST_TOKEN_SECONDS = 7 * 86_400;

/**
 * Sends `COMPANY_INFO_REQUEST` (`REQUESTED`) for a form put back to `PENDING`. Its `token` is a new KYB
 * form token for the form's client (valid 7 days, ours), which the partner can hand to `<kyb-form>`.
 */
export async function sendCompanyInfoRequest(ctx: Ctx, account: Account, form: StoredForm) {
  const now = ctx.now();
  const tokenString = `kyb_${randomHex(20)}`;
  ctx.state.kybTokens.set(tokenString, {
    tokenString,
    accountId: account.id,
    clientId: form.clientId,
    externalRef: form.externalRef,
    locale: null,
    questionnaire: null,
    questionnaireRequired: true,
    tags: [],
    expiresAt: now + INFO_REQUEST_TOKEN_SECONDS * 1000,
  });
  const body: CompanyInfoRequestWebhook = {
    companyId: form.id,
    token: tokenString,
    date: iso(now),
    email: null,
    manager: SANDBOX_MANAGER,
    status: 'REQUESTED',
  };
  await ctx.services.webhook(account, 'COMPANY_INFO_REQUEST', account.webhookUrl, body);
}
