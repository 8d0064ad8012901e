import { demoProducts } from './demo-catalogue-generator';
import { describeClass, listOf, subjectInSentence } from './demo-descriptions';

describe('demo class descriptions', () => {
  it('read as English for a focus category: names keep their capitals, styles are a focus', () => {
    expect(
      describeClass({
        creatorName: 'Ava Reyes',
        category: 'fitness',
        subject: 'Pilates',
        topics: ['strength'],
        genres: ['recovery', 'competition'],
        lessons: 5,
      }),
    ).toBe(
      'Ava Reyes teaches Pilates step by step, touching on strength. ' +
        'Over 5 lessons you practise along with a focus on recovery and competition and finish with a routine you can keep up on your own.',
    );
  });

  it('draw on a tradition for the crafts, list topics as prose, and leave out a topic the subject already names', () => {
    expect(
      describeClass({
        creatorName: 'Priya Okafor',
        category: 'music',
        subject: 'Songwriting',
        topics: ['songwriting', 'music-theory', 'piano'],
        genres: ['hip-hop'],
        lessons: 3,
      }),
    ).toBe(
      'Priya Okafor teaches songwriting step by step, touching on music theory and piano. ' +
        'Over 3 lessons you practise along, drawing on hip-hop, and finish with a piece of your own.',
    );
    expect(
      describeClass({ creatorName: 'Mei Shah', category: 'technology', subject: 'SQL', topics: [], genres: [], lessons: 1 }),
    ).toBe('Mei Shah teaches SQL step by step. Over one lesson you practise along and finish with a small project of your own.');
    expect(
      describeClass({
        creatorName: 'Kwame Adeyemi',
        category: 'cooking',
        subject: 'Knife Skills',
        topics: ['knife-skills', 'vegetarian'],
        genres: ['italian', 'home-cooking'],
        lessons: 4,
      }),
    ).toBe(
      'Kwame Adeyemi teaches knife skills step by step, touching on vegetarian dishes. ' +
        'Over 4 lessons you practise along with Italian and home-style influences and finish with a dish worth sharing.',
    );
    expect(
      describeClass({
        creatorName: 'Yuki Shah',
        category: 'technology',
        subject: 'Python',
        topics: ['programming'],
        genres: ['beginner', 'hands-on'],
        lessons: 6,
      }),
    ).toContain('with a focus on first-timers and hands-on work');
  });

  it('join lists and keep acronyms', () => {
    expect(listOf([])).toBe('');
    expect(listOf(['a'])).toBe('a');
    expect(listOf(['a', 'b', 'c'])).toBe('a, b and c');
    expect(subjectInSentence('Hip-Hop Dance')).toBe('hip-hop dance');
    expect(subjectInSentence('HIIT')).toBe('HIIT');
    expect(subjectInSentence('Oil Painting')).toBe('oil painting');
  });

  it('every generated class reads cleanly: no slugs, no lowercased names, no list run-ons, one ending', () => {
    const products = [...demoProducts(400, 42, new Date('2026-11-01T00:00:00Z'))];
    for (const { description: d, creator } of products) {
      expect(d.startsWith(`${creator.name} teaches `)).toBe(true);
      expect(d).toMatch(/ and finish with [a-z ]+\.$/);
      // slugs, lost capitals and the old run-ons ("step by step: strength.", "a beginner flavour")
      expect(d).not.toMatch(
        /music-theory|web-development|street-dance|knife-skills|still-life|\b(hiit|sql|python|typescript|pilates)\b/,
      );
      expect(d).not.toMatch(
        /: [a-z]|flavour|\s{2}|,\.|\.\.|\ba [aeiou]|finish with a finished|\b(latin|italian|french|japanese|mexican|indian)\b/,
      );
      expect(d.match(/\./g)).toHaveLength(2);
    }
  });
});
