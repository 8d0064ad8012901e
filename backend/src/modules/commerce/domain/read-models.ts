/** The names of commerce's read models (their projections' names, as checkpoints and `npm run replay` know them). */
export const COMMERCE_PROJECTION = 'commerce.read-models';
