import type { CartItem } from './cart-rules';
import { CART_SAVE_DEBOUNCE_MS, createCartSync, updateCartBody, type SyncTimer } from './cart-sync';

const item = (id: string): CartItem => ({ id, title: id, creatorName: 'Ada', priceInfo: { priceInCents: 100 } });
const flushPromises = () => Promise.resolve().then(() => undefined);

describe('cart server sync (debounced 1.5 s, after the login merge)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('the delay is 1.5 s', () => {
    expect(CART_SAVE_DEBOUNCE_MS).toBe(1500);
  });

  it('ignores changes until the login merge has completed', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.changed([item('a')]);
    jest.advanceTimersByTime(10_000);
    expect(save).not.toHaveBeenCalled();
    expect(sync.isMerged()).toBe(false);
  });

  it('saves 1.5 s after a change, not 1 ms before', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.mergeCompleted();
    sync.changed([item('a')]);
    jest.advanceTimersByTime(CART_SAVE_DEBOUNCE_MS - 1);
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith([item('a')]);
  });

  it('each change restarts the wait; only the latest cart is saved', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.mergeCompleted();
    sync.changed([item('a')]);
    jest.advanceTimersByTime(1000);
    sync.changed([item('a'), item('b')]);
    jest.advanceTimersByTime(1000);
    expect(save).not.toHaveBeenCalled();
    jest.advanceTimersByTime(500);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save).toHaveBeenCalledWith([item('a'), item('b')]);
  });

  it('the items handed over are a copy, not the caller array', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.mergeCompleted();
    const items = [item('a')];
    sync.changed(items);
    items.push(item('z'));
    jest.runAllTimers();
    expect(save).toHaveBeenCalledWith([item('a')]);
  });

  it('mergeCompleted with merged items schedules their save', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.mergeCompleted([item('s'), item('l')]);
    expect(sync.hasPending()).toBe(true);
    jest.advanceTimersByTime(CART_SAVE_DEBOUNCE_MS);
    expect(save).toHaveBeenCalledWith([item('s'), item('l')]);
  });

  it('reset (sign-out) drops the pending save and waits for the next merge', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.mergeCompleted();
    sync.changed([item('a')]);
    sync.reset();
    jest.runAllTimers();
    expect(save).not.toHaveBeenCalled();
    sync.changed([item('b')]);
    jest.runAllTimers();
    expect(save).not.toHaveBeenCalled();
  });

  it('flush saves the pending cart at once; nothing pending, nothing saved', () => {
    const save = jest.fn();
    const sync = createCartSync({ save });
    sync.flush();
    sync.mergeCompleted();
    sync.changed([item('a')]);
    sync.flush();
    expect(save).toHaveBeenCalledTimes(1);
    jest.runAllTimers();
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('reports save failures, sync or async, and keeps working', async () => {
    const onError = jest.fn();
    const save = jest
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementationOnce(() => {
        throw new Error('boom');
      });
    const sync = createCartSync({ save, onError });
    sync.mergeCompleted();
    sync.changed([item('a')]);
    jest.runAllTimers();
    await flushPromises();
    sync.changed([item('b')]);
    jest.runAllTimers();
    await flushPromises();
    expect(onError.mock.calls.map(([e]) => (e as Error).message)).toEqual(['offline', 'boom']);
  });

  it('uses an injected timer when given', () => {
    const calls: Array<[() => void, number]> = [];
    const timer: SyncTimer = { setTimeout: (cb, ms) => calls.push([cb, ms]), clearTimeout: jest.fn() };
    const save = jest.fn();
    const sync = createCartSync({ save, timer, delayMs: 10 });
    sync.mergeCompleted();
    sync.changed([item('a')]);
    expect(calls[0][1]).toBe(10);
    calls[0][0]();
    expect(save).toHaveBeenCalledWith([item('a')]);
  });
});

describe('updateCart body', () => {
  it('sends product ids and whether the offer is valid', () => {
    expect(updateCartBody([item('a'), item('b')], false)).toEqual({ product_ids: ['a', 'b'], offer_valid: false });
  });
});
