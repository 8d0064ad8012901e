import { WebhookTraffic } from './webhook-traffic';

/** Whether the promise has settled yet (checked after the pending callbacks ran). */
function tracked(promise: Promise<unknown>) {
  const state = { settled: false };
  void promise.then(() => (state.settled = true));
  return state;
}

describe('WebhookTraffic', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('finds a lull at once when no delivery has been answered lately', async () => {
    const traffic = new WebhookTraffic();
    const lull = tracked(traffic.lull(25, 500));
    await jest.advanceTimersByTimeAsync(0);
    expect(lull.settled).toBe(true);
  });

  it('waits while a delivery is being answered, then for the lull after it', async () => {
    const traffic = new WebhookTraffic();
    const answered = traffic.arrived();
    const lull = tracked(traffic.lull(25, 500));
    await jest.advanceTimersByTimeAsync(100);
    expect(lull.settled).toBe(false);
    answered();
    await jest.advanceTimersByTimeAsync(24);
    expect(lull.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(lull.settled).toBe(true);
  });

  it('starts the lull again when another delivery arrives within it', async () => {
    const traffic = new WebhookTraffic();
    traffic.arrived()();
    const lull = tracked(traffic.lull(25, 500));
    await jest.advanceTimersByTimeAsync(20);
    traffic.arrived()(); // arrived and answered at t = 20
    await jest.advanceTimersByTimeAsync(10);
    expect(lull.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(15);
    expect(lull.settled).toBe(true);
  });

  it('gives up waiting after maxWaitMs under a steady stream of deliveries', async () => {
    const traffic = new WebhookTraffic();
    let answered = traffic.arrived();
    const lull = tracked(traffic.lull(25, 500));
    // a delivery every 10 ms, each answered 5 ms after it arrived: never a 25 ms lull
    for (let t = 0; t < 490; t += 10) {
      await jest.advanceTimersByTimeAsync(5);
      answered();
      await jest.advanceTimersByTimeAsync(5);
      answered = traffic.arrived();
    }
    expect(lull.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(10);
    expect(lull.settled).toBe(true);
  });

  it('counts a delivery answered twice (finish, then close) once', async () => {
    const traffic = new WebhookTraffic();
    const first = traffic.arrived();
    const second = traffic.arrived();
    first();
    first();
    const lull = tracked(traffic.lull(25, 500));
    await jest.advanceTimersByTimeAsync(100);
    expect(lull.settled).toBe(false);
    second();
    await jest.advanceTimersByTimeAsync(25);
    expect(lull.settled).toBe(true);
  });
});
