/**
 * The inline form of one beneficiary: the applicant type (person or company, as the flow allows), that
 * type's fields and custom fields, the roles it may hold, positions, ownership and the form-filler flag.
 * Pure templates over the draft; the controller owns state and saving. Ids start with `ben-f-`.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import type { CompanyKey } from '../../api/kyb.ts';
import { companyLabel } from '../company/controller.ts';
import { isGroupType, isInlineType, renderCustomControl } from '../custom-fields.ts';
import { describedBy, renderField } from '../field.ts';
import { countryOptions } from '../format.ts';
import {
  applicantOf,
  customKey,
  offeredTypes,
  personLabel,
  roleHint,
  rolesFor,
  typeLabel,
  type BeneficiaryConfig,
  type BeneficiaryDraft,
  type BeneficiaryTypeName,
  type DraftField,
  type InfoFieldDef,
  type InfoType,
} from './model.ts';

export const FORM = 'ben-f';

/** A safe id part for a custom field key (distinct keys give distinct ids). */
const keyPart = (key: string) =>
  [...key].map((ch) => (/[A-Za-z0-9]/.test(ch) ? ch : `_${ch.codePointAt(0)!.toString(16)}_`)).join('');

/** DOM id of each draft field's first control (the target of error-summary links and focus). */
export function fieldId(f: DraftField, draft?: BeneficiaryDraft | null, cfg?: BeneficiaryConfig): string {
  if (f === 'types') {
    const first = draft && cfg ? rolesFor(cfg, draft.infoType)[0] : undefined;
    return `${FORM}-type-${first ?? 'CEO'}`;
  }
  if (f === 'infoType') return `${FORM}-kind-${(draft?.infoType ?? 'INDIVIDUAL').toLowerCase()}`;
  if (f.startsWith('custom:')) {
    const key = f.slice(7);
    const c = draft && cfg ? applicantOf(cfg, draft.infoType).custom.find((x) => x.key === key) : undefined;
    return `${FORM}-c-${keyPart(key)}${c?.type === 'SELECT_MULTI' ? '-0' : ''}`;
  }
  if (f === 'selfDeclaredPep') return `${FORM}-selfDeclaredPep-yes`;
  return `${FORM}-${f}`;
}

/** The label of a draft field for the error summary. */
export function fieldLabel(f: DraftField, draft: BeneficiaryDraft, cfg: BeneficiaryConfig): string {
  switch (f) {
    case 'infoType':
      return msg('This beneficiary is');
    case 'types':
      return msg('Roles');
    case 'position0':
      return msg(str`Position ${1}`);
    case 'position1':
      return msg(str`Position ${2}`);
    case 'position2':
      return msg(str`Position ${3}`);
    case 'ownership':
      return msg('Ownership (%)');
    case 'formFiller':
      return msg('This beneficiary is the person filling in this form');
  }
  if (f.startsWith('custom:')) {
    const c = applicantOf(cfg, draft.infoType).custom.find((x) => x.key === f.slice(7));
    return c?.title ?? f.slice(7);
  }
  return memberLabel(f, draft.infoType);
}

export const memberLabel = (key: string, type: InfoType): string =>
  (type === 'INDIVIDUAL' ? personLabel(key) : null) ??
  (key === 'country' && type === 'COMPANY' ? msg('Country of registration') : null) ??
  (key in COMPANY_LABEL_KEYS ? companyLabel(key as CompanyKey) : key);
const COMPANY_LABEL_KEYS: Record<string, true> = {
  companyName: true, registrationNumber: true, country: true, region: true, type: true, phone: true,
  website: true, email: true, brandNames: true, activityCode: true, tin: true, operatingAddress: true,
  postalAddress: true, postcode: true, street: true, city: true,
}; // prettier-ignore

/** Every draft field in the order the form shows them (for the error summary and first-error focus). */
export function fieldOrder(draft: BeneficiaryDraft, cfg: BeneficiaryConfig): DraftField[] {
  const app = applicantOf(cfg, draft.infoType);
  return [
    'infoType',
    ...app.fields.map((f) => f.key),
    ...app.custom.map((c) => customKey(c.key)),
    'types',
    'position0',
    'position1',
    'position2',
    'ownership',
    'formFiller',
  ];
}

