/**
 * Server saves of the cart (spec sections 4 and 9): 1.5 s after the last change, and only once
 * the login merge has completed — before that a save would overwrite the server cart with the
 * local one and lose the items the merge is meant to keep. Timer and save are injected.
 */
import { cartProductIds, type CartItem } from './cart-rules';

export const CART_SAVE_DEBOUNCE_MS = 1500;

export interface SyncTimer {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Looked up at call time so jest fake timers (installed after import) still apply. */
const globalTimer: SyncTimer = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface CartSyncOptions {
  save: (items: CartItem[]) => Promise<unknown> | unknown;
  timer?: SyncTimer;
  delayMs?: number;
  /** A failed save is not retried here: the next change saves the whole cart again. */
  onError?: (error: unknown) => void;
}

/** Body of POST /updateCart. */
export function updateCartBody(items: readonly CartItem[], offerValid: boolean) {
  return { product_ids: cartProductIds(items), offer_valid: offerValid };
}

export function createCartSync({ save, timer = globalTimer, delayMs = CART_SAVE_DEBOUNCE_MS, onError }: CartSyncOptions) {
  let merged = false;
  let handle: unknown = null;
  let pending: CartItem[] | null = null;

  const cancel = () => {
    if (handle !== null) timer.clearTimeout(handle);
    handle = null;
    pending = null;
  };

  const run = () => {
    const items = pending;
    handle = null;
    pending = null;
    if (!items) return;
    try {
      Promise.resolve(save(items)).catch((error: unknown) => onError?.(error));
    } catch (error) {
      onError?.(error);
    }
  };

  const schedule = (items: readonly CartItem[]) => {
    if (handle !== null) timer.clearTimeout(handle);
    pending = [...items];
    handle = timer.setTimeout(run, delayMs);
  };

  return {
    /** Call after every cart change; ignored until the login merge has completed. */
    changed(items: readonly CartItem[]): void {
      if (merged) schedule(items);
    },
    /** The merge is done; pass the merged items when they differ from the server's to save them. */
    mergeCompleted(mergedItems?: readonly CartItem[]): void {
      merged = true;
      if (mergedItems) schedule(mergedItems);
    },
    /** Sign-out: drop any pending save and wait for the next login merge. */
    reset(): void {
      cancel();
      merged = false;
    },
    /** Save now what is pending (e.g. before leaving for checkout). */
    flush(): void {
      if (handle === null) return;
      timer.clearTimeout(handle);
      run();
    },
    isMerged: () => merged,
    hasPending: () => pending !== null,
  };
}

export type CartSync = ReturnType<typeof createCartSync>;
