/**
 * The company step: renders the company fields the flow asks for, creates the form once the name and
 * country are valid (when none exists yet), then saves the whole company with PATCH on change
 * (debounced) and at once when a field is left. Failed saves keep the input and retry with backoff.
 * After a PATCH whose outcome was unclear, the whole current company (every field that PATCH carried) is
 * sent again once a late copy can no longer land (see late-writes.ts).
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg } from '@lit/localize';
import { ApiError } from '../../api/http.ts';
import type { KybCoreClient } from '../../api/kyb-core-client.ts';
import type { CompanyKey, CompanyWrite, Flow, KybForm } from '../../api/kyb.ts';
import type { KybFormSummary } from '../../api/kyb-form-summary.ts';
import type { FieldIssue, SaveState, ShellContext, StepController } from '../context.ts';
import { AutoSave, type Write } from '../saving/autosave.ts';
import { outcomeUnclear } from '../saving/rule.ts';
import type { CustomFields } from '../chunks.ts';
import { describedBy, FeedbackTracker, readOnlyValue, renderField } from '../field.ts';
import { countryOptions } from '../format.ts';
import { countryOptionList } from '../controls/country-options.ts';
import {
  canCreate,
  companyPayload,
  draftIssues,
  fieldDefs,
  fieldId,
  holdsChangeFrom,
  initialDraft,
  parseField,
  validBase,
  type FieldDef,
} from './model.ts';
import { companyHint, companyLabel, issueMessage } from './texts.ts';

export { companyLabel, issueMessage };

export interface CompanyStepInit {
  client: KybCoreClient;
  flow: Flow | null;
  /** The form as listed, or null when none exists yet (the step creates it). */
  form: KybFormSummary | null;
  /** Called once the form was created. */
  onCreated?: (form: KybForm) => void;
  /** The custom fields' code (chunks.ts), when the flow has custom fields. */
  custom?: CustomFields | null;
  /** Debounce of saves while typing, default 700 ms. */
  debounceMs?: number;
}

interface InputAttrs {
  type: string;
  inputmode?: string;
  autocomplete: string;
  maxlength?: number;
}
const INPUT: Partial<Record<CompanyKey, InputAttrs>> = {
  companyName: { type: 'text', autocomplete: 'organization', maxlength: 200 },
  registrationNumber: { type: 'text', autocomplete: 'off', maxlength: 100 },
  region: { type: 'text', autocomplete: 'off', maxlength: 2 },
  type: { type: 'text', autocomplete: 'off', maxlength: 100 },
  phone: { type: 'tel', inputmode: 'tel', autocomplete: 'tel' },
  website: { type: 'url', inputmode: 'url', autocomplete: 'url', maxlength: 2048 },
  email: { type: 'email', inputmode: 'email', autocomplete: 'email', maxlength: 254 },
  activityCode: { type: 'text', autocomplete: 'off', maxlength: 8 },
  tin: { type: 'text', autocomplete: 'off', maxlength: 32 },
  operatingAddress: { type: 'text', autocomplete: 'street-address', maxlength: 255 },
  postalAddress: { type: 'text', autocomplete: 'street-address', maxlength: 255 },
  postcode: { type: 'text', autocomplete: 'postal-code', maxlength: 20 },
  street: { type: 'text', autocomplete: 'address-line1', maxlength: 255 },
  city: { type: 'text', autocomplete: 'address-level2', maxlength: 100 },
};

export { fieldId } from './model.ts';

