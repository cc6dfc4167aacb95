/**
 * Bounded request concurrency: at most `max` of the queued tasks run at once, the others wait their turn
 * in order. A task that is rate limited (429) is retried by the HTTP client after its `Retry-After`
 * (saving/rule.ts), holding its slot meanwhile, so a queue never floods the service.
 */
export class Limiter {
  readonly #max: number;
  #running = 0;
  readonly #queue: (() => void)[] = [];

  constructor(max: number) {
    this.#max = max;
  }

  /** Runs `task` once a slot is free; settles as it does. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#max) await new Promise<void>((go) => this.#queue.push(go));
    this.#running++;
    try {
      return await task();
    } finally {
      this.#running--;
      this.#queue.shift()?.();
    }
  }
}

/** Reads that may come by the thousand (a beneficiary's documents, one request each) share this limit. */
export const MAX_PARALLEL_READS = 4;
/**
 * How many beneficiaries' documents load when the step shows; the others load when the user asks (a
 * service answering 2,000 beneficiaries must not cost 2,000 requests and the rate limit of the form).
 */
export const EAGER_DOCUMENT_LOADS = 25;
