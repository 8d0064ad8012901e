import { requestContext } from '../context/request-context';

/**
 * Reads of the same thing asked at the same moment share one query: a burst of requests about one
 * app (a creator dropping 200 files on it) sends one read of the app, not 200 queuing for the pool.
 * A caller joins a read in flight only if that read had not yet reached the database when the
 * caller's request arrived (the read calls `sent()` as it does), so every write the caller made before
 * asking is in what it gets: read-your-writes holds. Otherwise, and outside a request, it reads on
 * its own. Callers must not change what they get: it is shared.
 */
export class SharedReads<T> {
  private readonly inFlight = new Map<string, { sentAt: number | null; result: Promise<T> }>();

  read(key: string, load: (sent: () => void) => Promise<T>): Promise<T> {
    const arrivedAt = requestContext.current()?.arrivedAt;
    const current = this.inFlight.get(key);
    if (current && arrivedAt !== undefined && (current.sentAt === null || current.sentAt >= arrivedAt)) return current.result;
    const entry: { sentAt: number | null; result: Promise<T> } = { sentAt: null, result: Promise.resolve() as Promise<T> };
    entry.result = load(() => (entry.sentAt ??= performance.now())).finally(() => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    });
    this.inFlight.set(key, entry);
    return entry.result;
  }
}