export class CompanyStep implements StepController<ShellContext> {
  readonly defs: FieldDef[];
  readonly feedback = new FeedbackTracker(() => this.#ctx?.requestUpdate());
  #client: KybCoreClient;
  #draft: Record<string, string>;
  /** The text of each field as the service holds it (as loaded, then as saved): a change differs. */
  #stored: Record<string, string>;
  #base: CompanyWrite;
  #formId: string | null;
  #ctx: ShellContext | null = null;
  #onCreated: ((form: KybForm) => void) | undefined;
  /** The one save engine (saving/autosave.ts): debounce, merging, backoff, late writes, the create's key. */
  readonly #saver: AutoSave<CompanyWrite>;

  constructor(init: CompanyStepInit) {
    this.#client = init.client;
    this.#formId = init.form?.id ?? null;
    this.#onCreated = init.onCreated;
    let defs = fieldDefs(init.flow, init.custom ?? null);
    // The form cannot be created without a name and a country: make sure both can be entered.
    if (!this.#formId) {
      const need = (['COUNTRY', 'COMPANY_NAME'] as const).filter(
        (n) => !defs.some((d) => d.kind === 'standard' && d.name === n),
      );
      if (need.length)
        defs = [
          ...fieldDefs(null).filter(
            (d) => d.kind === 'standard' && (need as readonly string[]).includes(d.name),
          ),
          ...defs,
        ];
    }
    this.defs = defs;
    this.#draft = initialDraft(init.form?.company ?? null, defs, !this.#formId);
    this.#stored = { ...this.#draft };
    this.#base = validBase(init.form?.company ?? null);
    this.#saver = new AutoSave<CompanyWrite>(
      {
        body: () => this.#body(),
        send: (body, write) => this.#send(body, write),
        report: (state, error) => {
          this.#ctx?.report({ kind: 'company', state, id: this.#formId ?? undefined, error });
          this.#ctx?.requestUpdate();
        },
        readOnly: () => !!this.#ctx?.readOnly,
        timeoutMs: () => this.#client.http.timeoutMs,
      },
      { debounceMs: init.debounceMs ?? 700, lastSent: this.#formId ? JSON.stringify(this.#base) : null },
    );
  }

  get formId(): string | null {
    return this.#formId;
  }
  get saveState(): SaveState {
    return this.#saver.state;
  }
  get error(): ApiError | undefined {
    return this.#saver.error ?? undefined;
  }
  get dirty(): boolean {
    if (this.#saver.dirty) return true;
    const payload = this.#payload();
    if (!this.#formId) return canCreate(payload);
    return JSON.stringify(payload) !== this.#saver.lastSent;
  }
  /**
   * The user's changes that cannot be saved: a changed field whose value fails its check (held back and
   * shown with its problem), or, once the form exists, any changed field while the name or the country
   * cannot be sent.
   */
  get held(): number {
    // A new form waits for its name and country as the user fills it in: that is not a held change.
    const blocked = !!this.#formId && !canCreate(this.#payload());
    const issues = draftIssues(this.defs, this.#draft);
    return this.defs.filter(
      (d) =>
        !d.readOnly &&
        (this.#draft[d.draftKey] ?? '') !== (this.#stored[d.draftKey] ?? '') &&
        (issues.has(d.draftKey) || blocked),
    ).length;
  }
  /** The typed text of a field (by draft key). */
  draftText(draftKey: string): string {
    return this.#draft[draftKey] ?? '';
  }

  /** Stops timers and pending work (the element was reset or disconnected). */
  dispose(): void {
    this.#saver.dispose();
  }

  #label(def: FieldDef) {
    return def.kind === 'standard' ? companyLabel(def.key) : def.title;
  }

  #onInput(def: FieldDef, e: Event) {
    const target = e.target as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
    this.#setText(def, target.value);
  }

  #setText(def: FieldDef, text: string) {
    this.#draft[def.draftKey] = text;
    this.feedback.changed(def.draftKey);
    this.#saver.changed();
    this.#ctx?.requestUpdate();
  }

  #onLeave(def: FieldDef) {
    this.feedback.left(def.draftKey);
    void this.save().catch(() => undefined);
    this.#ctx?.requestUpdate();
  }

  /** Every valid field's value, the last valid value of the others (held back). */
  #payload(): CompanyWrite {
    return companyPayload(this.#base, this.defs, this.#draft);
  }

  /** The body to store now: null while the name and the country cannot be sent (the form needs both). */
  #body(): CompanyWrite | null {
    const payload = this.#payload();
    return canCreate(payload) ? payload : null;
  }

