/**
 * Saving the questionnaires' answers: each questionnaire's visible, valid answers go out with a
 * debounced PUT (at once on leaving a field and on `flush`); an identical body is not sent again;
 * failed saves are retried with backoff and on the `online` event; after files were sent as base64
 * the service's file URLs are adopted so later saves do not upload them again. After a PUT whose outcome
 * was unclear, the current answers are sent again once a late copy can no longer land (see late-writes.ts).
 */
import { ApiError } from '../../api/http.ts';
import type { Answers, Questionnaire, Section } from '../../api/kyb.ts';
import type { VisibilityIndex } from '../../conditions/index.ts';
import type { KybContext, SaveState } from '../context.ts';
import { buildPayload } from './answers-state.ts';
import type { QRec } from './controls.ts';
import { adoptUrls, hasUploadedFiles } from './file-answers.ts';
import { LateWrites } from '../saving/late-writes.ts';

/** Debounce after typing before a save. */
export const SAVE_DEBOUNCE_MS = 700;

/** One section of a questionnaire in the step. */
export interface SecState {
  section: Section;
  recs: QRec[];
  /** The currently visible questions (recomputed when a visibility flips). */
  visible: QRec[];
  /** Bumped whenever the section's rendering must change. */
  version: number;
  headingId: string;
}

/** One questionnaire of the step: its questions, visibility and save state. */
export interface QState {
  index: number;
  questionnaire: Questionnaire;
  sections: SecState[];
  /** `section.question` and `section` keys of the visibility index -> what they designate. */
  nodes: Map<string, { sec: SecState; rec?: QRec }>;
  bySection: Map<string, Map<string, QRec>>;
  vis: VisibilityIndex;
  headingId: string;
  changeVersion: number;
  savedVersion: number;
  /** JSON of the last body the service accepted (or loaded): an identical body is not sent again. */
  lastSent: string | null;
  state: SaveState;
  timer: ReturnType<typeof setTimeout> | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  inflight: Promise<void> | null;
  again: boolean;
  failures: number;
  error: ApiError | null;
}

const asApiError = (err: unknown): ApiError =>
  err instanceof ApiError
    ? err
    : new ApiError({
        kind: 'invalid-response',
        message: err instanceof Error ? err.message : String(err),
        cause: err,
      });

/** The body of the questionnaire's PUT: visible, answered, valid questions. */
export function payloadOf(qs: QState): Answers {
  return buildPayload(
    qs.questionnaire.sections,
    (s, q) => qs.bySection.get(s)?.get(q)?.value,
    (s, q) => qs.vis.isQuestionVisible(s, q),
  );
}

export class AnswersSaver {
  #onlineListening = false;
  readonly #states: readonly QState[];
  readonly #ctx: () => KybContext | null;
  /** A question's value changed here (a file URL adopted): re-render it. */
  readonly #touch: (rec: QRec) => void;
  /** Each questionnaire's unclear PUTs (a late copy could overwrite newer answers). */
  readonly #late = new WeakMap<QState, LateWrites>();

  constructor(states: readonly QState[], ctx: () => KybContext | null, touch: (rec: QRec) => void) {
    this.#states = states;
    this.#ctx = ctx;
    this.#touch = touch;
  }

  get dirty(): boolean {
    return this.#states.some((qs) => qs.changeVersion !== qs.savedVersion || qs.inflight !== null);
  }

