/**
 * The beneficiaries step's list logic without state of its own: who owns whom (tree order), and the
 * problems that block submit, each with the control that fixes it (the error summary's links).
 */
import { msg, str } from '@lit/localize';
import type { Beneficiary, KybDocument } from '../../api/kyb.ts';
import type { FieldIssue } from '../context.ts';
import { fieldId, fieldLabel, fieldOrder } from './form.ts';
import { listMessages } from './view.ts';
import { beneficiaryName, type BeneficiaryConfig, type BeneficiaryDraft, type DraftErrors } from './model.ts';

export const ADD_BUTTON_ID = 'ben-add';

/** The beneficiaries owned by `parent` (top level: null); an owner whose parent is gone shows at the top. */
export function ownersOf(list: readonly Beneficiary[], parent: string | null): Beneficiary[] {
  const ids = new Set(list.map((b) => b.id));
  return list.filter((b) => (b.parent && ids.has(b.parent) ? b.parent : null) === parent);
}

/** Every beneficiary, each owner right after what it owns (depth first), the rest at the end. */
export function treeOrder(list: readonly Beneficiary[]): Beneficiary[] {
  const ordered: Beneficiary[] = [];
  const seen = new Set<string>();
  const visit = (parent: string | null) => {
    for (const b of ownersOf(list, parent)) {
      if (seen.has(b.id)) continue;
      seen.add(b.id);
      ordered.push(b);
      visit(b.id);
    }
  };
  visit(null);
  for (const b of list) if (!seen.has(b.id)) ordered.push(b);
  return ordered;
}

export interface IssuesInput {
  list: readonly Beneficiary[];
  cfg: BeneficiaryConfig;
  locale: string;
  /** The open form's draft when it holds changes, and its errors. */
  draft: BeneficiaryDraft | null;
  errors: DraftErrors;
  /** Whether a form (add / edit) is open at all. */
  formOpen: boolean;
  key: (id: string) => string;
  /** A beneficiary's documents once loaded (null: not yet). */
  documentsLoaded: (id: string) => readonly Pick<KybDocument, 'type'>[] | null;
}

/** The problems that block submit: the open form's, then the list's (count, threshold, roles, documents). */
export function stepIssues(o: IssuesInput): FieldIssue[] {
  const { list, cfg, draft } = o;
  const issues: FieldIssue[] = [];
  const step = 'beneficiaries' as const;
  if (draft)
    for (const f of fieldOrder(draft, cfg)) {
      const m = o.errors[f];
      if (m) issues.push({ id: fieldId(f, draft, cfg), label: fieldLabel(f, draft, cfg), message: m, step });
    }
  const firstCard = list[0] ? `${o.key(list[0].id)}-name` : 'kyb-step-heading';
  const addTarget =
    draft && draft.id === null ? fieldId('infoType', draft) : cfg.readOnly ? firstCard : ADD_BUTTON_ID;
  for (const p of listMessages(list, cfg, o.locale, o.documentsLoaded)) {
    if (p.kind === 'required' || p.kind === 'threshold' || p.kind === 'role') {
      issues.push({ id: addTarget, label: msg('Beneficiaries'), message: p.message, step });
    } else if (p.kind === 'total') {
      const last = [...list].reverse().find((b) => typeof b.ownershipPercentage === 'number');
      const id = last && !cfg.readOnly && !o.formOpen ? `${o.key(last.id)}-edit` : firstCard;
      issues.push({ id, label: msg('Ownership (%)'), message: p.message, step });
    } else {
      const b = list.find((x) => x.id === p.beneficiaryId);
      if (!b) continue;
      const name = beneficiaryName(b);
      issues.push({
        id: `${o.key(b.id)}-upload`,
        label: msg(str`Upload a document for ${name}`),
        message: p.message,
        step,
      });
    }
  }
  return issues;
}
