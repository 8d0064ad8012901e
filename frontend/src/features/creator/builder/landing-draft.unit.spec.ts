import { LandingPageSchema, type LandingPage } from '@sparkhouse/contracts';
import { fieldErrors, linesToItems } from './form-errors';
import { fromDraft, toDraft } from './landing-draft';

const page: LandingPage = {
  hero: { title: 'Run your first marathon', subtitle: 'A plan that fits your week.', cta: 'Start free' },
  sections: [
    { kind: 'features', title: 'What you get', body: 'Plans and tips.', items: ['Weekly plans', 'Recovery tips'] },
    { kind: 'faq', title: 'Questions', body: 'Answers.' },
  ],
  pricingCopy: { monthly: '$9 a month', annual: '$90 a year' },
};

describe('landing-page draft', () => {
  it('round-trips a page through the editor shape unchanged', () => {
    expect(fromDraft(toDraft(page))).toEqual(page);
    expect(toDraft(page).sections[0].items).toBe('Weekly plans\nRecovery tips');
  });

  it('keeps the pictures the image jobs made: hero and section images and screenshots survive the editor', () => {
    const pictured: LandingPage = {
      ...page,
      hero: { ...page.hero, image: { url: '/api/media/app-images/a-banner-1.png', alt: page.hero.title } },
      sections: [
        page.sections[0]!,
        { ...page.sections[1]!, image: { url: '/api/media/app-images/a-banner-2.png', alt: 'Questions' } },
      ],
      screenshots: [{ url: '/api/media/app-images/a-screen-1.png', caption: 'Run your first marathon' }],
    };
    expect(fromDraft(toDraft(pictured))).toEqual(pictured);
  });

  it('turns typed bullet lines into items, dropping blank lines, and names an unnamed section custom', () => {
    const draft = toDraft(page);
    draft.sections[1] = { kind: ' ', title: 'Questions', body: 'Answers.', items: '  Can I cancel?\n\n Yes, anytime. \n' };
    expect(fromDraft(draft).sections[1]).toEqual({
      kind: 'custom',
      title: 'Questions',
      body: 'Answers.',
      items: ['Can I cancel?', 'Yes, anytime.'],
    });
    expect(linesToItems('\n \n')).toEqual([]);
  });

  it('reports what is missing by field path, as the editor shows it', () => {
    const draft = toDraft(page);
    draft.hero.title = '';
    draft.sections[0].body = '   ';
    const result = LandingPageSchema.safeParse(fromDraft(draft));
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error);
    expect(errors['hero.title']).toBe('Fill this in.');
    expect(errors['sections.0.body']).toBe('Fill this in.');
    expect(Object.keys(errors)).toHaveLength(2);
  });
});
