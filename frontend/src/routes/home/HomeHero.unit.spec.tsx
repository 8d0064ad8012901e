import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { HomeHero } from './HomeHero';

function nameInHead(id: string, href: string) {
  const link = document.createElement('link');
  link.id = id;
  link.rel = 'preload';
  link.setAttribute('as', 'image');
  link.href = href;
  document.head.append(link);
}

afterEach(() => document.head.replaceChildren());

describe('HomeHero', () => {
  it("shows the hero picture the page's HTML names from the first render, before the home content arrives", () => {
    nameInHead('hero-desktop-image', '/api/media/covers/hero-desktop.webp');
    nameInHead('hero-mobile-image', '/api/media/covers/hero-mobile.webp');
    const { container } = render(
      <MemoryRouter>
        <HomeHero content={undefined} actions={null} />
      </MemoryRouter>,
    );
    const img = container.querySelector('.hero__background img');
    expect(img).toHaveAttribute('src', '/api/media/covers/hero-desktop.webp');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img?.getAttribute('srcset')).toContain('/api/media/covers/hero-desktop-1920w.webp 1920w');
    expect(container.querySelector('.hero__background source')?.getAttribute('srcset')).toContain('hero-mobile-960w.webp 960w');
  });

  it('has no picture when the page names none and no content arrived', () => {
    const { container } = render(
      <MemoryRouter>
        <HomeHero content={undefined} actions={null} />
      </MemoryRouter>,
    );
    expect(container.querySelector('.hero__background')).toBeNull();
  });
});
