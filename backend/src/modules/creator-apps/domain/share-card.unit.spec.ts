import { cardColour, shareCardSvg, wrapWords } from './share-card';

describe('the share card', () => {
  it('wraps words into lines of about the given length, cutting with an ellipsis', () => {
    expect(wrapWords('Your first 5K in six weeks', 12, 3)).toEqual(['Your first', '5K in six', 'weeks']);
    const cut = wrapWords('one two three four five six seven eight nine ten', 10, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]!.endsWith('…')).toBe(true);
    expect(wrapWords('Supercalifragilisticexpialidocious', 10, 2)).toEqual(['Supercali…']);
    expect(wrapWords('   ', 10, 2)).toEqual([]);
  });

  it("takes the theme's colour when it is one, else one seeded by the name", () => {
    expect(cardColour({ primary: '#2F8370' }, 'x')).toBe('#2F8370');
    expect(cardColour({ primary: 'url(javascript:1)' }, 'Stride')).toBe(cardColour(null, 'Stride'));
    expect(cardColour(null, 'Stride')).toMatch(/^hsl\(\d+, 62%, 42%\)$/);
  });

  it('escapes what the creator wrote', () => {
    const svg = shareCardSvg({ name: 'A & <B>', headline: '"quoted"', creatorName: 'Casey', theme: null, picture: null });
    expect(svg).toContain('A &amp; &lt;B&gt;');
    expect(svg).toContain('&quot;quoted&quot;');
    expect(svg).not.toContain('<B>');
    expect(svg).toContain('width="1200" height="630"');
  });
});
