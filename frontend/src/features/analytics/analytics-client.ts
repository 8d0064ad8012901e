import { ANALYTICS } from '@sparkhouse/contracts/constants';

export const ANALYTICS_API_KEY = 'sparkhouse-web';
const MAX_EVENT_TYPE_LENGTH = 200;

export interface AnalyticsEvent {
  event_type: string;
  time: number;
  user_id?: string;
  device_id?: string;
  session_id?: number;
  event_properties?: Record<string, unknown>;
  /** The event's own id: sent again after a failed upload, it keeps it, and the collector counts it once. */
  insert_id?: string;
}

export interface AnalyticsUpload {
  api_key: string;
  events: AnalyticsEvent[];
  v: number;
  upload_time: number;
}

export interface AnalyticsClientOptions {
  /**
   * Deliver one batch; a rejection puts the batch back in the queue, unless its error carries a 4xx
   * `status` other than 408 and 429: the collector refused that batch, and sending it again would not help.
   */
  send: (upload: AnalyticsUpload, options: { keepalive: boolean }) => Promise<unknown>;
  deviceId?: () => string | undefined;
  userId?: () => string | undefined;
  now?: () => number;
  /** A session begun before this client (the rendered page's arrival events): its events go on in it. */
  session?: () => number | null;
}

export function truncateString(value: string, max: number = ANALYTICS.maxStringLength): string {
  return value.length > max ? value.slice(0, max) : value;
}

/** Strings cut at 4096 characters, at most 1000 properties per object, at any depth. */
export function truncateProperties(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return truncateString(value);
  if (depth > 10 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, ANALYTICS.maxPropertiesPerEvent).map((v) => truncateProperties(v, depth + 1));
  const entries = Object.entries(value).slice(0, ANALYTICS.maxPropertiesPerEvent);
  return Object.fromEntries(entries.map(([k, v]) => [truncateString(k), truncateProperties(v, depth + 1)]));
}

/** A random event id (128 bits, hex): from getRandomValues, which a page served over plain HTTP has too. */
export function newInsertId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Whether an upload's error says the collector refused it for good (4xx, not 408 or 429). */
function refused(err: unknown): boolean {
  const status = (err as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/**
 * Queues events and uploads them in batches: when 30 are waiting, 30 s after the first queued
 * one, or on flush() (pagehide). Keeps at most 1000 (oldest dropped) so a dead server cannot eat memory.
 */
export class AnalyticsClient {
  private queue: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sessionId: number | null = null;
  private lastEventAt = 0;
  private inFlight: Promise<void> | null = null;
  private keepaliveRequested = false;
  private readonly now: () => number;

  constructor(private readonly options: AnalyticsClientOptions) {
    this.now = options.now ?? Date.now;
  }

  get pending(): number {
    return this.queue.length;
  }

  track(eventType: string, properties?: Record<string, unknown>): void {
    const time = this.now();
    if (this.sessionId === null) {
      const begun = this.options.session?.() ?? null;
      if (begun !== null && begun <= time) [this.sessionId, this.lastEventAt] = [begun, begun];
    }
    if (this.sessionId === null || time - this.lastEventAt > ANALYTICS.sessionTimeoutMs) this.sessionId = time;
    this.lastEventAt = time;

    const event: AnalyticsEvent = {
      event_type: truncateString(eventType, MAX_EVENT_TYPE_LENGTH),
      time,
      session_id: this.sessionId,
      insert_id: newInsertId(),
    };
    const deviceId = this.options.deviceId?.();
    const userId = this.options.userId?.();
    if (deviceId) event.device_id = deviceId;
    if (userId) event.user_id = userId;
    if (properties) event.event_properties = truncateProperties(properties) as Record<string, unknown>;

    this.enqueue([event]);
    if (this.queue.length >= ANALYTICS.uploadThreshold) void this.flush();
    else this.schedule();
  }

  /**
   * Upload everything queued, in batches of at most 100. One flush runs at a time; an upload that
   * failed for now puts its events back (oldest first) and waits for the next period.
   */
  flush({ keepalive = false }: { keepalive?: boolean } = {}): Promise<void> {
    this.clearTimer();
    if (this.inFlight) {
      if (keepalive) this.keepaliveRequested = true;
      return this.inFlight;
    }
    if (this.queue.length === 0) return Promise.resolve();

    const batches: AnalyticsEvent[][] = [];
    while (this.queue.length > 0) batches.push(this.queue.splice(0, ANALYTICS.uploadBatchSize));
    const results = batches.map((events) => {
      const upload: AnalyticsUpload = { api_key: ANALYTICS_API_KEY, events, v: 2, upload_time: this.now() };
      try {
        return Promise.resolve(this.options.send(upload, { keepalive })).then(
          () => true,
          (err: unknown) => refused(err),
        );
      } catch {
        return Promise.resolve(false);
      }
    });

    // true: delivered, or refused for good (dropped); false: to be sent again
    this.inFlight = Promise.all(results).then((settled) => {
      this.inFlight = null;
      const failed = batches.filter((_, i) => !settled[i]).flat();
      if (failed.length > 0) {
        this.enqueue(failed, true);
        this.schedule();
        return;
      }
      const keepaliveNext = this.keepaliveRequested;
      this.keepaliveRequested = false;
      if (keepaliveNext || this.queue.length >= ANALYTICS.uploadThreshold) return this.flush({ keepalive: keepaliveNext });
      this.schedule();
    });
    return this.inFlight;
  }

  dispose(): void {
    this.clearTimer();
  }

  private enqueue(events: AnalyticsEvent[], front = false): void {
    this.queue = front ? [...events, ...this.queue] : [...this.queue, ...events];
    const overflow = this.queue.length - ANALYTICS.maxSavedEvents;
    if (overflow > 0) this.queue.splice(0, overflow);
  }

  private schedule(): void {
    if (this.timer !== null || this.queue.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ANALYTICS.uploadPeriodMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
