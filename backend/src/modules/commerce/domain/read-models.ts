/** The names of commerce's read models (their projections' names, as checkpoints and `npm run replay` know them). */
export const READ_MODELS = {
  carts: 'commerce.carts',
  /** Plans on sale (as defined, and as last published) and the apps they belong to. */
  plans: 'commerce.plans',
  checkouts: 'commerce.checkouts',
  subscriptions: 'commerce.subscriptions',
  credit: 'commerce.credit',
  buyers: 'commerce.buyers',
} as const;

/** Every read model of commerce: what a page refetching commerce's state waits for. */
export const COMMERCE_READ_MODELS: readonly string[] = Object.values(READ_MODELS);
