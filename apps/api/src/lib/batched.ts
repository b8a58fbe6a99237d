/**
 * Groups calls that arrive while earlier ones are being worked on: `run(item)` resolves with what
 * `work` gave for that item, and `work` is called with every item that waited (up to `most`), with
 * at most `running` calls of `work` at once. A call that finds a place free starts at once, alone,
 * so nothing waits when the process is quiet; under load each call of `work` (one round trip to
 * the database, say) serves many requests.
 *
 * With `gatherMs`, the group after one that ends waits, up to that long, until as many calls wait
 * as were open while it ran (the way PostgreSQL's commit_delay gathers commits): under load the
 * callers a group answered come back within moments, and one group for all of them costs one round
 * trip where a group of the few that came meanwhile and then one of the rest cost two. It waits
 * only while they keep coming: once no call has come for `gatherQuietMs`, it starts without the
 * rest. A quiet process (one call open at a time) still starts each call at once. A group the
 * wait starts begins after the I/O already received has been read (setImmediate), so callers whose
 * requests are in are not left for the group after it. Timers count whole milliseconds.
 *
 * `work` answers each item in order, one value or one Error per item: an Error rejects that item's
 * call only. A `work` that throws rejects every item it was given.
 */
export function batched<I, O>(
  work: (items: I[]) => Promise<Array<O | Error>>,
  {
    most,
    running: limit,
    gatherMs = 0,
    gatherQuietMs = gatherMs,
  }: { most: number; running: number; gatherMs?: number; gatherQuietMs?: number },
) {
  const waiting: Array<{ item: I; resolve: (value: O) => void; reject: (err: unknown) => void }> = [];
  let running = 0;
  /** Calls made and not answered yet, the most of them since the last group ended, and how many
   * calls the next group waits for. */
  let open = 0;
  let peak = 0;
  let target = 1;
  /** The wait for more calls, and when it began. */
  let gathering: ReturnType<typeof setTimeout> | null = null;
  let gatheringSince = 0;

  function start() {
    if (gathering) clearTimeout(gathering);
    gathering = null;
    gatheringSince = 0;
    while (running < limit && waiting.length > 0) {
      const group = waiting.splice(0, most);
      running += 1;
      work(group.map((call) => call.item))
        .then(
          (results) =>
            group.forEach((call, i) => {
              const result = results[i];
              if (result instanceof Error) call.reject(result);
              else call.resolve(result as O);
            }),
          (err: unknown) => group.forEach((call) => call.reject(err)),
        )
        .finally(() => {
          running -= 1;
          target = Math.min(peak, most);
          peak = open;
          next();
        });
    }
  }

  function next() {
    if (running >= limit || waiting.length === 0) return;
    if (gatherMs === 0 || waiting.length >= target) {
      start();
      return;
    }
    const now = performance.now();
    if (gathering) clearTimeout(gathering);
    else gatheringSince = now;
    const wait = Math.min(gatherQuietMs, gatheringSince + gatherMs - now);
    gathering = setTimeout(() => setImmediate(start), Math.max(0, wait));
  }

  return function run(item: I): Promise<O> {
    open += 1;
    peak = Math.max(peak, open);
    return new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      next();
    }).finally(() => (open -= 1));
  };
}
