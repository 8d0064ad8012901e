import type { Database } from '../database/database';
import type { PgListener } from '../database/pg-listener';
import { AppendSignals, NOTIFY_EVERY_MS } from './append-signals';
import { EVENTS_CHANNEL } from './events-channel';

/** A listener whose notifications take `ms` to answer, recording when each was sent. */
function fakeListener(ms = 1) {
  const sent: number[] = [];
  const listener = {
    notify: (channel: string) => {
      expect(channel).toBe(EVENTS_CHANNEL);
      sent.push(performance.now());
      return new Promise<void>((resolve) => setTimeout(resolve, ms));
    },
  } as unknown as PgListener;
  return { listener, sent };
}

const database = { onCommit: () => () => undefined } as unknown as Database;

async function until(check: () => boolean, ms = 2000) {
  for (const deadline = Date.now() + ms; !check();) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 1));
  }
}

describe('AppendSignals', () => {
  it('signals the first commit after a quiet spell at once', () => {
    const { listener, sent } = fakeListener();
    const signals = new AppendSignals(database, listener);
    signals.committedAlone();
    expect(sent).toHaveLength(1);
  });

  it('tells this process of every commit, and other nodes of a burst in a few notifications, the last commit covered', async () => {
    const { listener, sent } = fakeListener();
    const signals = new AppendSignals(database, listener);
    let local = 0;
    signals.onCommitted(() => local++);
    const burstStart = performance.now();
    for (let i = 0; i < 200; i++) signals.committedAlone();
    expect(local).toBe(200);
    // the first at once; the rest are covered by one more at the end of the window
    await until(() => sent.length === 2);
    expect(sent[1] - burstStart).toBeGreaterThanOrEqual(NOTIFY_EVERY_MS - 1);
    // nothing else was pending
    await new Promise((r) => setTimeout(r, 3 * NOTIFY_EVERY_MS));
    expect(sent).toHaveLength(2);
    expect(signals.notificationsSent).toBe(2);
  });

  it('a commit during a notification still in flight gets a notification after it', async () => {
    const { listener, sent } = fakeListener(3 * NOTIFY_EVERY_MS);
    const signals = new AppendSignals(database, listener);
    signals.committedAlone();
    await new Promise((r) => setTimeout(r, NOTIFY_EVERY_MS));
    signals.committedAlone();
    expect(sent).toHaveLength(1);
    await until(() => sent.length === 2);
    // sent after the first answered, not alongside it
    expect(sent[1] - sent[0]).toBeGreaterThanOrEqual(3 * NOTIFY_EVERY_MS - 1);
  });

  it('commits spaced wider than the window are each signalled at once', async () => {
    const { listener, sent } = fakeListener();
    const signals = new AppendSignals(database, listener);
    for (let i = 0; i < 3; i++) {
      signals.committedAlone();
      expect(sent).toHaveLength(i + 1);
      await new Promise((r) => setTimeout(r, 2 * NOTIFY_EVERY_MS));
    }
  });

  it("sends no notification while this process's relay is the one delivering, and does again once it is not", () => {
    const { listener, sent } = fakeListener();
    const signals = new AppendSignals(database, listener);
    let leader = true;
    signals.setDeliveredHere(() => leader);
    let local = 0;
    signals.onCommitted(() => local++);
    signals.committedAlone();
    // the relay here is woken directly; the other nodes' relays stand by and read nothing
    expect(local).toBe(1);
    expect(sent).toHaveLength(0);
    leader = false;
    signals.committedAlone();
    expect(local).toBe(2);
    expect(sent).toHaveLength(1);
  });
});
