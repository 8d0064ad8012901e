/** Stream ids of the offers' facts (contracts/events/offers.ts). */
export const offerStream = (productId: string) => `offer-${productId}`;
