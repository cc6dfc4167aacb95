/**
 * The contract between the `<kyb-form>` shell and its step controllers (company, beneficiaries,
 * documents, questionnaires). Each step is a Lit `ReactiveController` that renders into the shell's
 * single shadow root (so `::part` rules and labels work without nested shadow roots).
 */
import type { TemplateResult } from 'lit';
import type { KybClient } from '../api/kyb-client.ts';
import type { KybCoreClient } from '../api/kyb-core-client.ts';
import type { ApiError } from '../api/http.ts';
import type { Flow, KybInfo } from '../api/kyb.ts';

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/** One save outcome reported by a step to the shell (which shows it and fires `kyb-saved`). */
export interface SaveReport {
  /** Which part saved: 'company', 'beneficiary', 'document', 'answers'. */
  kind: 'company' | 'beneficiary' | 'document' | 'answers';
  state: SaveState;
  /** Resource id where it helps (beneficiary id, questionnaire id, document id). Never a token or file. */
  id?: string | undefined;
  /**
   * Groups the reports of one save (default: `id`). A save that has no id yet (an upload, a new
   * beneficiary) reports `saving` and its outcome under the same key, so its state settles.
   */
  key?: string | undefined;
  error?: ApiError | undefined;
}

/** A validation problem listed in the error summary; `focus()` moves focus to the field. */
export interface FieldIssue {
  /** DOM id of the control inside the shell's shadow root. */
  id: string;
  /** The field's visible label. */
  label: string;
  /** Localized message. */
  message: string;
  /** Step the field lives in. */
  step: StepId;
}

export type StepId = 'company' | 'beneficiaries' | 'documents' | 'questionnaires' | 'review';

/**
 * What the shell and the company step work with: the core client (the first screen's calls). The
 * later steps receive a `KybContext`, whose client also makes their calls (runtime/objects.ts).
 */
export interface ShellContext {
  readonly client: KybCoreClient;
  /** The form's id (the company id of the paths). */
  readonly formId: string;
  readonly info: KybInfo;
  /** `null` means every field and object is present. */
  readonly flow: Flow | null;
  /** True after submit (until an information request reopens the form). */
  readonly readOnly: boolean;
  /** Active locale, for Intl formatting. */
  readonly locale: string;
  /**
   * True once the step was checked: Continue pressed on it, or a submit attempted (the reducer's
   * `submitAttempted`). Then every error of the step shows, not only those of fields the user left.
   */
  readonly stepChecked: boolean;
  report(report: SaveReport): void;
  /** Asks the shell to re-render. */
  requestUpdate(): void;
}

/** What every later step controller receives: the shell's context with the full client. */
export interface KybContext extends ShellContext {
  readonly client: KybClient;
}

/** A step's controller; the shell holds them as `StepController<ShellContext>`. */
export interface StepController<C extends ShellContext = KybContext> {
  render(ctx: C): TemplateResult;
  /** Problems that block submit (all of them, whether shown yet or not). */
  validate(ctx: C): FieldIssue[];
  /** Sends anything pending now; resolves when saved (rejects with ApiError on failure). */
  flush(ctx: C): Promise<void>;
  /** Whether something is not yet saved. */
  readonly dirty: boolean;
  /** The user's changes that cannot be saved as they are (a value failing its check): shown as not saved. */
  readonly held?: number;
  /** Whether an inline form (add / edit) is open: its input is not saved until the user saves it. */
  readonly editing?: boolean;
  /** The user went to another step: what belongs to a visit (a refused file's message) goes. */
  left?(): void;
}
