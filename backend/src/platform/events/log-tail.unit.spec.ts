import type { LoggedEvent } from './event-log-reader';
import { LogTail } from './log-tail';

const event = (transactionId: number, position: number): LoggedEvent => ({
  transactionId: String(transactionId),
  position: String(position),
  eventId: `e-${transactionId}-${position}`,
  streamId: 's',
  streamVersion: position,
  type: 'T',
  schemaVersion: 1,
  payload: {},
  metadata: { actor: 'a', correlationId: 'c', causationId: null, occurredAt: '2026-11-27T00:00:00.000Z' },
});
const cp = (transactionId: number, position: number) => ({ transactionId: String(transactionId), position: String(position) });
const ids = (events: LoggedEvent[] | null) => events?.map((e) => `${e.transactionId}.${e.position}`) ?? null;

describe('LogTail', () => {
  it('answers the events after a checkpoint in delivery order, at most `limit`', () => {
    const tail = new LogTail(cp(10, 5), 100);
    // transaction 11 committed position 9 before transaction 12 took 7: delivery order is (transaction, position)
    tail.append([event(11, 9), event(12, 7), event(12, 8), event(13, 6)]);
    expect(ids(tail.after(cp(10, 5), 10))).toEqual(['11.9', '12.7', '12.8', '13.6']);
    expect(ids(tail.after(cp(12, 7), 10))).toEqual(['12.8', '13.6']);
    expect(ids(tail.after(cp(11, 9), 2))).toEqual(['12.7', '12.8']);
    expect(ids(tail.after(cp(13, 6), 10))).toEqual([]);
    expect(tail.end).toEqual(cp(13, 6));
  });

  it('sends a subscriber behind its start to the table (null), and takes one at its start', () => {
    const tail = new LogTail(cp(10, 5), 100);
    tail.append([event(11, 6)]);
    expect(tail.after(cp(10, 4), 10)).toBeNull();
    expect(tail.after(cp(9, 99), 10)).toBeNull();
    expect(ids(tail.after(cp(10, 5), 10))).toEqual(['11.6']);
  });

  it('refuses events that do not follow it (a gap or a repeat would lose or double deliveries)', () => {
    const tail = new LogTail(cp(10, 5), 100);
    tail.append([event(11, 6)]);
    expect(() => tail.append([event(11, 6)])).toThrow('must follow');
    expect(() => tail.append([event(10, 9)])).toThrow('must follow');
  });

  it('lets go of what every subscriber passed, and of the oldest beyond its capacity', () => {
    const tail = new LogTail(cp(0, 0), 3);
    tail.append([event(1, 1), event(1, 2)]);
    tail.trim(cp(1, 1));
    expect(tail.start).toEqual(cp(1, 1));
    expect(tail.size).toBe(1);
    expect(tail.after(cp(0, 0), 10)).toBeNull();
    tail.append([event(2, 3), event(3, 4), event(4, 5)]);
    // four held, capacity three: the oldest goes
    expect(tail.size).toBe(3);
    expect(tail.start).toEqual(cp(1, 2));
    expect(ids(tail.after(cp(1, 2), 10))).toEqual(['2.3', '3.4', '4.5']);
    // trimming to a checkpoint before the start changes nothing
    tail.trim(cp(0, 0));
    expect(tail.size).toBe(3);
  });

  it('stays correct across many appends and trims (compaction)', () => {
    const tail = new LogTail(cp(0, 0), 50_000);
    let position = 0;
    for (let round = 0; round < 50; round++) {
      tail.append(Array.from({ length: 100 }, () => event(round + 1, ++position)));
      tail.trim(cp(round + 1, position - 10));
    }
    expect(tail.size).toBe(10);
    expect(ids(tail.after(cp(50, position - 3), 10))).toEqual([`50.${position - 2}`, `50.${position - 1}`, `50.${position}`]);
  });
});
