import { describeLocally } from './local-description';

describe('the local describer says only what the content says', () => {
  it('quotes headings that carry their own punctuation, and names the site it comes from', () => {
    const d = describeLocally({
      kind: 'link',
      title: 'Sparkhouse',
      summary: 'Online classes, and a studio to build your own app',
      siteName: 'sparkhouse.example',
      headings: ['Learn from the best, at your own pace', 'What app do you want to build?', 'Most popular'],
      text: '',
    });
    expect(d.description).toBe(
      'A web page from sparkhouse.example titled “Sparkhouse”. Online classes, and a studio to build your own app. ' +
        'Its sections include “Learn from the best, at your own pace”, “What app do you want to build?” and “Most popular”.',
    );
  });

  it('names the content, gives its own summary and the sections it covers', () => {
    const d = describeLocally({
      kind: 'pdf',
      title: 'Knife Skills',
      summary: 'A printable guide to the basic cuts',
      headings: ['Knife Skills', 'Holding the knife', 'Dicing', 'Julienne'],
      text: '',
      facts: ['12 pages'],
    });
    expect(d.description).toBe(
      'A document titled “Knife Skills” (12 pages). A printable guide to the basic cuts. ' +
        'Its sections include “Holding the knife”, “Dicing” and “Julienne”.',
    );
    expect(d.highlights).toEqual(['Holding the knife', 'Dicing', 'Julienne']);
  });

  it('falls back to the first real sentences of the text, skipping navigation and cookie banners', () => {
    const d = describeLocally({
      kind: 'link',
      title: null,
      summary: null,
      headings: [],
      text: 'Home About Login. We use cookies to improve your experience on this site. Tomatoes grow best in full sun with deep, regular watering. Pinch out the side shoots every week to keep the plant strong.',
    });
    expect(d.description).toBe(
      'An untitled web page. Tomatoes grow best in full sun with deep, regular watering. Pinch out the side shoots every week to keep the plant strong.',
    );
  });

  it('is the same for the same content', () => {
    const m = { kind: 'audio' as const, title: 'Episode 4', summary: null, headings: [], text: '', facts: ['3 min 20 s'] };
    expect(describeLocally(m)).toEqual(describeLocally(m));
    expect(describeLocally(m).description).toBe('A recording titled “Episode 4” (3 min 20 s).');
  });

  it('quotes the opening words of a text without full sentences rather than inventing any', () => {
    const d = describeLocally({
      kind: 'pdf',
      title: null,
      summary: null,
      headings: [],
      text: 'Stride Coach training guide',
      facts: ['1 page'],
    });
    expect(d.description).toBe('An untitled document (1 page). It begins: “Stride Coach training guide”.');
  });
});
