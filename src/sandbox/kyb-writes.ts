/**
 * The checks and storage of KYB writes that carry more than a schema says: custom-field values against
 * the flow, uploaded documents, and questionnaire answers (files included).
 */
import { base64Bytes, MAX_DOCUMENT_BYTES } from '../api/common.ts';
import {
  Answers,
  answerValueSchema,
  CompanyDocumentUpload,
  customValueSchema,
  DocumentUpload,
} from '../api/kyb.ts';
import { INDIVIDUAL_DOCUMENT_TYPES } from '../api/document-types.ts';
import { type Ctx } from './context.ts';
import type { StoredDocument, StoredFile, StoredForm, StoredQuestionnaire, StoredValue } from './state.ts';
import {
  base64ToBytes,
  contentTypeFor,
  HttpError,
  isRecord,
  parseOrThrow,
  uuid,
  validationError,
} from './util.ts';
import { customDefs } from './kyb-json.ts';

/**
 * Refuses custom-field values whose type does not match the field's published type (the service checks
 * `additionalInfo` against the flow's `CustomFieldTypeEnum`); keys the flow does not know are kept as sent.
 */
export function checkCustomValues(ctx: Ctx, additional: unknown, path: string) {
  if (!isRecord(additional)) return;
  const defs = customDefs(ctx);
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(additional)) {
    const def = defs.get(k);
    const value = isRecord(v) ? v.value : undefined;
    if (!def || value === null || value === undefined) continue;
    if (!customValueSchema(def).safeParse(value).success)
      fields[`${path}.${k}`] = [`not a valid ${def.type} value`];
  }
  if (Object.keys(fields).length) throw validationError(fields);
}

const tooBig = () => new HttpError(413, 'BAD_VALUE', 'The file is larger than 10 MiB.');

/**
 * Stores an uploaded document. Company documents take `KybDocumentTypeEnum`; a beneficiary's take its
 * applicant type's enum (`IndividualKybDocTypeEnum` for a person).
 */
export function storeUpload(
  ctx: Ctx,
  form: StoredForm,
  owner: 'INDIVIDUAL' | 'COMPANY' = 'COMPANY',
): StoredDocument {
  const raw = ctx.json();
  if (isRecord(raw) && typeof raw.file === 'string' && base64Bytes(raw.file) > MAX_DOCUMENT_BYTES)
    throw tooBig();
  const body = parseOrThrow(owner === 'COMPANY' ? CompanyDocumentUpload : DocumentUpload, raw);
  if (owner === 'INDIVIDUAL' && !(INDIVIDUAL_DOCUMENT_TYPES as readonly string[]).includes(body.type))
    throw validationError({ type: [`not a document type of a person: ${body.type}`] });
  const fileId = ctx.services.storeFile(
    form.accountId,
    body.filename,
    contentTypeFor(body.filename),
    base64ToBytes(body.file),
  );
  return { id: uuid(), type: body.type, filename: body.filename, fileId };
}

const BASE64_RE = /^[A-Za-z0-9+/]*={0,2}$/;

function preCheckFileSizes(raw: unknown) {
  if (!isRecord(raw) || !isRecord(raw.sections)) return;
  for (const sec of Object.values(raw.sections)) {
    if (!isRecord(sec)) continue;
    for (const a of Object.values(sec)) {
      if (!isRecord(a)) continue;
      const vals = Array.isArray(a.value) ? a.value : [a.value];
      for (const v of vals) {
        if (isRecord(v) && typeof v.file === 'string' && !/^https?:/i.test(v.file)) {
          if (base64Bytes(v.file) > MAX_DOCUMENT_BYTES) throw tooBig();
        }
      }
    }
  }
}

export function putAnswers(ctx: Ctx, form: StoredForm, q: StoredQuestionnaire) {
  const raw = ctx.json();
  preCheckFileSizes(raw);
  const body = parseOrThrow(Answers, raw);
  const fields: Record<string, string[]> = {};
  const add = (k: string, m: string) => (fields[k] ??= []).push(m);
  const pendingFiles: { key: string; filename: string; b64: string; set: (f: StoredFile) => void }[] = [];
  const out: Record<string, Record<string, StoredValue>> = {};
  for (const [sKey, answers] of Object.entries(body.sections)) {
    const section = q.sections.find((s) => s.key === sKey);
    if (!section) {
      add(`sections.${sKey}`, 'unknown section');
      continue;
    }
    const outSec: Record<string, StoredValue> = {};
    out[sKey] = outSec;
    for (const [qKey, { value }] of Object.entries(answers)) {
      const path = `sections.${sKey}.${qKey}`;
      const question = section.questions.find((x) => x.key === qKey);
      if (!question) {
        add(path, 'unknown question');
        continue;
      }
      if (value === null) {
        outSec[qKey] = null;
        continue;
      }
      const r = answerValueSchema({ type: question.type, choices: question.choices ?? [] }).safeParse(value);
      if (!r.success) {
        for (const issue of r.error.issues) add([path, ...issue.path.map(String)].join('.'), issue.message);
        continue;
      }
      if (question.type === 'FILE' || question.type === 'FILE_MULTI') {
        const files = (Array.isArray(value) ? value : [value]) as { filename: string; file: string }[];
        const stored: StoredFile[] = [];
        files.forEach((f, i) => {
          const p = question.type === 'FILE' ? path : `${path}.${i}`;
          if (/^https?:/i.test(f.file)) {
            const id = ctx.services.fileIdFromUrl(f.file, form.accountId);
            if (!id) add(p, 'unknown file URL');
            else stored.push({ filename: f.filename, fileId: id });
          } else if (f.file.length % 4 !== 0 || !BASE64_RE.test(f.file)) {
            add(p, 'not base64');
          } else {
            const slot: StoredFile = { filename: f.filename, fileId: '' };
            stored.push(slot);
            pendingFiles.push({
              key: p,
              filename: f.filename,
              b64: f.file,
              set: (x) => (slot.fileId = x.fileId),
            });
          }
        });
        outSec[qKey] = question.type === 'FILE' ? (stored[0] ?? null) : stored;
      } else {
        outSec[qKey] = r.data as StoredValue;
      }
    }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
  for (const p of pendingFiles) {
    const fileId = ctx.services.storeFile(
      form.accountId,
      p.filename,
      contentTypeFor(p.filename),
      base64ToBytes(p.b64),
    );
    p.set({ filename: p.filename, fileId });
  }
  form.answers.set(q.id, out);
}