  /** Saves now (after the running save, if any). Rejects with the ApiError of a failed save. */
  save(): Promise<void> {
    return this.#saver.save();
  }

  /** Stores `body`: creates the form once, then PATCHes the whole company. */
  async #send(body: CompanyWrite, write: Write): Promise<string | null | void> {
    if (this.#formId) {
      await this.#client.updateForm(this.#formId, body, { onAttemptError: write.onAttemptError });
      this.#saved(body);
      return;
    }
    const { form, held } = await this.#create(body, write);
    if (!this.#formId) {
      this.#formId = form.id;
      this.#onCreated?.(form);
    }
    if (held === write.json) this.#saved(body);
    return held;
  }

  /** The texts now stored: every field whose sent value is the one its draft gives. */
  #saved(body: CompanyWrite) {
    this.#base = body;
    const now = companyPayload(body, this.defs, this.#draft);
    const info = (now.additionalInfo ?? {}) as Record<string, unknown>;
    const sent = (body.additionalInfo ?? {}) as Record<string, unknown>;
    for (const d of this.defs) {
      const same =
        d.kind === 'standard'
          ? JSON.stringify(now[d.key]) === JSON.stringify(body[d.key])
          : JSON.stringify(info[d.key]) === JSON.stringify(sent[d.key]);
      if (same && !parseField(d, this.#draft[d.draftKey] ?? '').issue)
        this.#stored[d.draftKey] = this.#draft[d.draftKey] ?? '';
    }
  }

  /**
   * POSTs the form with the key bound to this body. After an attempt with another body whose outcome was
   * unclear (or a create refused because the form exists), the form is looked up first: found, it is
   * adopted and what it holds is unknown (the whole company is PATCHed next); never a replay of a stale
   * answer under a reused key.
   */
  async #create(body: CompanyWrite, write: Write): Promise<{ form: KybForm; held: string | null }> {
    if (write.key.unresolved(write.json)) {
      const form = await this.#findForm();
      write.key.resolved();
      if (form) return { form, held: null };
    }
    try {
      const form = await this.#client.createForm(body, {
        idempotencyKey: write.key.for(write.json),
        onAttemptError: write.onAttemptError,
      });
      write.key.resolved();
      return { form, held: write.json };
    } catch (err) {
      if (err instanceof ApiError && (outcomeUnclear(err) || err.status === 400)) {
        const form = await this.#findForm().catch(() => null);
        if (form) {
          write.key.resolved();
          return { form, held: null };
        }
      }
      throw err;
    }
  }

  async #findForm(): Promise<KybForm | null> {
    const forms = await this.#client.listForms();
    return forms[0] ?? null;
  }

  /** Retries a failed save now (retry button, `online` event). */
  retry(): Promise<void> {
    return this.#saver.retry();
  }

  async flush(ctx: ShellContext): Promise<void> {
    this.#ctx = ctx;
    // After an unclear PATCH, the current company goes again now (and again after the settle delay).
    await this.#saver.flush();
  }

  /** The visible error of a field under the feedback rule, or null. */
  #shownIssue(def: FieldDef, stepChecked: boolean): string | null {
    if (def.readOnly) return null;
    if (!this.feedback.shows(def.draftKey, stepChecked)) return null;
    const { issue } = parseField(def, this.#draft[def.draftKey] ?? '');
    return issue ? issueMessage(issue, def) : null;
  }

  validate(ctx: ShellContext): FieldIssue[] {
    this.#ctx = ctx;
    const issues = draftIssues(this.defs, this.#draft);
    return this.defs
      .filter((d) => issues.has(d.draftKey))
      .map((d) => ({
        id: d.kind === 'custom' && d.type === 'SELECT_MULTI' ? `${fieldId(d)}-0` : fieldId(d),
        label: this.#label(d),
        message: issueMessage(issues.get(d.draftKey)!, d),
        step: 'company' as const,
      }));
  }

  #control(def: FieldDef, ctx: ShellContext, error: string | null, hasDesc: boolean): TemplateResult {
    const id = fieldId(def);
    const value = this.#draft[def.draftKey] ?? '';
    const readOnly = def.readOnly || ctx.readOnly;
    const desc = describedBy(id, hasDesc, !!error);
    const onInput = (e: Event) => this.#onInput(def, e);
    const onLeave = () => this.#onLeave(def);
    const required = def.required && !readOnly;
    if (def.kind === 'standard' && def.key === 'country' && !readOnly) {
      return html`<select
        id=${id}
        part="input select"
        name=${def.key}
        autocomplete="country"
        aria-describedby=${desc}
        aria-invalid=${error ? 'true' : 'false'}
        ?required=${required}
        @change=${onInput}
        @focusout=${onLeave}
      >
        <option value="">${msg('Select a country')}</option>
        ${countryOptionList(ctx.locale, value.toUpperCase())}
      </select>`;
    }
    if (def.kind === 'custom') {
      return def.code.renderCustomControl({
        id,
        spec: def,
        text: value,
        locale: ctx.locale,
        label: def.title,
        readOnly,
        describedBy: desc,
        invalid: !!error,
        onChange: (text) => this.#setText(def, text),
        onLeave,
        onLoaded: () => ctx.requestUpdate(),
      });
    }
    if (def.kind === 'standard' && def.key === 'brandNames') {
      if (readOnly) return readOnlyValue(id, value, desc);
      return html`<textarea
        id=${id}
        part="input textarea"
        name=${def.key}
        rows="3"
        aria-describedby=${desc}
        aria-invalid=${error ? 'true' : 'false'}
        ?required=${required}
        .value=${value}
        @input=${onInput}
        @focusout=${onLeave}
      ></textarea>`;
    }
    let shown = value;
    if (readOnly && def.key === 'country' && value)
      shown = countryOptions(ctx.locale).find((c) => c.code === value.toUpperCase())?.name ?? value;
    if (readOnly) return readOnlyValue(id, shown, desc);
    const attrs: InputAttrs = INPUT[def.key] ?? { type: 'text', autocomplete: 'off' };
    return html`<input
      id=${id}
      part="input"
      name=${def.key}
      type=${attrs.type}
      inputmode=${attrs.inputmode ?? nothing}
      autocomplete=${attrs.autocomplete}
      maxlength=${attrs.maxlength ?? nothing}
      aria-describedby=${desc}
      aria-invalid=${error ? 'true' : 'false'}
      ?required=${required}
      .value=${shown}
      @input=${onInput}
      @focusout=${onLeave}
    />`;
  }

  render(ctx: ShellContext): TemplateResult {
    this.#ctx = ctx;
    const flowDescription = ctx.flow?.description;
    return html`<div class="step-body" part="company">
      ${flowDescription ? html`<p class="step-description" part="step-description"><bdi>${flowDescription}</bdi></p>` : nothing}
      <p class="hint">${msg('Fields marked with * are required.')}</p>
      ${this.defs.map((def) => {
        const error = this.#shownIssue(def, ctx.stepChecked);
        const text = this.#draft[def.draftKey] ?? '';
        const fixed = def.readOnly || ctx.readOnly;
        // Hints on how to type a value do not apply to a value that cannot be changed.
        const hint = def.readOnly
          ? msg('This field cannot be changed.')
          : def.kind === 'custom'
            ? def.description
            : fixed
              ? null
              : companyHint(def.key);
        // The prefilled value shows in the input right under the note.
        const note =
          !fixed && holdsChangeFrom(def, text)
            ? msg('This value was filled in for you and must be changed.')
            : null;
        return renderField({
          id: fieldId(def),
          label: this.#label(def),
          required: def.required && !fixed,
          description: hint,
          note,
          error,
          group: def.kind === 'custom' && def.code.isGroupType(def.type) && !fixed,
          inline: def.kind === 'custom' && def.code.isInlineType(def.type) && !fixed,
          control: this.#control(def, ctx, error, !!(hint || note)),
        });
      })}
    </div>`;
  }
}
