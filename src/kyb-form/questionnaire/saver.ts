/**
 * Saving the questionnaires' answers through the one save engine (saving/autosave.ts): each
 * questionnaire's visible, valid answers go out with a debounced PUT (at once on leaving a field and on
 * `flush`); an identical body is not sent again; failed saves are retried as the engine decides; after
 * files were sent as base64 the service's file URLs are adopted so later saves do not upload them again.
 */
import { ApiError } from '../../api/http.ts';
import { AutoSave, type Write } from '../saving/autosave.ts';
import type { AnswerValue, Answers, Questionnaire, Section } from '../../api/kyb.ts';
import type { VisibilityIndex } from '../../conditions/index.ts';
import type { KybContext } from '../context.ts';
import { buildPayload, untouched } from './answers-state.ts';
import type { QRec } from './controls.ts';
import { adoptUrls, hasUploadedFiles } from './file-answers.ts';

/** Debounce after typing before a save. */
export const SAVE_DEBOUNCE_MS = 700;

/** One section of a questionnaire in the step. */
export interface SecState {
  section: Section;
  recs: QRec[];
  /** The currently visible questions (recomputed when a visibility flips). */
  visible: QRec[];
  /** Bumped whenever the section's rendering must change (a value, a visibility). */
  version: number;
  headingId: string;
  /** The section's part of the PUT body, as of `payloadVersion` (see {@link payloadOf}). */
  payload?: Record<string, { value: AnswerValue }> | null;
  payloadVersion?: number;
}

/** One questionnaire of the step: its questions and visibility (its saving: {@link AnswersSaver}). */
export interface QState {
  index: number;
  questionnaire: Questionnaire;
  sections: SecState[];
  /** `section.question` and `section` keys of the visibility index -> what they designate. */
  nodes: Map<string, { sec: SecState; rec?: QRec }>;
  bySection: Map<string, Map<string, QRec>>;
  vis: VisibilityIndex;
  headingId: string;
}

/**
 * The body of the questionnaire's PUT: visible, answered, valid questions (untouched ones as read). Built
 * by section, and a section's part is built again only when its version moved (a value or a visibility
 * in it changed): a save of a long questionnaire costs what changed, plus one `JSON.stringify`.
 */
export function payloadOf(qs: QState): Answers {
  const sections = qs.questionnaire.sections;
  const build = (from: readonly Section[]) =>
    buildPayload(
      from,
      (s, q) => untouched(sections, s, q, qs.bySection.get(s)?.get(q)?.value),
      (s, q) => qs.vis.isQuestionVisible(s, q),
    );
  // Repeated section keys (the service's data allows them): the whole body, as one build merges them.
  if (qs.sections.length !== sections.length) return build(sections);
  const out: Answers = { sections: {} };
  for (const sec of qs.sections) {
    if (sec.payloadVersion !== sec.version) {
      sec.payload = build([sec.section]).sections[sec.section.key] ?? null;
      sec.payloadVersion = sec.version;
    }
    if (sec.payload) out.sections[sec.section.key] = sec.payload;
  }
  return out;
}

/** Each questionnaire's answers, saved by the one save engine (saving/autosave.ts). */
export class AnswersSaver {
  readonly #states: readonly QState[];
  readonly #ctx: () => KybContext | null;
  /** A question's value changed here (a file URL adopted): re-render it. */
  readonly #touch: (rec: QRec) => void;
  readonly #engines = new Map<QState, AutoSave<Answers>>();

  constructor(states: readonly QState[], ctx: () => KybContext | null, touch: (rec: QRec) => void) {
    this.#states = states;
    this.#ctx = ctx;
    this.#touch = touch;
  }

