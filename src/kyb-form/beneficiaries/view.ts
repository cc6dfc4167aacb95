/**
 * Pure parts of the beneficiaries step's view: the threshold sentence, the list's problems with their
 * messages, and the details of a beneficiary's card.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { Beneficiary, KybDocument } from '../../api/kyb.ts';
import { docTypeLabel } from '../documents/model.ts';
import { formatNumber } from '../format.ts';
import {
  beneficiaryName,
  countryName,
  listProblems,
  typeLabel,
  typeShortLabel,
  type BeneficiaryConfig,
} from './model.ts';

export const formatPct = (n: number, locale: string) => formatNumber(n, locale, 2);

/** The ownership threshold sentence shown above the list. */
export function thresholdText(locale: string, cfg: BeneficiaryConfig): string {
  const t = formatPct(cfg.threshold ?? 0, locale);
  return cfg.atLeastOne
    ? msg(
        str`List every shareholder and ultimate beneficial owner (UBO) who owns ${t}% or more of the company. At least one UBO or one owner of ${t}% or more is needed.`,
      )
    : msg(
        str`List every shareholder and ultimate beneficial owner (UBO) who owns ${t}% or more of the company.`,
      );
}

/** The list's problems (listProblems) with their localized messages. */
export function listMessages(
  list: readonly Beneficiary[],
  cfg: BeneficiaryConfig,
  locale: string,
  docsOf: (beneficiaryId: string) => readonly Pick<KybDocument, 'type'>[] | null,
) {
  const problems = listProblems(list, cfg, docsOf);
  return problems.map((p) => {
    switch (p.kind) {
      case 'required':
        return { ...p, message: msg('Add at least one beneficiary.') };
      case 'role': {
        const role = typeLabel(p.role);
        return { ...p, message: msg(str`Add at least one beneficiary with the role ${role}.`) };
      }
      case 'threshold': {
        const t = formatPct(p.threshold, locale);
        return {
          ...p,
          message: msg(
            str`Add at least one ultimate beneficial owner (UBO) or a beneficiary who owns ${t}% or more of the company.`,
          ),
        };
      }
      case 'total': {
        const t = formatPct(p.total, locale);
        const owner = p.parent ? list.find((b) => b.id === p.parent) : undefined;
        if (owner) {
          const name = beneficiaryName(owner);
          return { ...p, message: msg(str`The owners of ${name} own ${t}% of it; it cannot exceed 100%.`) };
        }
        return { ...p, message: msg(str`The total ownership is ${t}%; it cannot exceed 100%.`) };
      }
      case 'document': {
        const d = docTypeLabel(p.docType);
        return { ...p, message: msg(str`Upload this document: ${d}.`) };
      }
    }
  });
}

/** The details list of a beneficiary's card (kind, roles, ownership, positions, nationality or country). */
export function renderDetails(b: Beneficiary, locale: string): TemplateResult {
  const types = b.beneficiaryTypes.map(typeShortLabel).join(', ');
  const pct = typeof b.ownershipPercentage === 'number' ? formatPct(b.ownershipPercentage, locale) : null;
  return html`<dl class="ben-details" part="beneficiary-details">
    <div>
      <dt>${msg('Kind')}</dt>
      <dd>${b.infoType === 'COMPANY' ? msg('Company') : msg('Person')}</dd>
    </div>
    <div>
      <dt>${msg('Roles')}</dt>
      <dd>${types || '—'}</dd>
    </div>
    ${
      pct !== null
        ? html`<div>
            <dt>${msg('Ownership')}</dt>
            <dd>${msg(str`${pct}%`)}</dd>
          </div>`
        : nothing
    }
    ${
      b.positions?.length
        ? html`<div>
            <dt>${msg('Positions')}</dt>
            <dd>${b.positions.join(', ')}</dd>
          </div>`
        : nothing
    }
    ${
      b.infoType === 'INDIVIDUAL' && b.info.nationality
        ? html`<div>
            <dt>${msg('Nationality')}</dt>
            <dd>${countryName(b.info.nationality, locale)}</dd>
          </div>`
        : nothing
    }
    ${
      b.infoType === 'COMPANY' && b.info.country
        ? html`<div>
            <dt>${msg('Country')}</dt>
            <dd>${countryName(b.info.country, locale)}</dd>
          </div>`
        : nothing
    }
    ${
      b.formFiller
        ? html`<div>
            <dt>${msg('Fills in this form')}</dt>
            <dd>${msg('Yes')}</dd>
          </div>`
        : nothing
    }
  </dl>`;
}
