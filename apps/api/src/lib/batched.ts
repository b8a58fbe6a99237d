/**
 * Groups calls that arrive while earlier ones are being worked on: `run(item)` resolves with what
 * `work` gave for that item, and `work` is called with every item that waited (up to `most`), with
 * at most `running` calls of `work` at once. A call that finds a place free starts at once, alone,
 * so nothing waits when the process is quiet; under load each call of `work` (one round trip to
 * the database, say) serves many requests.
 *
 * `work` answers each item in order, one value or one Error per item: an Error rejects that item's
 * call only. A `work` that throws rejects every item it was given.
 */
export function batched<I, O>(
  work: (items: I[]) => Promise<Array<O | Error>>,
  { most, running: limit }: { most: number; running: number },
) {
  const waiting: Array<{ item: I; resolve: (value: O) => void; reject: (err: unknown) => void }> = [];
  let running = 0;

  function next() {
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
          next();
        });
    }
  }

  return function run(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      next();
    });
  };
}
