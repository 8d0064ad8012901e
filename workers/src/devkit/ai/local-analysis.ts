import type { UploadsAnalysis } from '@sparkhouse/contracts';
import type { FileMaterial } from '../../ai/ai-provider';

const NOUN: Record<FileMaterial['type'], [string, string]> = {
  image: ['image', 'images'],
  video: ['video', 'videos'],
  audio: ['recording', 'recordings'],
  pdf: ['PDF', 'PDFs'],
};

const STOP = new Set(
  'about above after again also among analyse analyze and any are back been before being between both but can could describe does doing each either every find from give have help here into just know like look make many more most much must need only other ought over please same says should show some such tell than that their them then there these they this those through under very want were what when where which while whom whose will with would your yours file files upload uploads image images picture pictures photo photos video videos audio recording recordings pdf document documents'.split(
    ' ',
  ),
);

const trimTo = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);

/** "2 images and a PDF", "3 recordings". */
export function countOf(files: readonly FileMaterial[]): string {
  const counts = new Map<FileMaterial['type'], number>();
  for (const f of files) counts.set(f.type, (counts.get(f.type) ?? 0) + 1);
  const parts = [...counts].map(([type, n]) =>
    n === 1 ? `${type === 'image' ? 'an' : 'a'} ${NOUN[type][0]}` : `${n} ${NOUN[type][1]}`,
  );
  return parts.length <= 1 ? (parts[0] ?? 'no files') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** Each file's name in the answer: "Image 1", "the PDF “Knife Skills”". */
export function labelsOf(files: readonly FileMaterial[]): string[] {
  const seen = new Map<string, number>();
  const totals = new Map<string, number>();
  for (const f of files) totals.set(f.type, (totals.get(f.type) ?? 0) + 1);
  return files.map((f) => {
    const n = (seen.get(f.type) ?? 0) + 1;
    seen.set(f.type, n);
    const noun = NOUN[f.type][0];
    const name = `${noun[0]!.toUpperCase()}${noun.slice(1)}`;
    const numbered = totals.get(f.type)! > 1 ? `${name} ${n}` : `The ${noun}`;
    return f.title ? `${numbered} (“${trimTo(f.title, 60)}”)` : numbered;
  });
}

/** The words of the creator's question worth looking for in the files (no filler, at most six). */
export function questionTerms(prompt: string): string[] {
  const words = prompt.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'-]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))].slice(0, 6);
}

/**
 * The built-in analyst: no model, so it answers only with what was read from the files — what each
 * one is, which of the question's words each file's own text or facts hold, and the colours or sizes
 * when the question is about them. The same files and question always get the same answer.
 */
export function analyzeLocally(files: readonly FileMaterial[], prompt: string): UploadsAnalysis {
  const labels = labelsOf(files);
  const question = trimTo(prompt.replace(/\s+/g, ' ').trim(), 200);
  const sentences = [
    `You asked: “${question}”. Here is what ${files.length === 1 ? 'the file holds' : `the ${files.length} files hold`} (${countOf(files)}).`,
  ];
  files.forEach((f, i) => {
    const facts = f.facts.length ? `${f.facts.join(', ')}` : 'nothing could be read beyond its kind';
    sentences.push(`${labels[i]}: ${facts}.`);
  });

  const wants = prompt.toLowerCase();
  const images = files.map((f, i) => ({ f, label: labels[i]! })).filter(({ f }) => f.type === 'image');
  if (/colou?r|palette|tone|hue/.test(wants) && images.length) {
    const colours = [
      ...new Set(images.flatMap(({ f }) => f.facts.filter((x) => x.startsWith('mostly ')).map((x) => x.slice(7)))),
    ];
    if (colours.length) sentences.push(`The main ${colours.length === 1 ? 'colour is' : 'colours are'} ${colours.join(', ')}.`);
  }
  if (/size|dimension|resolution|large|big|small|pixel/.test(wants) && images.length) {
    const sized = images
      .map(({ f, label }) => {
        const m = f.facts.map((x) => /^(\d+)×(\d+)$/.exec(x)).find(Boolean);
        return m ? { label, pixels: Number(m[1]) * Number(m[2]), size: m[0] } : null;
      })
      .filter((x): x is { label: string; pixels: number; size: string } => x !== null)
      .sort((a, b) => b.pixels - a.pixels);
    if (sized.length > 1)
      sentences.push(
        `The largest is ${sized[0]!.label} at ${sized[0]!.size}; the smallest ${sized.at(-1)!.label} at ${sized.at(-1)!.size}.`,
      );
  }

  const terms = questionTerms(prompt);
  const found: string[] = [];
  const missing: string[] = [];
  for (const term of terms) {
    const holders = files
      .map((f, i) => ({ i, hay: `${f.title ?? ''} ${f.facts.join(' ')} ${f.text}`.toLowerCase() }))
      .filter(({ hay }) => hay.includes(term))
      .map(({ i }) => labels[i]!.replace(/^The /, 'the '));
    if (holders.length) found.push(`“${term}” appears in ${holders.join(' and ')}`);
    else missing.push(`“${term}”`);
  }
  if (found.length) sentences.push(`${found.join('; ').replace(/^./, (c) => c.toUpperCase())}.`);
  if (missing.length && files.some((f) => f.text.trim())) sentences.push(`Nothing the files say mentions ${missing.join(', ')}.`);
  if (missing.length && !files.some((f) => f.text.trim()))
    sentences.push(`The files hold no text to search for ${missing.join(', ')}: only what was measured above.`);

  const textual = files.map((f, i) => ({ f, i })).find(({ f }) => f.text.trim().length > 0);
  if (textual) sentences.push(`${labels[textual.i]} begins: “${trimTo(textual.f.text.replace(/\s+/g, ' ').trim(), 180)}”.`);

  const highlights = files
    .slice(0, 6)
    .map((f, i) => trimTo(`${labels[i]}: ${f.facts.slice(0, 4).join(', ') || NOUN[f.type][0]}`, 200));
  return { analysis: trimTo(sentences.join(' '), 2400), highlights };
}

const TYPES = new Set(['image', 'video', 'audio', 'pdf']);

/** The files an analysis task carries in its context (context.files); anything malformed is left out. */
export function filesOf(context: Record<string, unknown> | undefined): FileMaterial[] {
  const raw = Array.isArray(context?.['files']) ? (context['files'] as unknown[]) : [];
  return raw.flatMap((v) => {
    if (!v || typeof v !== 'object') return [];
    const o = v as Record<string, unknown>;
    if (!TYPES.has(o['type'] as string)) return [];
    return [
      {
        type: o['type'] as FileMaterial['type'],
        title: typeof o['title'] === 'string' && o['title'].trim() ? o['title'] : null,
        facts: Array.isArray(o['facts']) ? o['facts'].filter((x): x is string => typeof x === 'string') : [],
        text: typeof o['text'] === 'string' ? o['text'] : '',
      },
    ];
  });
}
