/**
 * Groups concurrent requests that share a key into one database round: one user's charges or job
 * acceptances (each would otherwise queue on the user's row lock and commit on its own), or the
 * requests made with one API key (one lookup answers them all). While a key's round is in the
 * database, later requests wait here and then go together as the next round, in arrival order.
 * A request that finds no round in flight starts one at once, so nothing waits without a queue.
 * Every round starts after all its requests arrived, so each sees what was committed before it.
 */

/** Each request's own answer from a round: its result, or the error it alone gets. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export class BatchedRounds<Key, In, Out> {
  /** Keys with a round in flight → the requests waiting for the next one. */
  private readonly waiting = new Map<Key, Waiting<In, Out>[]>();

  /** `round` gets the inputs in arrival order and answers each, in the same order. */
  constructor(private readonly round: (key: Key, inputs: In[]) => Promise<Outcome<Out>[]>) {}

  submit(key: Key, input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const request = { input, resolve, reject };
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push(request);
        return;
      }
      this.waiting.set(key, []);
      void this.run(key, [request]);
    });
  }

  private async run(key: Key, group: Waiting<In, Out>[]): Promise<void> {
    try {
      const outcomes = await this.round(key, group.map((request) => request.input));
      group.forEach((request, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) request.resolve(outcome.value);
        else request.reject(outcome.error);
      });
    } catch (error) {
      for (const request of group) request.reject(error);
    } finally {
      const next = this.waiting.get(key) ?? [];
      if (next.length > 0) {
        this.waiting.set(key, []);
        void this.run(key, next);
      } else {
        this.waiting.delete(key);
      }
    }
  }
}