export interface FormView {
  draft: BeneficiaryDraft;
  cfg: BeneficiaryConfig;
  locale: string;
  /** The error to show for a field (already filtered by the feedback rule), or null. */
  error: (f: DraftField) => string | null;
  /** The name of the company whose owner this is, when adding an owner. */
  ownerOf: string | null;
  saving: boolean;
  saveError: string | null;
  update: (patch: Partial<BeneficiaryDraft>, controlId?: string) => void;
  setValue: (key: string, text: string, controlId: string) => void;
  left: (controlId: string) => void;
  /** Renders the form again (a control's code arrived). */
  rerender: () => void;
  save: (e: Event) => void;
  cancel: (e: Event) => void;
  ownershipHint: string;
}

/**
 * `autocomplete` tokens (WCAG 1.3.5, identify input purpose) of a person's fields when the person is the
 * one filling in the form (their own data, which the browser may fill in); any other person's fields
 * keep `autocomplete="off"` (the browser must not offer the user's own name for someone else).
 */
const SELF_AUTOCOMPLETE: Readonly<Record<string, string>> = {
  name: 'given-name',
  surname: 'family-name',
  email: 'email',
  phone: 'tel',
  dateOfBirth: 'bday',
  residentialAddress: 'street-address',
  address: 'street-address',
  street: 'address-line1',
  postcode: 'postal-code',
  city: 'address-level2',
  countryOfResidence: 'country',
};

/** The `autocomplete` value of a member field of the draft. */
export function memberAutocomplete(key: string, d: Pick<BeneficiaryDraft, 'infoType' | 'formFiller'>) {
  return (d.infoType === 'INDIVIDUAL' && d.formFiller && SELF_AUTOCOMPLETE[key]) || 'off';
}

function renderMember(v: FormView, f: InfoFieldDef): TemplateResult {
  const d = v.draft;
  const id = fieldId(f.key);
  const autocomplete = memberAutocomplete(f.key, d);
  const e = v.error(f.key);
  const label = memberLabel(f.key, d.infoType);
  const text = d.values[f.key] ?? '';
  const aria = { desc: describedBy(id, false, !!e), invalid: e ? 'true' : 'false' };
  if (f.kind === 'yesno') {
    return renderField({
      id: `${FORM}-${f.key}`,
      label,
      required: f.required,
      group: true,
      error: e,
      control: html`<div class="options-inline">
        ${(['yes', 'no'] as const).map((k) => {
          const oid = `${FORM}-${f.key}-${k}`;
          return html`<div class="option">
            <input
              type="radio"
              id=${oid}
              name=${oid.slice(0, -k.length - 1)}
              .checked=${text === k}
              @change=${() => v.setValue(f.key, k, oid)}
              @focusout=${() => v.left(oid)}
            />
            <label for=${oid}>${k === 'yes' ? msg('Yes') : msg('No')}</label>
          </div>`;
        })}
      </div>`,
    });
  }
  let control: TemplateResult;
  if (f.kind === 'country') {
    control = html`<select
      id=${id}
      part="input select"
      autocomplete=${autocomplete}
      aria-describedby=${aria.desc}
      aria-invalid=${aria.invalid}
      aria-required=${f.required ? 'true' : 'false'}
      @change=${(ev: Event) => {
        v.setValue(f.key, (ev.target as HTMLSelectElement).value, id);
        v.left(id);
      }}
      @focusout=${() => v.left(id)}
    >
      <option value="" ?selected=${text === ''}>${msg('Choose a country')}</option>
      ${countryOptions(v.locale).map(
        (c) => html`<option value=${c.code} ?selected=${c.code === text.toUpperCase()}>${c.name}</option>`,
      )}
    </select>`;
  } else if (f.kind === 'lines') {
    control = html`<textarea
      id=${id}
      part="input textarea"
      rows="3"
      aria-describedby=${describedBy(id, true, !!e)}
      aria-invalid=${aria.invalid}
      .value=${text}
      @input=${(ev: Event) => v.setValue(f.key, (ev.target as HTMLTextAreaElement).value, id)}
      @focusout=${() => v.left(id)}
    ></textarea>`;
  } else {
    const type = { email: 'email', tel: 'tel', url: 'url', date: 'date' }[f.kind as string] ?? 'text';
    control = html`<input
      id=${id}
      part="input"
      type=${type}
      inputmode=${f.kind === 'tel' ? 'tel' : nothing}
      autocomplete=${autocomplete}
      maxlength=${f.max ?? nothing}
      max=${f.key === 'dateOfBirth' ? new Date().toISOString().slice(0, 10) : nothing}
      .value=${text}
      aria-describedby=${aria.desc}
      aria-invalid=${aria.invalid}
      aria-required=${f.required ? 'true' : 'false'}
      @input=${(ev: Event) => v.setValue(f.key, (ev.target as HTMLInputElement).value, id)}
      @change=${(ev: Event) => v.setValue(f.key, (ev.target as HTMLInputElement).value, id)}
      @focusout=${() => v.left(id)}
    />`;
  }
  const description =
    f.kind === 'tel'
      ? msg('International format, starting with + and the country code.')
      : f.kind === 'lines'
        ? msg('One name per line, up to 10.')
        : null;
  return renderField({ id, label, required: f.required, description, error: e, control });
}

