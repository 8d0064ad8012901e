import { compareLogPositions, formatToken, laterOf, parseToken } from './log-position';

describe('log positions and consistency tokens', () => {
  it('orders by transaction id first, then position, as numbers (not as text)', () => {
    expect(compareLogPositions({ transactionId: '9', position: '500' }, { transactionId: '10', position: '1' })).toBe(-1);
    expect(compareLogPositions({ transactionId: '10', position: '99' }, { transactionId: '10', position: '100' })).toBe(-1);
    expect(compareLogPositions({ transactionId: '10', position: '100' }, { transactionId: '10', position: '100' })).toBe(0);
    expect(laterOf({ transactionId: '11', position: '1' }, { transactionId: '10', position: '9' })).toEqual({
      transactionId: '11',
      position: '1',
    });
  });

  it('reads back only well-formed tokens', () => {
    expect(parseToken(formatToken({ transactionId: '812', position: '4711' }))).toEqual({
      transactionId: '812',
      position: '4711',
    });
    for (const bad of ['', '812', '812.', '.4711', '812.4711.1', '-1.2', '01.2', 'a.b', '1'.repeat(21) + '.1']) {
      expect(parseToken(bad)).toBeNull();
    }
  });
});
