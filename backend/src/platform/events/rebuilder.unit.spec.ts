import type { EventHead } from './event-log-reader';
import { planStretches } from './rebuilder';

const head = (transactionId: string, position: string, type: string, schemaVersion = 1): EventHead => ({
  transactionId,
  position,
  type,
  schemaVersion,
});
const at = (transactionId: string, position: string) => ({ transactionId, position });

describe('planning a replay batch into set-based runs and events handed over', () => {
  const setBased = (h: EventHead) => (h.type === 'A' || h.type === 'B') && h.schemaVersion === 1;

  it('makes each longest run of one set-based type a stretch bounded by the events around it', () => {
    const from = at('7', '10');
    const heads = [
      head('7', '11', 'A'),
      head('7', '12', 'A'),
      head('8', '9', 'B'), // a later transaction may hold a lower position: bounds follow delivery order
      head('9', '20', 'C'),
      head('9', '21', 'D'),
      head('9', '22', 'A'),
    ];
    expect(planStretches(heads, from, setBased)).toEqual([
      { setBasedType: 'A', after: at('7', '10'), upTo: at('7', '12'), count: 2 },
      { setBasedType: 'B', after: at('7', '12'), upTo: at('8', '9'), count: 1 },
      { setBasedType: null, after: at('8', '9'), upTo: at('9', '21'), count: 2 },
      { setBasedType: 'A', after: at('9', '21'), upTo: at('9', '22'), count: 1 },
    ]);
  });

  it('hands over an event stored at an older schema version, splitting the run of its type around it', () => {
    const heads = [head('5', '1', 'A'), head('5', '2', 'A', 0), head('5', '3', 'A')];
    expect(planStretches(heads, at('0', '0'), setBased).map((s) => [s.setBasedType, s.count])).toEqual([
      ['A', 1],
      [null, 1],
      ['A', 1],
    ]);
  });

  it('covers every event exactly once, and nothing for an empty batch', () => {
    const heads = Array.from({ length: 50 }, (_, i) => head('3', String(i + 1), 'ABCD'[(i * 7) % 4]));
    const stretches = planStretches(heads, at('3', '0'), setBased);
    expect(stretches.reduce((n, s) => n + s.count, 0)).toBe(50);
    // each stretch starts where the one before it ended
    for (const [i, s] of stretches.entries()) expect(s.after).toEqual(i === 0 ? at('3', '0') : stretches[i - 1].upTo);
    expect(stretches[stretches.length - 1].upTo).toEqual(at('3', '50'));
    expect(planStretches([], at('3', '0'), setBased)).toEqual([]);
  });
});