/** The form of the open draft. */
export function renderForm(v: FormView): TemplateResult {
  const { draft: d, cfg } = v;
  const app = applicantOf(cfg, d.infoType);
  const isNew = d.id === null;
  const title = isNew
    ? v.ownerOf
      ? msg(str`Add an owner of ${v.ownerOf}`)
      : msg('Add a beneficiary')
    : msg('Edit the beneficiary');
  const offered = offeredTypes(cfg);
  const kind =
    isNew && offered.length > 1
      ? renderField({
          id: `${FORM}-kind`,
          label: msg('This beneficiary is'),
          group: true,
          required: true,
          control: html`<div class="options-inline">
            ${offered.map((k) => {
              const id = `${FORM}-kind-${k.toLowerCase()}`;
              return html`<div class="option">
                <input
                  type="radio"
                  id=${id}
                  name="${FORM}-kind"
                  .checked=${d.infoType === k}
                  @change=${() => v.update({ infoType: k, types: d.types.filter((t) => rolesFor(cfg, k).includes(t)) })}
                />
                <label for=${id}>${k === 'INDIVIDUAL' ? msg('A person') : msg('A company')}</label>
              </div>`;
            })}
          </div>`,
        })
      : nothing;
  const custom = app.custom.map((c) => {
    const key = customKey(c.key);
    const id = fieldId(key, d, cfg);
    const baseId = `${FORM}-c-${keyPart(c.key)}`;
    const e = v.error(key);
    return renderField({
      id: baseId,
      label: c.title,
      required: c.required,
      description: c.description,
      group: isGroupType(c.type),
      inline: isInlineType(c.type),
      error: e,
      control: renderCustomControl({
        id: baseId,
        spec: c,
        text: d.values[key] ?? '',
        locale: v.locale,
        label: c.title,
        readOnly: false,
        describedBy: describedBy(baseId, !!c.description, !!e),
        invalid: !!e,
        onChange: (text) => v.setValue(key, text, id),
        onLeave: () => v.left(id),
        onLoaded: v.rerender,
      }),
    });
  });
  const roles = rolesFor(cfg, d.infoType);
  const typesId = `${FORM}-types`;
  const typesErr = v.error('types');
  const onTypes = (t: BeneficiaryTypeName, checked: boolean) => {
    const types = checked ? [...d.types, t] : d.types.filter((x) => x !== t);
    v.update({ types: roles.filter((x) => types.includes(x)) }, fieldId('types', d, cfg));
  };
  const types = renderField({
    id: typesId,
    label: msg('Roles'),
    group: true,
    required: true,
    description: msg('Choose every role that applies.'),
    error: typesErr,
    control: html`${roles.map((t) => {
      const id = `${FORM}-type-${t}`;
      return html`<div class="option option-hinted">
        <input
          type="checkbox"
          id=${id}
          .checked=${d.types.includes(t)}
          aria-describedby="${id}-hint ${describedBy(typesId, true, !!typesErr)}"
          @change=${(ev: Event) => onTypes(t, (ev.target as HTMLInputElement).checked)}
          @focusout=${() => v.left(fieldId('types', d, cfg))}
        />
        <label for=${id}>${typeLabel(t)}</label>
        <span class="option-hint hint" part="role-hint" id="${id}-hint">${roleHint(t)}</span>
      </div>`;
    })}`,
  });
  const positions =
    cfg.positions.shown && d.infoType === 'INDIVIDUAL'
      ? renderField({
          id: `${FORM}-positions`,
          label: msg('Positions'),
          group: true,
          required: cfg.positions.required,
          description: msg('Up to 3 positions, for example Director. At most 50 characters each.'),
          control: html`${([0, 1, 2] as const).map((i) => {
            const f = `position${i}`;
            const id = fieldId(f);
            const e = v.error(f);
            const n = i + 1;
            return renderField({
              id,
              label: msg(str`Position ${n}`),
              error: e,
              control: html`<input
                id=${id}
                part="input"
                type="text"
                maxlength="60"
                .value=${d.positions[i]}
                aria-describedby=${describedBy(id, false, !!e)}
                aria-invalid=${e ? 'true' : 'false'}
                @input=${(ev: Event) => {
                  const p: [string, string, string] = [...d.positions];
                  p[i] = (ev.target as HTMLInputElement).value;
                  v.update({ positions: p }, id);
                }}
                @focusout=${() => v.left(id)}
              />`,
            });
          })}`,
        })
      : nothing;
  const ownId = fieldId('ownership');
  const ownErr = v.error('ownership');
  const ownership = cfg.ownership.shown
    ? renderField({
        id: ownId,
        label: v.ownerOf ? msg(str`Share of ${v.ownerOf} owned (%)`) : msg('Ownership (%)'),
        required: cfg.ownership.required,
        description: v.ownershipHint,
        error: ownErr,
        control: html`<input
          id=${ownId}
          part="input"
          type="text"
          inputmode="decimal"
          autocomplete="off"
          .value=${d.ownership}
          aria-describedby=${describedBy(ownId, true, !!ownErr)}
          aria-invalid=${ownErr ? 'true' : 'false'}
          aria-required=${cfg.ownership.required ? 'true' : 'false'}
          @input=${(ev: Event) => v.update({ ownership: (ev.target as HTMLInputElement).value }, ownId)}
          @focusout=${() => v.left(ownId)}
        />`,
      })
    : nothing;
  const fillerId = `${FORM}-formFiller`;
  const filler =
    d.infoType === 'INDIVIDUAL'
      ? html`<div class="option option-row option-hinted" part="field">
          <input
            type="checkbox"
            id=${fillerId}
            aria-describedby="${fillerId}-hint"
            .checked=${d.formFiller}
            @change=${(ev: Event) => v.update({ formFiller: (ev.target as HTMLInputElement).checked })}
          />
          <label for=${fillerId}>${msg('This beneficiary is the person filling in this form')}</label>
          <span class="option-hint hint" part="role-hint" id="${fillerId}-hint"
            >${msg('Tick this if these are your own details: your browser may then fill them in for you.')}</span
          >
        </div>`
      : nothing;
  return html`<div class="ben-form" part="beneficiary-form" role="group" aria-labelledby="${FORM}-title">
    ${
      isNew
        ? html`<h4 id="${FORM}-title" class="ben-form-title">${title}</h4>`
        : html`<h5 id="${FORM}-title" class="ben-form-title">${title}</h5>`
    }
    ${kind} ${app.fields.map((f) => renderMember(v, f))} ${custom} ${types} ${positions} ${ownership}
    ${filler}
    ${
      v.saveError
        ? html`<p class="field-error" part="field-error" id="${FORM}-save-error" role="alert" tabindex="-1">
            ${msg('Not saved.')} ${v.saveError}
          </p>`
        : nothing
    }
    <div class="ben-form-actions actions-row" part="actions">
      <button
        type="button"
        class="btn btn-primary"
        part="button save-button"
        id="${FORM}-save"
        ?disabled=${v.saving}
        @click=${v.save}
      >
        ${
          v.saving
            ? msg('Saving…')
            : v.saveError
              ? msg('Try saving again')
              : isNew
                ? msg('Save the beneficiary')
                : msg('Save the changes')
        }
      </button>
      <button
        type="button"
        class="btn btn-secondary"
        part="button cancel-button"
        id="${FORM}-cancel"
        ?disabled=${v.saving}
        @click=${v.cancel}
      >
        ${msg('Cancel')}
      </button>
    </div>
  </div>`;
}
