/** The save reports of the steps: one state per saving thing, and what the element announces. */
import type { SaveReport, SaveState } from '../context.ts';
import { errorInfo, type ErrorInfo } from '../form-reducer.ts';

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
