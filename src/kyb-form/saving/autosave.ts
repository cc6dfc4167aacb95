/**
 * What a step that saves itself holds: `AutoSave`, the one save engine (engine.ts) behind a small front
 * that lets the first screen render before the engine's code has arrived. The engine is downloaded with the
 * first change (or the first save, retry or flush) and then does everything: until it is here, a change is
 * counted ("Unsaved changes") and waits for it, so the debounce starts when the engine can run it. A
 * download that fails is a failed save: the state says so and the next change or retry tries again.
 */
import type { ApiError } from '../../api/http.ts';
import { loadSaveEngine } from '../chunks.ts';
import type { SaveState } from '../context.ts';
import type { SaveEngine } from './engine.ts';
import type { WriteKey } from './write-key.ts';

/** One send of a body. */
export interface Write {
  /** The body's JSON (what the key is bound to, what `lastSent` becomes). */
  readonly json: string;
  /** The key of this body (for a create): `key.for(json)`. */
  readonly key: WriteKey;
  /** For `RequestOptions.onAttemptError`: feeds the late-write repair and the key's outcome. */
  readonly onAttemptError: (err: ApiError) => void;
}

/** What the engine saves: the resource's body, how to send it, and where its state goes. */
export interface SaveTarget<B> {
  /** The body as it would be stored now, or null when nothing can be sent yet. */
  body(): B | null;
  /**
   * Sends `body`. Resolves with the JSON the service now holds when it is not `write.json` (a create
   * resolved by finding the record holds what the first attempt carried; `null` when unknown: the next
   * save sends the whole body again).
   */
  send(body: B, write: Write): Promise<string | null | void>;
  /** The engine's state changed (the step reports it to the shell and re-renders). */
  report(state: SaveState, error?: ApiError): void;
  /** Whether writes are refused now (a submitted form). */
  readOnly(): boolean;
  /** The client's per-attempt timeout (the late-write settle delay derives from it). */
  timeoutMs(): number;
}

interface Options {
  debounceMs: number;
  lastSent: string | null;
}

export class AutoSave<B> {
  readonly #target: SaveTarget<B>;
  readonly #opts: Options;
  #engine: SaveEngine<B> | null = null;
  #loading: Promise<SaveEngine<B>> | null = null;
  /** Changes made before the engine arrived (replayed into it). */
  #early = 0;
  #state: SaveState = 'idle';
  #error: ApiError | null = null;
  #disposed = false;

  constructor(target: SaveTarget<B>, opts: Options) {
    this.#target = target;
    this.#opts = { ...opts };
  }

  /** JSON of the last body the service holds (or that was loaded); null: unknown, send the next body. */
  get lastSent(): string | null {
    return this.#engine ? this.#engine.lastSent : this.#opts.lastSent;
  }
  get state(): SaveState {
    return this.#engine ? this.#engine.state : this.#state;
  }
  get error(): ApiError | null {
    return this.#engine ? this.#engine.error : this.#error;
  }
  /** Whether a change is not stored yet (pending, being sent, or failed). */
  get dirty(): boolean {
    return this.#engine ? this.#engine.dirty : this.#early > 0;
  }
  /** Whether a change waits for its debounce. */
  get waiting(): boolean {
    return this.#engine ? this.#engine.waiting : this.#early > 0;
  }

  /** The engine, downloaded once; a failed download is reported as a failed save. */
  #load(): Promise<SaveEngine<B>> {
    if (this.#engine) return Promise.resolve(this.#engine);
    this.#loading ??= loadSaveEngine().then(
      (m) => {
        const engine = new m.SaveEngine<B>(this.#target, { ...this.#opts, state: this.#state });
        if (this.#disposed) engine.dispose();
        else {
          this.#engine = engine;
          for (; this.#early > 0; this.#early--) engine.changed();
        }
        return engine;
      },
      (err: ApiError) => {
        this.#loading = null;
        if (!this.#disposed) {
          this.#state = 'error';
          this.#error = err;
          this.#target.report('error', err);
        }
        throw err;
      },
    );
    return this.#loading;
  }

  /** The user changed something: save after the debounce. */
  changed(): void {
    if (this.#engine) return this.#engine.changed();
    if (this.#disposed || this.#target.readOnly()) return;
    this.#early++;
    if (this.#state !== 'pending') {
      this.#state = 'pending';
      this.#error = null;
      this.#target.report('pending');
    }
    void this.#load().catch(() => undefined);
  }

  /** Saves now when something is pending (a field was left, a discrete choice). */
  soon(): void {
    if (this.#engine) return this.#engine.soon();
    if (this.#early > 0)
      void this.#load().then(
        (e) => e.soon(),
        () => undefined,
      );
  }

  /** Saves now (after the running save: merged into one). Rejects with the ApiError of a failed save. */
  save(): Promise<void> {
    return this.#engine ? this.#engine.save() : this.#load().then((e) => e.save());
  }

  /** Tries a failed save again now (a retry button, the session renewed). */
  retry(): Promise<void> {
    return this.#engine ? this.#engine.retry() : this.#load().then((e) => e.retry());
  }

  /**
   * Sends everything pending now, and the current body again after an unclear attempt (in case its late
   * copy already landed); resolves once stored, rejects with the error of a failed save.
   */
  flush(): Promise<void> {
    if (this.#engine) return this.#engine.flush();
    // Nothing was changed here before the engine came: nothing to send.
    if (this.#early === 0 && this.#state !== 'error') return Promise.resolve();
    return this.#load().then((e) => e.flush());
  }

  dispose(): void {
    this.#disposed = true;
    this.#engine?.dispose();
  }
}
