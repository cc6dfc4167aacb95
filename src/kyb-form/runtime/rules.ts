/**
 * What `<kyb-form>`'s runtime exposes (its settings, its snapshot) and its pure rules: what a change of
 * the element's properties asks for, and whether the saves hold unsent changes. No DOM, no network:
 * tested in Node (test/node/kyb-runtime.test.ts).
 */
import type { ThemeStyles } from '../../theme/index.ts';
import type { SaveState } from '../context.ts';
import type { TokenProvider } from '../shell/types.ts';
import type { TokenExpiry } from '../token-result.ts';
import type { KybState } from '../form-reducer.ts';

/** The element's settings the runtime reads (its public properties). */
export interface KybSettings {
  readonly token: string;
  readonly apiBase: string;
  readonly allowInsecureHttp: boolean;
  readonly idempotencyKeys: boolean;
  readonly locale: string | null;
  readonly tokenProvider: TokenProvider | null;
  /** The partner's words on what the reviewer asked for (shown, as text, when the form was sent back). */
  readonly infoRequestMessage: string | null;
  /** The page's token's expiry (`token-expires`): the warning before the session ends. */
  readonly tokenExpires: TokenExpiry;
}

/**
 * What takes the focus once rendered: the step's heading, its error summary, a field, or the review's
 * Edit link whose target is `edit` (the row a round trip comes back to; else the element `id`).
 */
export type Focus = 'heading' | 'summary' | { id: string; edit?: string };
/** Why the last submit was not sent or not confirmed (besides the reducer's error). */
export type SubmitNote = 'save-failed' | 'unconfirmed' | null;

/** What the element renders from: one read-only view of the runtime's state. */
export interface KybSnapshot {
  readonly state: KybState;
  readonly formId: string | null;
  readonly locale: string;
  readonly theme: ThemeStyles;
  readonly note: SubmitNote;
  /** The most telling state of the steps' saves (shell/saves.ts). */
  readonly saveState: SaveState;
  /** Continue is waiting for a step whose data or code is loading. */
  readonly checking: boolean;
  /** The step list is unfolded on a narrow form. */
  readonly progressOpen: boolean;
}

/** Which of the element's properties changed in one update (`locale` only when it had a value before). */
export interface SettingsChange {
  token: boolean;
  apiBase: boolean;
  tokenProvider: boolean;
  locale: boolean;
}

/** Which settings changed, from the element's changed-properties map (`willUpdate`). */
export const settingsChange = (changed: ReadonlyMap<PropertyKey, unknown>): SettingsChange => ({
  token: changed.has('token'),
  apiBase: changed.has('apiBase'),
  tokenProvider: changed.has('tokenProvider'),
  locale: changed.has('locale') && changed.get('locale') !== undefined,
});

/** What the runtime knows when the properties change. */
export interface SettingsFacts {
  state: Pick<KybState, 'phase' | 'sessionEnded' | 'error'>;
  /** A client exists (a load got that far). */
  hasClient: boolean;
  /** The element's `token` and the token requests carry now (the page's or the provider's). */
  token: string;
  activeToken: string;
  hasProvider: boolean;
}

/**
 * What a change of the properties asks for, in order: `renew` (adopt the new `token` after the session
 * ended and send the kept changes), `reload`, `refresh` (ask the new provider for a token, then renew),
 * `locale` (apply the new locale). A token the page sets that equals the refreshed one needs nothing.
 */
export function settingsEffects(
  change: SettingsChange,
  facts: SettingsFacts,
): ('renew' | 'reload' | 'refresh' | 'locale')[] {
  const out: ('renew' | 'reload' | 'refresh' | 'locale')[] = [];
  const s = facts.state;
  if (change.token || change.apiBase) {
    const tokenOnly = change.token && !change.apiBase && facts.hasClient;
    if (tokenOnly && s.sessionEnded && facts.token) out.push('renew');
    else if (!(tokenOnly && facts.token === facts.activeToken)) out.push('reload');
  }
  if (change.tokenProvider && facts.hasProvider) {
    if (s.error?.cause === 'no-token') out.push('reload');
    else if (s.sessionEnded && !out.includes('renew')) out.push('refresh');
  }
  if (change.locale && (s.phase === 'ready' || s.phase === 'error')) out.push('locale');
  return out;
}

/** Whether a save state holds changes that are not saved (what `kyb-session-expired` reports). */
export const hasUnsaved = (state: SaveState): boolean => state !== 'saved' && state !== 'idle';
