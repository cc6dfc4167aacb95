/** The save reports of the steps: one state per saving thing, and what the element announces. */
import type { SaveReport, SaveState } from '../context.ts';
import { errorInfo, type ErrorInfo } from '../form-reducer.ts';
import { saveStatusText } from './texts.ts';

export class SaveLog {
  readonly #saves = new Map<string, SaveReport>();

  /**
   * Records a report. Returns whether it is a new success (`kyb-saved`), the error to announce (a new
   * failure, or any refused token), and whether the service refused the write as submitted.
   */
  record(report: SaveReport): { saved: boolean; error: ErrorInfo | null; refused: boolean } {
    // The company has one save state whether or not the form exists yet.
    const key = report.kind === 'company' ? 'company' : `${report.kind}:${report.key ?? report.id ?? ''}`;
    const before = this.#saves.get(key);
    this.#saves.set(key, report);
    const saved = report.state === 'saved' && before?.state !== 'saved';
    if (report.state !== 'error' || !report.error) return { saved, error: null, refused: false };
    const info = errorInfo(report.error);
    const announce = before?.state !== 'error' || info.cause === 'token';
    const refused = report.error.status === 403 && report.error.identifier === 'PERMISSIONS_ERROR';
    return { saved, error: announce ? info : null, refused };
  }

  /** The most telling state of all: error, then saving, pending, saved. */
  get state(): SaveState {
    const states = [...this.#saves.values()].map((r) => r.state);
    for (const s of ['error', 'saving', 'pending', 'saved'] as const) if (states.includes(s)) return s;
    return 'idle';
  }

  clear(): void {
    this.#saves.clear();
  }
}

/** What a save status means to the person: all is well, a save failed, or the session ended. */
type SaveMeaning = 'fine' | 'failed' | 'ended';

/**
 * What the save status's live region says (the visible line says more, and changes with every edit). It
 * speaks only when the meaning changes: a failure once (its retries, every few seconds, stay silent), the
 * session's end once, and "All changes saved" once the changes are stored after a failure or a renewal;
 * never "Unsaved changes → Saving… → All changes saved" on an ordinary edit. Pure over the states it is
 * shown, in order (render may skip some; what it keeps is the last meaning and its text).
 */
export class SaveAnnouncer {
  #meaning: SaveMeaning = 'fine';
  #text = '';

  /** The live region's text after this status (unchanged text: nothing is read). */
  text(state: SaveState, sessionEnded: boolean): string {
    if (state === 'idle' && !sessionEnded) {
      // Nothing saved or failed yet (a new load): nothing to say.
      this.#meaning = 'fine';
      this.#text = '';
      return '';
    }
    // Saving or pending (a retry, an edit) means what the last state meant; so does a failure reported
    // again right after a renewal, before the kept changes are sent: only "saved" ends the session's text.
    const next: SaveMeaning = sessionEnded
      ? 'ended'
      : state === 'saved'
        ? 'fine'
        : state === 'error' && this.#meaning !== 'ended'
          ? 'failed'
          : this.#meaning;
    if (next === this.#meaning) return this.#text;
    this.#meaning = next;
    this.#text = saveStatusText(next === 'fine' ? 'saved' : 'error', next === 'ended', false);
    return this.#text;
  }
}

const announcers = new WeakMap<object, SaveAnnouncer>();

/** The announcer of one element (keyed by its runtime), made on first use. */
export function announcerOf(owner: object): SaveAnnouncer {
  let a = announcers.get(owner);
  if (!a) announcers.set(owner, (a = new SaveAnnouncer()));
  return a;
}