  /** A questionnaire was read: its answers as they are now are what the service holds. */
  loaded(qs: QState): void {
    this.#engines.get(qs)?.dispose();
    this.#engines.set(
      qs,
      new AutoSave<Answers>(
        {
          body: () => payloadOf(qs),
          send: (body, write) => this.#send(qs, body, write),
          report: (state, error) =>
            this.#ctx()?.report({ kind: 'answers', state, id: qs.questionnaire.id, error }),
          readOnly: () => this.#ctx()?.readOnly !== false,
          timeoutMs: () => this.#ctx()?.client.http.timeoutMs ?? 15_000,
        },
        { debounceMs: SAVE_DEBOUNCE_MS, lastSent: JSON.stringify(payloadOf(qs)) },
      ),
    );
  }

  #of(qs: QState): AutoSave<Answers> {
    if (!this.#engines.has(qs)) this.loaded(qs);
    return this.#engines.get(qs)!;
  }

  get dirty(): boolean {
    return this.#states.some((qs) => this.#engines.get(qs)?.dirty === true);
  }

  /** Whether a change of `qs` waits for its debounce. */
  waiting(qs: QState): boolean {
    return this.#engines.get(qs)?.waiting === true;
  }

  /** Sends everything pending (and the current answers again after an unclear PUT); resolves once saved. */
  async flush(): Promise<void> {
    await Promise.all(this.#states.map((qs) => this.#of(qs).flush()));
  }

  /** A change happened: save after the debounce. */
  changed(qs: QState): void {
    this.#of(qs).changed();
  }

  /** Saves now when something is pending (leaving a field, a discrete choice). */
  saveSoon(qs: QState | undefined): void {
    if (qs) this.#of(qs).soon();
  }

  /** Saves now; resolves once the answers as they are now are stored. */
  save(qs: QState): Promise<void> {
    return this.#of(qs).save();
  }

  dispose(): void {
    for (const e of this.#engines.values()) e.dispose();
  }

  async #send(qs: QState, body: Answers, write: Write): Promise<string | void> {
    const ctx = this.#ctx();
    if (!ctx) throw new ApiError({ kind: 'aborted', message: 'The form was closed.' });
    await ctx.client.putAnswers(ctx.formId, qs.questionnaire.id, body, {
      onAttemptError: write.onAttemptError,
    });
    if (!hasUploadedFiles(body)) return;
    const held = await this.#adoptFileUrls(qs, ctx, body);
    // What the service holds is `body` with its file URLs in place of the uploads (same content). The
    // engine compares it with the answers as they are now: whatever changed meanwhile (even during
    // the read below) is still to send.
    if (held) return JSON.stringify(held);
  }

  /**
   * After files were sent as base64, read the answers back and keep the service's file URLs instead,
   * so later saves do not upload the same files again (and the user gets a link to each file).
   * Best effort: a failed read keeps the base64 values. Returns `sent` with the adopted URLs in place,
   * or null when nothing was adopted.
   */
  async #adoptFileUrls(qs: QState, ctx: KybContext, sent: Answers): Promise<Answers | null> {
    let stored: Answers | null;
    try {
      stored = await ctx.client.getAnswers(ctx.formId, qs.questionnaire.id);
    } catch {
      return null;
    }
    let held: Answers | null = null;
    for (const [sKey, entries] of Object.entries(sent.sections)) {
      for (const [qKey, entry] of Object.entries(entries)) {
        const rec = qs.bySection.get(sKey)?.get(qKey);
        if (!rec || (rec.question.type !== 'FILE' && rec.question.type !== 'FILE_MULTI')) continue;
        const adopted = adoptUrls(entry.value, stored?.sections[sKey]?.[qKey]?.value);
        if (adopted === null) continue;
        held ??= { sections: { ...sent.sections } };
        held.sections[sKey] = { ...held.sections[sKey], [qKey]: { ...entry, value: adopted } };
        if (rec.value !== entry.value) continue; // changed meanwhile: the user's value stays
        rec.value = adopted;
        this.#touch(rec);
      }
    }
    if (held) ctx.requestUpdate();
    return held;
  }
}
