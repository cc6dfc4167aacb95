/**
 * KYB routes: token minting, session info, the form, beneficiaries, documents, questionnaires and answers.
 * The published shapes are in `kyb-json.ts`, lookups in `kyb-lookup.ts`, write checks in `kyb-writes.ts`,
 * submit in `kyb-submit.ts`.
 */
import {
  BeneficiaryCreate,
  BeneficiaryPatch,
  CreateFormRequest,
  RenameDocumentRequest,
  UpdateFormRequest,
} from '../api/kyb.ts';
import { KybTokenRequest } from '../api/kyb-token.ts';
import { acct, type Ctx, type RouteDef } from './context.ts';
import { sendCompanySubmit } from './webhooks.ts';
import type { StoredBeneficiary, StoredDocument, StoredForm } from './state.ts';
import {
  contentTypeFor,
  empty,
  iso,
  json,
  notFound,
  parseOrThrow,
  randomHex,
  uuid,
  validationError,
} from './util.ts';
import {
  absoluteThemeUrls,
  benJson,
  docJson,
  formJson,
  questionnaireJson,
  renderAnswers,
} from './kyb-json.ts';
import {
  editable,
  getBeneficiary,
  getForm,
  getQuestionnaire,
  tokenForm,
  visibleQuestionnaires,
} from './kyb-lookup.ts';
import { submitErrors } from './kyb-submit.ts';
import { checkCustomValues, putAnswers, storeUpload } from './kyb-writes.ts';

/** Stores the uploaded document of a form's company (`owner` COMPANY) or of a beneficiary in `into`: 201. */
function addDocument(
  ctx: Ctx,
  form: StoredForm,
  into: Map<string, StoredDocument>,
  owner?: StoredBeneficiary['infoType'],
): Response {
  editable(form);
  const doc = storeUpload(ctx, form, owner);
  into.set(doc.id, doc);
  return json(docJson(ctx, doc), 201);
}

/** The beneficiary's document addressed by `:did` (else 404). */
function beneficiaryDocument(ctx: Ctx, b: StoredBeneficiary): StoredDocument {
  const d = b.documents.get(ctx.params.did ?? '');
  if (!d) throw notFound('No such document.');
  return d;
}

