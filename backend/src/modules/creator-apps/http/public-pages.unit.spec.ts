import type { AppLanding, Storefront } from '@sparkhouse/contracts';
import { heroPreload, landingHead, storefrontHead } from './public-pages';

const landing = (over: Partial<AppLanding> = {}): AppLanding =>
  ({
    appId: 'a1',
    appNames: ['Couch To 5K'],
    name: 'Couch To 5K',
    storefrontSlug: 'casey',
    appSlug: 'couch-to-5k',
    appImage: { url: '/api/media/app-images/a1-0123456789abcdef.png', width: 1024, height: 1024, generatedBy: 'procedural' },
    shareImage: null,
    landingPage: null,
    creator: { name: 'Casey Coach', storefrontSlug: 'casey', photoUrl: null },
    ...over,
  }) as AppLanding;

describe("creators' public pages: heads", () => {
  it("preloads the landing page's hero with the srcset and sizes its <img> has (the banner, else the app's image)", () => {
    expect(heroPreload(landing())).toEqual([
      {
        as: 'image',
        href: '/api/media/app-images/a1-0123456789abcdef.png',
        imageSrcSet:
          '/api/media/app-images/a1-0123456789abcdef-160w.webp 160w, /api/media/app-images/a1-0123456789abcdef-480w.webp 480w, ' +
          '/api/media/app-images/a1-0123456789abcdef-640w.webp 640w, /api/media/app-images/a1-0123456789abcdef-960w.webp 960w, ' +
          '/api/media/app-images/a1-0123456789abcdef-1440w.webp 1440w',
        imageSizes: '(max-width: 834px) min(100vw, 420px), 420px',
        fetchPriority: 'high',
      },
    ]);
    const banner = { url: '/api/media/app-images/a1-banner-00aa.png', alt: 'Runners at dawn' };
    const withBanner = landing({
      landingPage: { hero: { title: 'Run', subtitle: '', cta: '', image: banner }, sections: [] } as never,
    });
    expect(heroPreload(withBanner)[0]).toMatchObject({ href: banner.url, imageSizes: '(max-width: 834px) 100vw, 560px' });
    expect(landingHead(withBanner).preload).toEqual(heroPreload(withBanner));
    // a picture from elsewhere is preloaded as it is; no picture, nothing
    expect(heroPreload(landing({ appImage: { url: 'https://cdn.example/x.jpg', width: 1, height: 1 } as never }))).toEqual([
      { as: 'image', href: 'https://cdn.example/x.jpg', imageSrcSet: undefined, imageSizes: undefined, fetchPriority: 'high' },
    ]);
    expect(heroPreload(landing({ appImage: null }))).toEqual([]);
  });

  it("shares a storefront with the creator's photo (512 px square), else their first app's picture", () => {
    const storefront = {
      name: 'Casey Coach',
      storefrontSlug: 'casey',
      bio: 'I coach new runners.',
      photoUrl: null,
      apps: [{ appImage: { url: '/api/media/app-images/a1.png', width: 1024, height: 1024 } }],
      classes: [],
    } as unknown as Storefront;
    expect(storefrontHead(storefront)).toMatchObject({
      image: '/api/media/app-images/a1.png',
      imageWidth: 1024,
      type: 'profile',
    });
    const photo = '/api/media/app-images/storefront-0123456789abcdef-0123456789abcdef.webp';
    expect(storefrontHead({ ...storefront, photoUrl: photo })).toMatchObject({
      image: photo,
      imageWidth: 512,
      imageHeight: 512,
      imageAlt: 'Casey Coach',
      description: 'I coach new runners.',
    });
  });
});
