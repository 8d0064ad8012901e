/**
 * What a member did while offline (a check-in, a session done, a phase finished), kept in the browser
 * (localStorage) and sent in the order it was done once the network is back. Each action carries the
 * clientId made when it was done: the server applies an id once, so sending twice (a flush cut short,
 * two tabs) is harmless.
 */
export type QueuedAction =
  | { kind: 'checkIn'; clientId: string; body: { mood: number; effort: number; note?: string } }
  | { kind: 'completeSession'; clientId: string; body: { phaseId: string } }
  | { kind: 'completePhase'; clientId: string; body: { phaseId: string } };

export interface QueueStore {
  read(): string | null;
  write(value: string | null): void;
}

export const queueKey = (storefrontSlug: string, appSlug: string) => `sparkhouse.member-app.queue.${storefrontSlug}.${appSlug}`;

export function localQueueStore(key: string): QueueStore {
  return {
    read: () => {
      try {
        return window.localStorage.getItem(key);
      } catch {
        return null;
      }
    },
    write: (value) => {
      try {
        if (value === null) window.localStorage.removeItem(key);
        else window.localStorage.setItem(key, value);
      } catch {
        // storage full or blocked: the action stays in memory for this page
      }
    },
  };
}

export function readQueue(store: QueueStore): QueuedAction[] {
  const raw = store.read();
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? (parsed as QueuedAction[]) : [];
  } catch {
    return [];
  }
}

export function enqueue(store: QueueStore, action: QueuedAction): QueuedAction[] {
  const queue = readQueue(store);
  if (!queue.some((a) => a.clientId === action.clientId)) queue.push(action);
  store.write(JSON.stringify(queue));
  return queue;
}

/** Why an action could not be sent: the network (keep it, try later) or the server refused it (drop it, say why). */
export type SendOutcome = { ok: true } | { ok: false; retry: boolean; message: string };

/**
 * Sends the queued actions one by one, in order. Stops at the first network failure (the rest keep their
 * order for the next try); an action the server refuses (4xx) is dropped and reported. Answers what is
 * left and the refusals.
 */
export async function flushQueue(
  store: QueueStore,
  send: (action: QueuedAction) => Promise<SendOutcome>,
): Promise<{ left: QueuedAction[]; sent: number; refused: { action: QueuedAction; message: string }[] }> {
  const refused: { action: QueuedAction; message: string }[] = [];
  let sent = 0;
  for (;;) {
    const [next] = readQueue(store);
    if (!next) break;
    const outcome = await send(next);
    if (!outcome.ok && outcome.retry) break;
    if (outcome.ok) sent += 1;
    else refused.push({ action: next, message: outcome.message });
    // take exactly the one sent off the head (another tab may have added after it)
    store.write(JSON.stringify(readQueue(store).filter((a) => a.clientId !== next.clientId)));
  }
  const left = readQueue(store);
  if (left.length === 0) store.write(null);
  return { left, sent, refused };
}