export const kybRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/kyb/tokens/',
    auth: 'basic',
    handler(ctx) {
      const account = acct(ctx);
      const body = parseOrThrow(KybTokenRequest, ctx.json());
      if (body.questionnaire && !account.questionnaires.some((q) => q.key === body.questionnaire)) {
        throw validationError({ questionnaire: ['unknown questionnaire'] });
      }
      const now = ctx.now();
      const lifetime = body.lifetime ?? 3600;
      const rec = {
        tokenString: `kyb_${randomHex(20)}`,
        accountId: account.id,
        clientId: body.clientId,
        externalRef: body.externalRef ?? null,
        locale: body.locale ?? null,
        questionnaire: body.questionnaire ?? null,
        questionnaireRequired: body.questionnaireRequired ?? true,
        tags: body.tags ?? [],
        expiresAt: now + lifetime * 1000,
      };
      ctx.state.kybTokens.set(rec.tokenString, rec);
      const form = account.forms.get(body.clientId);
      // `kyb.KybToken` (its `KybFormToken` branch).
      return json(
        {
          tokenType: 'FORM',
          tokenString: rec.tokenString,
          expiration: iso(rec.expiresAt),
          isActive: rec.expiresAt > now,
          isValid: rec.expiresAt > now,
          companyId: form?.id ?? null,
          clientId: rec.clientId,
          externalRef: rec.externalRef,
          locale: rec.locale,
          flow: body.flow ?? null,
          theme: body.theme ?? null,
          tags: rec.tags,
          scanRefs: body.scanRefs ?? null,
        },
        201,
      );
    },
  },
  {
    method: 'GET',
    path: '/kyb/info/',
    auth: 'kyb',
    handler(ctx) {
      const info = acct(ctx).kybInfo;
      return json({
        ...info,
        locale: ctx.kybToken?.locale ?? (typeof info.locale === 'string' ? info.locale : 'en'),
        theme: absoluteThemeUrls(ctx, info.theme),
        flow: info.flow ?? null,
      });
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/',
    auth: 'kyb',
    handler(ctx) {
      const form = tokenForm(ctx);
      if (!form) return json([]);
      const { id, company, meta } = formJson(form, ctx);
      return json([{ id, company, meta }]);
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/',
    auth: 'kyb',
    handler(ctx) {
      const account = acct(ctx);
      const token = ctx.kybToken;
      if (!token) throw notFound();
      const body = parseOrThrow(CreateFormRequest, ctx.json());
      checkCustomValues(ctx, body.company.additionalInfo, 'company.additionalInfo');
      if (account.forms.has(token.clientId)) {
        throw validationError(
          { '(root)': ['a form already exists for this token'] },
          'The form already exists.',
        );
      }
      const form: StoredForm = {
        id: uuid(),
        accountId: account.id,
        clientId: token.clientId,
        externalRef: token.externalRef,
        company: body.company,
        meta: { status: 'PENDING', approvalStatus: null, submissionTime: null, soleProprietor: false },
        beneficiaries: new Map(),
        documents: new Map(),
        answers: new Map(),
      };
      account.forms.set(token.clientId, form);
      ctx.state.formsById.set(form.id, form);
      return json(formJson(form, ctx), 201);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json(formJson(getForm(ctx), ctx)),
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const body = parseOrThrow(UpdateFormRequest, ctx.json());
      if (body.company) {
        checkCustomValues(ctx, body.company.additionalInfo, 'company.additionalInfo');
        form.company = body.company;
      }
      // `kyb.KybFormUpdate`: the company and the client system only.
      const { company, clientSystem } = formJson(form, ctx);
      return json({ company, clientSystem });
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/submit/',
    auth: 'kyb',
    async handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const errors = submitErrors(ctx, form);
      if (Object.keys(errors).length > 0) throw validationError(errors, 'The form is not complete.');
      form.meta.status = 'PROCESSING';
      form.meta.submissionTime = iso(ctx.now());
      await sendCompanySubmit(ctx, acct(ctx), form);
      return new Response(null, { status: 200, headers: { 'Cache-Control': 'no-store' } });
    },
  },
  /* beneficiaries */
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json([...getForm(ctx).beneficiaries.values()].map((b) => benJson(b, ctx))),
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/beneficiaries/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      editable(form);
      const body = parseOrThrow(BeneficiaryCreate, ctx.json());
      const parent = body.parent ? form.beneficiaries.get(body.parent) : null;
      if (body.parent && !parent) throw validationError({ parent: ['unknown beneficiary'] });
      if (parent && parent.infoType !== 'COMPANY')
        throw validationError({ parent: ['only a company beneficiary can have owners'] });
      const { infoType, ...info } = body.info;
      checkCustomValues(ctx, info.additionalInfo, 'info.additionalInfo');
      const types = [...(body.beneficiaryTypes ?? [])];
      if (body.beneficiaryType && !types.includes(body.beneficiaryType)) types.unshift(body.beneficiaryType);
      const b: StoredBeneficiary = {
        id: uuid(),
        beneficiaryTypes: types,
        infoType,
        info,
        positions: body.positions ?? [],
        formFiller: body.formFiller ?? false,
        ownershipPercentage: body.ownershipPercentage ?? null,
        parent: body.parent ?? null,
        documents: new Map(),
      };
      form.beneficiaries.set(b.id, b);
      return json(benJson(b, ctx), 201);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      return json(benJson(getBeneficiary(ctx, form), ctx));
    },
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      editable(form);
      const body = parseOrThrow(BeneficiaryPatch, ctx.json());
      if (body.info) {
        const { infoType, ...info } = body.info;
        if (infoType !== b.infoType) throw validationError({ 'info.infoType': ['cannot be changed'] });
        checkCustomValues(ctx, info.additionalInfo, 'info.additionalInfo');
        b.info = info;
      }
      if (body.beneficiaryTypes) b.beneficiaryTypes = [...body.beneficiaryTypes];
      else if (body.beneficiaryType) b.beneficiaryTypes = [body.beneficiaryType];
      if (body.positions) b.positions = [...body.positions];
      if (body.formFiller !== undefined) b.formFiller = body.formFiller;
      if (body.ownershipPercentage !== undefined) b.ownershipPercentage = body.ownershipPercentage;
      return json(benJson(b, ctx));
    },
  },
  {
    method: 'DELETE',
    path: '/kyb/forms/:id/beneficiaries/:bid/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      editable(form);
      form.beneficiaries.delete(b.id);
      for (const other of form.beneficiaries.values()) if (other.parent === b.id) other.parent = null;
      return empty(204);
    },
  },
  /* company documents */
  {
    method: 'GET',
    path: '/kyb/forms/:id/documents/',
    auth: 'kyb-or-basic',
    handler: (ctx) => json([...getForm(ctx).documents.values()].map((d) => docJson(ctx, d))),
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/documents/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      return addDocument(ctx, form, form.documents);
    },
  },
  /* beneficiary documents (interface 5, 6) */
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const b = getBeneficiary(ctx, getForm(ctx));
      return json([...b.documents.values()].map((d) => docJson(ctx, d)));
    },
  },
  {
    method: 'POST',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      const b = getBeneficiary(ctx, form);
      return addDocument(ctx, form, b.documents, b.infoType);
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/:did/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      return json(docJson(ctx, beneficiaryDocument(ctx, getBeneficiary(ctx, getForm(ctx)))));
    },
  },
  {
    method: 'PATCH',
    path: '/kyb/forms/:id/beneficiaries/:bid/documents/:did/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const d = beneficiaryDocument(ctx, getBeneficiary(ctx, form));
      editable(form);
      const body = parseOrThrow(RenameDocumentRequest, ctx.json());
      d.filename = body.filename;
      const f = ctx.state.files.get(d.fileId);
      if (f) {
        f.filename = body.filename;
        f.contentType = contentTypeFor(body.filename);
      }
      return json(docJson(ctx, d));
    },
  },
  /* questionnaires (interface 7) and answers */
  {
    method: 'GET',
    path: '/kyb/forms/:id/questionnaires/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      getForm(ctx);
      return json(visibleQuestionnaires(ctx).map(questionnaireJson));
    },
  },
  {
    method: 'GET',
    path: '/kyb/forms/:id/questionnaires/:qid/answers/',
    auth: 'kyb-or-basic',
    handler(ctx) {
      const form = getForm(ctx);
      const q = getQuestionnaire(ctx);
      const stored = form.answers.get(q.id);
      return stored ? json(renderAnswers(ctx, stored)) : empty(204);
    },
  },
  {
    method: 'PUT',
    path: '/kyb/forms/:id/questionnaires/:qid/answers/',
    auth: 'kyb-or-basic',
    files: true,
    handler(ctx) {
      const form = getForm(ctx);
      const q = getQuestionnaire(ctx);
      editable(form);
      putAnswers(ctx, form, q);
      return json(renderAnswers(ctx, form.answers.get(q.id) ?? {}));
    },
  },
];
