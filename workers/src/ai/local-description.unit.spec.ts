import { describeLocally } from './local-description';

describe('the local describer says only what the content says', () => {
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
      '“Knife Skills” is a document. A printable guide to the basic cuts. It covers Holding the knife, Dicing and Julienne. 12 pages.',
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
      'An untitled page. Tomatoes grow best in full sun with deep, regular watering. Pinch out the side shoots every week to keep the plant strong.',
    );
  });

  it('is the same for the same content', () => {
    const m = { kind: 'audio' as const, title: 'Episode 4', summary: null, headings: [], text: '', facts: ['3 min 20 s'] };
    expect(describeLocally(m)).toEqual(describeLocally(m));
    expect(describeLocally(m).description).toBe('“Episode 4” is a recording. 3 min 20 s.');
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
    expect(d.description).toBe('An untitled document. It begins: “Stride Coach training guide”. 1 page.');
  });
});
