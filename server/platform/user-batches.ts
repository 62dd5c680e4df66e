/**
 * Groups one user's concurrent requests into one database round. Work that writes a user's row
 * (a charge, a job acceptance) holds that row's lock until it commits, so one user's concurrent
 * requests would queue on the lock, one commit each. Instead, while a user's round is in the
 * database, later requests wait here and then go together as the next round, in arrival order.
 * A request that finds no round in flight starts one at once, so nothing waits without a queue.
 */

/** Each request's own answer from a round: its result, or the error it alone gets. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

interface Waiting<In, Out> {
  input: In;
  resolve(value: Out): void;
  reject(error: unknown): void;
}

export class UserBatches<In, Out> {
  /** Users with a round in flight → the requests waiting for the next one. */
  private readonly waiting = new Map<number, Waiting<In, Out>[]>();

  /** `round` gets the inputs in arrival order and answers each, in the same order. */
  constructor(private readonly round: (userId: number, inputs: In[]) => Promise<Outcome<Out>[]>) {}

  submit(userId: number, input: In): Promise<Out> {
    return new Promise((resolve, reject) => {
      const request = { input, resolve, reject };
      const queue = this.waiting.get(userId);
      if (queue) {
        queue.push(request);
        return;
      }
      this.waiting.set(userId, []);
      void this.run(userId, [request]);
    });
  }

  private async run(userId: number, group: Waiting<In, Out>[]): Promise<void> {
    try {
      const outcomes = await this.round(userId, group.map((request) => request.input));
      group.forEach((request, i) => {
        const outcome = outcomes[i];
        if (outcome.ok) request.resolve(outcome.value);
        else request.reject(outcome.error);
      });
    } catch (error) {
      for (const request of group) request.reject(error);
    } finally {
      const next = this.waiting.get(userId) ?? [];
      if (next.length > 0) {
        this.waiting.set(userId, []);
        void this.run(userId, next);
      } else {
        this.waiting.delete(userId);
      }
    }
  }
}
