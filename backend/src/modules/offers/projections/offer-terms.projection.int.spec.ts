import { projectionSpec, storedEvent, useTestOrm } from '../../../test-support';
import type { Db } from '../../../platform/database/database';
import { rows } from '../../../platform/database/sql';
import { asRunnerHolds } from '../../../test-support/subscribers';
import { offerTermsProjection } from './offer-terms.projection';

/** given(events) → project → offer_terms (moved here from the commerce projections' spec, its assertions unchanged). */
describe('offer terms projection', () => {
  const db = useTestOrm();

  it('offer terms: set, replaced, removed', async () => {
    const offers = asRunnerHolds(offerTermsProjection);
    const set = storedEvent('offer-p1', 'ProductOfferSet', {
      productId: 'p1',
      offerKey: 'launch',
      crossedPriceApplicableFrom: '2026-12-01T00:00:00.000Z',
      specialOnlyVip: false,
      shouldNotHideDiscount: false,
    });
    const replaced = storedEvent('offer-p1', 'ProductOfferSet', { ...set.payload, specialOnlyVip: true });
    const read = (em: Db) => rows(em, `select product_id, special_only_vip from offer_terms`);
    expect(await projectionSpec(db.orm, offers).given([set, replaced, set, replaced]).expectReadModel(read)).toEqual([
      { product_id: 'p1', special_only_vip: true },
    ]);
    const removed = storedEvent('offer-p1', 'ProductOfferRemoved', { productId: 'p1' });
    expect(await projectionSpec(db.orm, offers).given([removed]).expectReadModel(read)).toEqual([]);
  });
});
