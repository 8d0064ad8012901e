/**
 * How long a journey waits for the product's own signal (a build step done, a webhook recorded, a
 * receipt shown) before it counts the work as stuck. CI runs on a busy 2-core machine where the
 * stack, the browser and other work share the cores: waits follow the product's signals, and this
 * bound only ends a wait for something that will not come, never one that is merely slow.
 */
export const STUCK_MS = 120_000;
