import { renderHook } from '@testing-library/react';
import { usePageTitle } from './usePageTitle';

describe('usePageTitle', () => {
  beforeEach(() => {
    document.title = 'Sparkhouse';
  });

  it("titles the tab with the page's title then the site's name, once", () => {
    const { rerender } = renderHook(({ title }) => usePageTitle(title), { initialProps: { title: 'Your cart' } });
    expect(document.title).toBe('Your cart · Sparkhouse');
    rerender({ title: 'Sparkhouse · Learn at your pace' });
    expect(document.title).toBe('Sparkhouse · Learn at your pace');
    rerender({ title: 'Casey · Creator on Sparkhouse' });
    expect(document.title).toBe('Casey · Creator on Sparkhouse');
  });

  it("leaves no page's title behind: gone, or not known yet, the tab reads the site's name", () => {
    const left = renderHook(() => usePageTitle('Yoga Masterclass'));
    expect(document.title).toBe('Yoga Masterclass · Sparkhouse');
    left.unmount();
    expect(document.title).toBe('Sparkhouse');

    const loading = renderHook(({ title }: { title: string | null }) => usePageTitle(title), {
      initialProps: { title: 'Piano' as string | null },
    });
    loading.rerender({ title: null });
    expect(document.title).toBe('Sparkhouse');
    loading.rerender({ title: 'Guitar' });
    expect(document.title).toBe('Guitar · Sparkhouse');
  });

  it('takes a title as it is when asked (a member app goes by its own name)', () => {
    renderHook(() => usePageTitle('Stride Coach', { asIs: true }));
    expect(document.title).toBe('Stride Coach');
  });
});
