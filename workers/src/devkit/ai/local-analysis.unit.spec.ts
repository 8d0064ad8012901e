import type { FileMaterial } from '../../ai/ai-provider';
import { analyzeLocally, countOf, filesOf, labelsOf, questionTerms } from './local-analysis';

const blue: FileMaterial = { type: 'image', title: null, facts: ['PNG', '640×480', 'landscape', 'mostly blue'], text: '' };
const yellow: FileMaterial = { type: 'image', title: null, facts: ['JPEG', '1200×1200', 'square', 'mostly yellow'], text: '' };
const plan: FileMaterial = {
  type: 'pdf',
  title: 'Bake Plan',
  facts: ['1 page'],
  text: 'Feed the starter on Friday evening before the bake.',
};

describe('the local analyst answers only from what was read from the files', () => {
  it('counts and names the files', () => {
    expect(countOf([blue, yellow, plan])).toBe('2 images and a PDF');
    expect(countOf([plan])).toBe('a PDF');
    expect(labelsOf([blue, yellow, plan])).toEqual(['Image 1', 'Image 2', 'The PDF (“Bake Plan”)']);
  });

  it('keeps the words of the question worth looking for', () => {
    expect(questionTerms('What colours are these, and when should the starter be fed?')).toEqual(['colours', 'starter']);
  });

  it('lists each file’s facts, the colours and sizes asked about, and where the question’s words appear', () => {
    const a = analyzeLocally([blue, yellow, plan], 'Which is the largest, what colours, and when is the starter fed?');
    expect(a.analysis).toContain('Image 1: PNG, 640×480, landscape, mostly blue.');
    expect(a.analysis).toContain('The main colours are blue, yellow.');
    expect(a.analysis).toContain('The largest is Image 2 at 1200×1200; the smallest Image 1 at 640×480.');
    expect(a.analysis).toContain('“starter” appears in the PDF (“Bake Plan”)');
    expect(a.analysis).toContain('The PDF (“Bake Plan”) begins: “Feed the starter on Friday evening before the bake.”');
    expect(a.highlights).toEqual([
      'Image 1: PNG, 640×480, landscape, mostly blue',
      'Image 2: JPEG, 1200×1200, square, mostly yellow',
      'The PDF (“Bake Plan”): 1 page',
    ]);
  });

  it('says when nothing in the files mentions what was asked, and is the same for the same files', () => {
    const a = analyzeLocally([blue], 'Is there a dragon?');
    expect(a.analysis).toContain('The files hold no text to search for “dragon”');
    expect(analyzeLocally([blue], 'Is there a dragon?')).toEqual(a);
  });

  it('reads the files a task carries, leaving out what is malformed', () => {
    expect(filesOf({ files: [blue, { type: 'spreadsheet' }, null, { type: 'pdf', facts: [1, '2 pages'] }] })).toEqual([
      blue,
      { type: 'pdf', title: null, facts: ['2 pages'], text: '' },
    ]);
    expect(filesOf(undefined)).toEqual([]);
  });
});
