/**
 * Where the emulator keeps its objects. Async on purpose: the in-memory store below is today's
 * implementation, a PostgreSQL one (a jsonb column per object, `where` as `data @> $1`) is the next.
 */
export type ObjectKind =
  | 'customer'
  | 'product'
  | 'price'
  | 'checkout_session'
  | 'payment_intent'
  | 'charge'
  | 'subscription'
  | 'invoice'
  | 'refund'
  | 'payment_method'
  | 'event';

/** A Stripe API object as stored and served (JSON only, no class instances). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Stripe objects carry any field of the API
export type StripeObject = { id: string; object: string; created: number; [field: string]: any };

/** A remembered answer to a POST sent with an `Idempotency-Key`. */
export interface IdempotentAnswer {
  requestFingerprint: string;
  statusCode: number;
  body: string;
}

export interface EmulatorStore {
  /** Inserts or replaces an object (kept in insertion order per kind). */
  put(kind: ObjectKind, obj: StripeObject): Promise<void>;
  get(kind: ObjectKind, id: string): Promise<StripeObject | undefined>;
  /** Objects of a kind, oldest first, whose top-level fields equal every `where` entry. */
  list(kind: ObjectKind, where?: Record<string, string | number | boolean | null>): Promise<StripeObject[]>;
  getIdempotent(key: string): Promise<IdempotentAnswer | undefined>;
  putIdempotent(key: string, answer: IdempotentAnswer): Promise<void>;
  /**
   * Sets a top-level string field from `from` to `to` only if it still holds `from` (compare and set):
   * the guard that lets one payer, across processes, pay a checkout session.
   */
  transition(kind: ObjectKind, id: string, field: string, from: string, to: string): Promise<boolean>;
  /**
   * Shared stores only: claim an idempotency key before executing its request (false: another process
   * holds it; wait for its answer). `releaseIdempotent` gives a claim back when the request failed.
   */
  claimIdempotent?(key: string): Promise<boolean>;
  releaseIdempotent?(key: string): Promise<void>;
}

const clone = <T>(v: T): T => structuredClone(v);

/** One process, one map per kind; callers get copies, so they can never mutate stored state. */
export class InMemoryEmulatorStore implements EmulatorStore {
  private readonly objects = new Map<ObjectKind, Map<string, StripeObject>>();
  private readonly idempotent = new Map<string, IdempotentAnswer>();

  private table(kind: ObjectKind): Map<string, StripeObject> {
    let t = this.objects.get(kind);
    if (!t) {
      t = new Map();
      this.objects.set(kind, t);
    }
    return t;
  }

  async put(kind: ObjectKind, obj: StripeObject): Promise<void> {
    this.table(kind).set(obj.id, clone(obj));
  }

  async get(kind: ObjectKind, id: string): Promise<StripeObject | undefined> {
    const found = this.table(kind).get(id);
    return found ? clone(found) : undefined;
  }

  async list(kind: ObjectKind, where: Record<string, string | number | boolean | null> = {}): Promise<StripeObject[]> {
    const entries = Object.entries(where);
    return [...this.table(kind).values()].filter((o) => entries.every(([k, v]) => o[k] === v)).map(clone);
  }

  async getIdempotent(key: string): Promise<IdempotentAnswer | undefined> {
    return this.idempotent.get(key);
  }

  async putIdempotent(key: string, answer: IdempotentAnswer): Promise<void> {
    this.idempotent.set(key, answer);
  }

  async transition(kind: ObjectKind, id: string, field: string, from: string, to: string): Promise<boolean> {
    const found = this.table(kind).get(id);
    if (!found || found[field] !== from) return false;
    found[field] = to;
    return true;
  }
}
