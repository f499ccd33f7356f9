// Calls of one statement made at about the same moment, run as one statement over all their
// inputs. The embedded queue starts the jobs of a claim together, and the runs of a webhook
// delivery each read their delivery and record their attempt: batched, the reads of one claim are
// one round trip, and so are the records of the attempts whose answers came back together, where
// each was one (bench:webhooks: round trips were most of a delivery's CPU, ours and PostgreSQL's).
//
// Calls are collected until the event loop's next check phase (setImmediate: after the I/O that
// arrived together has been handled) and grouped by client: a transaction's calls run in it, on
// their own. When the statement fails for a batch, each call is run alone, so an input the
// statement refuses fails its own caller only.
import type { DbClient } from "../index";

interface Pending<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * `run(db, inputs)` answers one output per input, in order; the function returned takes one input
 * and answers its output.
 */
export function batched<I, O>(
  run: (db: DbClient, inputs: I[]) => Promise<O[]>,
  { max = 64 }: { max?: number } = {},
): (db: DbClient, input: I) => Promise<O> {
  const waiting = new Map<DbClient, Pending<I, O>[]>();
  let scheduled = false;

  function flush() {
    scheduled = false;
    for (const [db, calls] of waiting) {
      waiting.delete(db);
      for (let i = 0; i < calls.length; i += max) void settle(db, calls.slice(i, i + max));
    }
  }

  async function settle(db: DbClient, calls: Pending<I, O>[]) {
    try {
      const outputs = await run(
        db,
        calls.map((c) => c.input),
      );
      calls.forEach((c, i) => c.resolve(outputs[i]));
    } catch (error) {
      if (calls.length === 1) return calls[0].reject(error);
      for (const call of calls) void settle(db, [call]);
    }
  }

  return (db, input) =>
    new Promise<O>((resolve, reject) => {
      const calls = waiting.get(db);
      if (calls) calls.push({ input, resolve, reject });
      else waiting.set(db, [{ input, resolve, reject }]);
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
