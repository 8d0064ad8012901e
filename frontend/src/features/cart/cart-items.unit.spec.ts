import { withCurrentParams } from './cart-items';

describe('cart and checkout links', () => {
  it('carry the attribution and p, and nothing else of the page', () => {
    expect(withCurrentParams('/cart', '?session_id=cs_test_1')).toBe('/cart');
    expect(withCurrentParams('/cart', '?appId=a1&tab=media')).toBe('/cart');
    expect(withCurrentParams('/cart', '?p=vip&utm_source=mail&appId=a1&ref=friend-1')).toBe(
      '/cart?p=vip&utm_source=mail&ref=friend-1',
    );
    expect(withCurrentParams('/checkout', '?discount_code=SPRING&school=music&tab=x')).toBe(
      '/checkout?discount_code=SPRING&school=music',
    );
    expect(withCurrentParams('/cart', '')).toBe('/cart');
  });
});
