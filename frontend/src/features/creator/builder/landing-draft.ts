import type { LandingImage, LandingPage } from '@sparkhouse/contracts';
import { linesToItems } from './form-errors';

/** The landing page as the editor holds it: a section's bullet points are one text, a line each. */
export interface SectionDraft {
  kind: string;
  title: string;
  body: string;
  items: string;
  /** Its picture, kept as is (pictures are made by the image jobs, not typed). */
  image?: LandingImage;
}
export interface PageDraft {
  hero: LandingPage['hero'];
  sections: SectionDraft[];
  pricingCopy: LandingPage['pricingCopy'];
  screenshots?: LandingPage['screenshots'];
}
export const toDraft = (page: LandingPage): PageDraft => ({
  hero: { ...page.hero },
  pricingCopy: { ...page.pricingCopy },
  sections: page.sections.map((s) => ({
    kind: s.kind,
    title: s.title,
    body: s.body,
    items: (s.items ?? []).join('\n'),
    ...(s.image ? { image: s.image } : {}),
  })),
  ...(page.screenshots ? { screenshots: page.screenshots } : {}),
});
export const fromDraft = (draft: PageDraft): LandingPage => ({
  hero: draft.hero,
  pricingCopy: draft.pricingCopy,
  sections: draft.sections.map((s) => {
    const items = linesToItems(s.items);
    return {
      kind: s.kind.trim() || 'custom',
      title: s.title,
      body: s.body,
      ...(items.length ? { items } : {}),
      ...(s.image ? { image: s.image } : {}),
    };
  }),
  ...(draft.screenshots ? { screenshots: draft.screenshots } : {}),
});
