import { requestContext, type RequestContext } from '../context/request-context';
import { SharedReads } from './shared-reads';

/** A read that answers when told to, counting how often it was sent. */
function controlledLoad({ reachesDatabase = true } = {}) {
  const pending: { resolve: (value: string) => void; reject: (err: Error) => void }[] = [];
  const waiting: (() => void)[] = [];
  let sent = 0;
  const load = (reached: () => void) =>
    new Promise<string>((resolve, reject) => {
      sent++;
      if (reachesDatabase) reached();
      else waiting.push(reached);
      pending.push({ resolve, reject });
    });
  return {
    load,
    sent: () => sent,
    /** The oldest read still waiting for a connection gets one. */
    connect: () => waiting.shift()!(),
    answer: (v: string) => pending.shift()!.resolve(v),
    fail: (e: Error) => pending.shift()!.reject(e),
  };
}

const request = (arrivedAt: number): RequestContext => ({
  requestId: `r-${arrivedAt}`,
  timeZone: 'UTC',
  principal: null,
  causationId: null,
  arrivedAt,
});
const inRequest = <T>(arrivedAt: number, fn: () => T) => requestContext.run(request(arrivedAt), fn);

describe('SharedReads', () => {
  it('requests that arrived before a read was sent share it', async () => {
    const reads = new SharedReads<string>();
    const db = controlledLoad();
    const arrived = performance.now();
    const a = inRequest(arrived, () => reads.read('app-1', db.load));
    const b = inRequest(arrived, () => reads.read('app-1', db.load));
    const c = inRequest(arrived - 5, () => reads.read('app-1', db.load));
    expect(db.sent()).toBe(1);
    db.answer('row v1');
    await expect(Promise.all([a, b, c])).resolves.toEqual(['row v1', 'row v1', 'row v1']);
  });

  it('a request that arrived after the read was sent reads again, so it sees what it wrote before asking', async () => {
    const reads = new SharedReads<string>();
    const db = controlledLoad();
    const first = inRequest(performance.now(), () => reads.read('app-1', db.load));
    const later = inRequest(performance.now() + 1, () => reads.read('app-1', db.load));
    expect(db.sent()).toBe(2);
    db.answer('row v1');
    db.answer('row v2');
    await expect(first).resolves.toBe('row v1');
    await expect(later).resolves.toBe('row v2');
  });

  it('a read still waiting for a connection is joined by later requests too; once it reaches the database, not', async () => {
    const reads = new SharedReads<string>();
    const db = controlledLoad({ reachesDatabase: false });
    const first = inRequest(performance.now(), () => reads.read('app-1', db.load));
    const whileQueued = inRequest(performance.now() + 1, () => reads.read('app-1', db.load));
    expect(db.sent()).toBe(1);
    db.connect();
    const afterwards = inRequest(performance.now() + 1, () => reads.read('app-1', db.load));
    expect(db.sent()).toBe(2);
    db.answer('row v1');
    db.connect();
    db.answer('row v2');
    await expect(Promise.all([first, whileQueued, afterwards])).resolves.toEqual(['row v1', 'row v1', 'row v2']);
  });

  it('reads of different keys, and reads outside a request, are never shared', async () => {
    const reads = new SharedReads<string>();
    const db = controlledLoad();
    const arrived = performance.now();
    void inRequest(arrived, () => reads.read('app-1', db.load));
    void inRequest(arrived, () => reads.read('app-2', db.load));
    void reads.read('app-1', db.load);
    expect(db.sent()).toBe(3);
    ['a', 'b', 'c'].forEach(db.answer);
  });

  it('once a read has answered (or failed), the next caller sends a new one', async () => {
    const reads = new SharedReads<string>();
    const db = controlledLoad();
    const arrived = performance.now();
    const failed = inRequest(arrived, () => reads.read('app-1', db.load));
    const joined = inRequest(arrived, () => reads.read('app-1', db.load));
    db.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await expect(joined).rejects.toThrow('connection lost');
    const again = inRequest(arrived, () => reads.read('app-1', db.load));
    expect(db.sent()).toBe(2);
    db.answer('row v1');
    await expect(again).resolves.toBe('row v1');
  });
});
