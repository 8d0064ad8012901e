import { withToolingContext } from '../tooling-context';
import { Rebuilder } from './rebuilder';
import { SubscriberRegistry } from './subscriber-registry';

/** Rebuilds one projection (by name) or all of them from position 0. */
export async function replay(target: string): Promise<{ name: string; durationMs: number; eventsReplayed: number }[]> {
  return withToolingContext(async (ctx) => {
    const projections = ctx.get(SubscriberRegistry).projections();
    const chosen = target === 'all' ? projections : projections.filter((p) => p.name === target);
    if (chosen.length === 0) {
      throw new Error(`No projection named "${target}". Known: ${projections.map((p) => p.name).join(', ')}, or all.`);
    }
    const rebuilder = ctx.get(Rebuilder);
    // two at a time: while one waits on PostgreSQL the other runs its handlers (each has its own copies)
    const results: { name: string; durationMs: number; eventsReplayed: number }[] = [];
    const queue = [...chosen];
    const worker = async () => {
      for (let p = queue.shift(); p; p = queue.shift()) results.push({ name: p.name, ...(await rebuilder.rebuild(p)) });
    };
    await Promise.all([worker(), worker()]);
    return chosen.map((p) => results.find((r) => r.name === p.name)!);
  });
}
