import { createHash } from 'node:crypto';

/**
 * A JSON answer serialised once — e.g. once per cache fill — and sent as is by every request that
 * reuses it: no JSON.stringify and no ETag hashing per request. A handler returns it in place of the
 * payload; the response-style interceptor checks `value` against the contract (outside production),
 * applies the call's style and sends `body` with `etag`. The bytes are exactly JSON.stringify(value).
 */
export class SerialisedJson<T = unknown> {
  /** The UTF-8 bytes of JSON.stringify(value), written to the socket as they are. */
  readonly bytes: Buffer;
  readonly etag: string;
  private enveloped?: SerialisedJson<{ status: 'success'; response: T }>;
  /** The answer its producer renewed this one with (see renewedBy), if any. */
  private successor?: SerialisedJson<T>;
  /** For an answer in the envelope style: the answer it wraps (its renewals are that answer's). */
  private wrapped?: SerialisedJson;

  /**
   * @param sharedUntil when set (epoch ms): until then this is the answer for every caller of the
   *   same URL of a public GET call, whoever asks — e.g. a page of a per-process listing cache until
   *   its TTL runs out. Such answers are served again by URL before routing (see SharedAnswers).
   * @param staleUntil when set with sharedUntil (epoch ms): until then, past sharedUntil, the answer may
   *   still go out stale by URL while one request refreshes it — at most as long as its producer's cache
   *   would itself serve it stale.
   */
  constructor(
    readonly value: T,
    readonly sharedUntil?: number,
    readonly staleUntil?: number,
  ) {
    this.bytes = Buffer.from(JSON.stringify(value), 'utf8');
    this.etag = weakEtag(this.bytes);
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  /** The JSON text (decoded from the bytes: only the routed path, which hands Express a string, needs it). */
  get body(): string {
    return this.bytes.toString('utf8');
  }

  /** The same answer in the envelope style ({ status, response }), serialised once too. */
  inEnvelope(): SerialisedJson<{ status: 'success'; response: T }> {
    if (!this.enveloped) {
      this.enveloped = new SerialisedJson(
        { status: 'success' as const, response: this.value },
        this.sharedUntil,
        this.staleUntil,
      );
      this.enveloped.wrapped = this;
    }
    return this.enveloped;
  }

  /**
   * The producer replaced this answer with `next` (e.g. the listing cache's background refresh of the
   * same page): whoever keeps this one by URL (SharedAnswers) may answer `next` from now on without
   * asking the producer again.
   */
  renewedBy(next: SerialisedJson<T>): void {
    if (next !== this) this.successor = next;
  }

  /** The newest renewal of this answer (itself when it was never renewed), in the same style. */
  get latest(): SerialisedJson<T> {
    if (this.wrapped) {
      const inner = this.wrapped.latest;
      return inner === this.wrapped ? this : (inner.inEnvelope() as unknown as SerialisedJson<T>);
    }
    let newest = this.successor;
    if (!newest) return this;
    while (newest.successor) newest = newest.successor;
    return newest;
  }
}

/** The weak ETag Express would compute for this body (W/"<length hex>-<sha1 base64, 27 chars>"). */
export function weakEtag(bytes: Buffer): string {
  const hash = createHash('sha1').update(bytes).digest('base64').substring(0, 27);
  return `W/"${bytes.length.toString(16)}-${hash}"`;
}
