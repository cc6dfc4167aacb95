/**
 * The actions of a beneficiary's card: Edit and Remove, and the confirmation of a removal (Yes, remove /
 * Keep, with the error of a failed removal), and the state of a removal. Ids start with the card's key.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { msg, str } from '@lit/localize';
import { ApiError } from '../../api/http.ts';
import type { KybContext } from '../context.ts';
import { errorMessage } from '../documents/errors.ts';

/** The removal of a beneficiary: which card asks for confirmation, which one is being removed, errors. */
export class Removal {
  /** The card whose removal waits for confirmation. */
  confirming: string | null = null;
  removing: string | null = null;
  error: { id: string; message: string } | null = null;

  /** Asks (`id`) or stops asking (null) for confirmation. */
  ask(id: string | null): void {
    this.confirming = id;
    this.error = null;
  }

  /** DELETEs the beneficiary; resolves whether it was removed (its error shows on its card otherwise). */
  async remove(ctx: KybContext, id: string): Promise<boolean> {
    this.removing = id;
    this.error = null;
    ctx.report({ kind: 'beneficiary', state: 'saving', id });
    ctx.requestUpdate();
    try {
      await ctx.client.deleteBeneficiary(ctx.formId, id);
      this.confirming = null;
      ctx.report({ kind: 'beneficiary', state: 'saved', id });
      return true;
    } catch (err) {
      this.error = { id, message: errorMessage(err) };
      const error = err instanceof ApiError ? err : undefined;
      ctx.report({ kind: 'beneficiary', state: 'error', id, error });
      return false;
    } finally {
      this.removing = null;
      ctx.requestUpdate();
    }
  }
}

export interface CardActionsOptions {
  /** The card's id prefix (`ben-b1`). */
  key: string;
  name: string;
  /** The removal waits for the user's confirmation. */
  confirming: boolean;
  removing: boolean;
  removeError: string | null;
  /** Another form is open: Edit and Remove wait. */
  locked: boolean;
  onEdit: (e: Event) => void;
  onAskRemove: (e: Event) => void;
  onConfirmRemove: (e: Event) => void;
  onKeep: (e: Event) => void;
}

export function renderCardActions(o: CardActionsOptions): TemplateResult {
  const { key, name } = o;
  const hiddenName = html`<span class="visually-hidden"> ${name}</span>`;
  if (o.confirming)
    return html`<div class="ben-confirm" part="confirm" role="group" aria-labelledby="${key}-confirm-text">
      <p id="${key}-confirm-text">${msg(str`Remove ${name}? Their documents are removed too.`)}</p>
      <button
        type="button"
        class="btn btn-danger"
        part="button danger-button"
        id="${key}-confirm-remove"
        ?disabled=${o.removing}
        @click=${o.onConfirmRemove}
      >
        ${o.removing ? msg('Removing…') : msg('Yes, remove')}${hiddenName}
      </button>
      <button
        type="button"
        class="btn btn-secondary"
        part="button"
        id="${key}-keep"
        ?disabled=${o.removing}
        @click=${o.onKeep}
      >
        ${msg('Keep')}${hiddenName}
      </button>
      ${
        o.removeError
          ? html`<p class="field-error" part="field-error" role="alert">${o.removeError}</p>`
          : nothing
      }
    </div>`;
  return html`<div class="ben-actions" part="actions">
    <button
      type="button"
      class="btn btn-secondary"
      part="button edit-button"
      id="${key}-edit"
      ?disabled=${o.locked}
      @click=${o.onEdit}
    >
      ${msg('Edit')}${hiddenName}
    </button>
    <button
      type="button"
      class="btn btn-secondary"
      part="button remove-button"
      id="${key}-remove"
      ?disabled=${o.locked}
      @click=${o.onAskRemove}
    >
      ${msg('Remove')}${hiddenName}
    </button>
  </div>`;
}

export interface OwnersOptions {
  /** The owning company's card key (`ben-b2`) and name. */
  key: string;
  name: string;
  /** Its owners' cards. */
  cards: TemplateResult[];
  /** The open form adding an owner of it, or null. */
  form: TemplateResult | null;
  editable: boolean;
  /** Another form is open: no second one. */
  locked: boolean;
  onAdd: (e: Event) => void;
}

/** A company beneficiary's own owners (`ownershipFullStructure`): their cards and the way to add one. */
export function renderOwners(o: OwnersOptions): TemplateResult {
  const { key, name } = o;
  return html`<div class="ben-owners" part="beneficiary-owners" role="group" aria-labelledby="${key}-owners">
    <h5 class="ben-docs-heading" id="${key}-owners">${msg(str`Owners of ${name}`)}</h5>
    ${
      o.cards.length
        ? html`<ul class="ben-list list" part="beneficiary-list" aria-labelledby="${key}-owners">
            ${o.cards}
          </ul>`
        : html`<p class="hint">${msg(str`No owners of ${name} added yet.`)}</p>`
    }
    ${
      o.form ??
      (o.editable
        ? html`<button
            type="button"
            class="btn btn-secondary"
            part="button add-owner-button"
            id="${key}-add-owner"
            ?disabled=${o.locked}
            @click=${o.onAdd}
          >
            ${msg(str`Add an owner of ${name}`)}
          </button>`
        : nothing)
    }
  </div>`;
}