  /** Sends everything pending (and the current answers again after an unclear PUT); resolves once saved. */
  async flush(): Promise<void> {
    await Promise.all(
      this.#states.map(async (qs) => {
        const late = this.#late.get(qs);
        late?.hurry();
        while (qs.changeVersion !== qs.savedVersion || qs.inflight || late?.hurried) await this.save(qs);
      }),
    );
  }

  /** A change happened: save after the debounce. */
  changed(qs: QState): void {
    qs.changeVersion++;
    if (this.#ctx()?.readOnly) return;
    if (qs.state !== 'pending' && qs.state !== 'error') this.#report(qs, 'pending');
    clearTimeout(qs.timer);
    qs.timer = setTimeout(() => {
      qs.timer = undefined;
      this.save(qs).catch(() => undefined);
    }, SAVE_DEBOUNCE_MS);
  }

  /** Saves now when something is pending (leaving a field, a discrete choice). */
  saveSoon(qs: QState | undefined): void {
    if (!qs || this.#ctx()?.readOnly) return;
    if (qs.changeVersion === qs.savedVersion && !qs.inflight) return;
    this.save(qs).catch(() => undefined);
  }

  #lateOf(qs: QState): LateWrites {
    let late = this.#late.get(qs);
    if (!late) {
      late = new LateWrites(
        () => this.#ctx()?.client.http.timeoutMs ?? 15_000,
        () => void this.save(qs).catch(() => undefined),
      );
      this.#late.set(qs, late);
    }
    return late;
  }

  #report(qs: QState, state: SaveState, error?: ApiError): void {
    qs.state = state;
    this.#ctx()?.report({ kind: 'answers', state, id: qs.questionnaire.id, error });
  }

  /** Saves now; resolves once the answers as they are now are stored. */
  save(qs: QState): Promise<void> {
    clearTimeout(qs.timer);
    qs.timer = undefined;
    clearTimeout(qs.retryTimer);
    qs.retryTimer = undefined;
    if (qs.inflight) {
      qs.again = true;
      return qs.inflight;
    }
    const ctx = this.#ctx();
    if (!ctx || ctx.readOnly) return Promise.resolve();
    const late = this.#lateOf(qs);
    const run = async (): Promise<void> => {
      // yield first, so `qs.inflight` is assigned before the `finally` below clears it
      await null;
      try {
        do {
          qs.again = false;
          const version = qs.changeVersion;
          const payload = payloadOf(qs);
          const json = JSON.stringify(payload);
          // After an unclear PUT the whole current body goes again (PUT is idempotent), even if unchanged.
          const resend = late.due;
          if (json !== qs.lastSent || resend) {
            const generation = resend ? late.begin() : 0;
            this.#report(qs, 'saving');
            await ctx.client.putAnswers(ctx.formId, qs.questionnaire.id, payload, {
              onAttemptError: late.attemptFailed,
            });
            qs.lastSent = json;
            if (resend) late.resent(generation);
            if (hasUploadedFiles(payload)) await this.#adoptFileUrls(qs, ctx, payload, version);
          }
          qs.savedVersion = Math.max(qs.savedVersion, version);
        } while (qs.again);
        qs.failures = 0;
        qs.error = null;
        this.#report(qs, qs.savedVersion === qs.changeVersion ? 'saved' : 'pending');
        late.saved();
      } catch (err) {
        const error = asApiError(err);
        qs.error = error;
        qs.failures++;
        this.#report(qs, 'error', error);
        this.#scheduleRetry(qs, error);
        throw error;
      } finally {
        qs.inflight = null;
      }
    };
    qs.inflight = run();
    return qs.inflight;
  }

  /**
   * After files were sent as base64, read the answers back and keep the service's file URLs instead,
   * so later saves do not upload the same files again (and the user gets a link to each file).
   * Best effort: a failed read keeps the base64 values.
   */
  async #adoptFileUrls(qs: QState, ctx: KybContext, sent: Answers, version: number): Promise<void> {
    let stored: Answers | null;
    try {
      stored = await ctx.client.getAnswers(ctx.formId, qs.questionnaire.id);
    } catch {
      return;
    }
    let changed = false;
    for (const [sKey, entries] of Object.entries(sent.sections)) {
      for (const [qKey, entry] of Object.entries(entries)) {
        const rec = qs.bySection.get(sKey)?.get(qKey);
        if (!rec || (rec.question.type !== 'FILE' && rec.question.type !== 'FILE_MULTI')) continue;
        if (rec.value !== entry.value) continue; // changed meanwhile
        const back = stored?.sections[sKey]?.[qKey]?.value;
        const adopted = adoptUrls(entry.value, back);
        if (adopted === null) continue;
        rec.value = adopted;
        this.#touch(rec);
        changed = true;
      }
    }
    if (!changed) return;
    // equivalent content: the body with URLs counts as sent when nothing else changed meanwhile
    if (qs.changeVersion === version) qs.lastSent = JSON.stringify(payloadOf(qs));
    ctx.requestUpdate();
  }

  #scheduleRetry(qs: QState, error: ApiError): void {
    this.#listenOnline();
    if (!error.transient) return; // retried on the next change or when back online
    const base = Math.min(60_000, 1000 * 2 ** Math.min(qs.failures - 1, 6));
    const delay = Math.max(error.retryAfterMs ?? 0, base * (0.8 + Math.random() * 0.4));
    clearTimeout(qs.retryTimer);
    qs.retryTimer = setTimeout(() => {
      qs.retryTimer = undefined;
      this.save(qs).catch(() => undefined);
    }, delay);
  }

  #listenOnline(): void {
    if (this.#onlineListening || typeof window === 'undefined') return;
    this.#onlineListening = true;
    window.addEventListener('online', this.#onOnline);
  }

  #onOnline = (): void => {
    const failed = this.#states.filter((qs) => qs.error);
    if (failed.length === 0) {
      window.removeEventListener('online', this.#onOnline);
      this.#onlineListening = false;
      return;
    }
    for (const qs of failed) this.save(qs).catch(() => undefined);
  };
}
