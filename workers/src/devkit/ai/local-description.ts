import type { ContentDescription } from '@sparkhouse/contracts';
import type { ContentMaterial } from '../../ai/ai-provider';

const KIND_NOUN: Record<ContentMaterial['kind'], string> = {
  link: 'web page',
  pdf: 'document',
  video: 'video',
  audio: 'recording',
};

/** The content's sentences that read as sentences: 6-60 words, ending in a full stop, not navigation. */
function sentencesOf(text: string): string[] {
  const candidates = text.match(/[^.!?]+[.!?]/g) ?? [];
  return candidates
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => {
      const words = s.split(' ').length;
      return words >= 6 && words <= 60 && /^[A-Z0-9“"']/.test(s) && !/cookie|javascript|sign in|log in|subscribe/i.test(s);
    });
}

const trimTo = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).replace(/\s+\S*$/, '')}…`);
const endSentence = (s: string) => (/[.!?…]$/.test(s) ? s : `${s}.`);

/**
 * The built-in describer: no model, so it says only what the content says — its title, its own
 * summary or its first real sentences, the sections it covers and the facts read from the file.
 * Nothing is invented, and the same content always gets the same description.
 */
export function describeLocally(m: ContentMaterial): ContentDescription {
  const noun = KIND_NOUN[m.kind];
  const title = m.title ? trimTo(m.title, 120) : null;
  const source = m.siteName && m.siteName !== title ? ` from ${m.siteName}` : '';
  // the facts read from the file qualify the opening: "A document titled “Knife Skills” (12 pages)."
  const facts = m.facts?.length ? ` (${m.facts.join(', ')})` : '';
  const opening = title ? `A ${noun}${source} titled “${title}”${facts}.` : `An untitled ${noun}${source}${facts}.`;
  const sentences = sentencesOf(m.text);
  const firstWords = m.text.trim();
  const gist = m.summary
    ? [endSentence(trimTo(m.summary, 400))]
    : sentences.length
      ? sentences.slice(0, 2)
      : firstWords
        ? [`It begins: “${trimTo(firstWords, 160)}”.`]
        : [];
  const sections = m.headings.filter((h) => h !== m.title).slice(0, 4);
  // headings are quoted: they carry their own commas and question marks
  const quoted = sections.map((h) => `“${trimTo(h, 120)}”`);
  const covers = quoted.length >= 2 ? [`Its sections include ${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}.`] : [];
  const description = trimTo([opening, ...gist, ...covers].join(' '), 1200);

  const highlights = (sections.length ? sections : sentences.slice(gist.length, gist.length + 3))
    .slice(0, 4)
    .map((h) => trimTo(h, 160));
  return { description, highlights };
}

const KINDS = new Set<ContentMaterial['kind']>(['link', 'pdf', 'video', 'audio']);
const textOr = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v : null);

/** The material a task carries in its context; what is missing is empty, and with no text at all the prompt stands in. */
export function materialOf(context: Record<string, unknown> | undefined, prompt: string): ContentMaterial {
  const c = context ?? {};
  const kind = KINDS.has(c['kind'] as ContentMaterial['kind']) ? (c['kind'] as ContentMaterial['kind']) : 'link';
  const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    kind,
    title: textOr(c['title']),
    summary: textOr(c['summary']),
    siteName: textOr(c['siteName']),
    headings: strings(c['headings']),
    // a task without material (only a prompt) is described from its prompt
    text: typeof c['text'] === 'string' ? c['text'] : prompt,
    facts: strings(c['facts']),
  };
}
