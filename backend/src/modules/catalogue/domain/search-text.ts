/**
 * Free text to a tsquery string: each word must match, the last one as a prefix (typing "pia" finds
 * "piano"). Only letters and digits survive, so the text cannot inject tsquery syntax. Null: no words.
 */
export function toPrefixTsQuery(text: string | undefined): string | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/** The same text, normalised for trigram matching on titles. */
export const normaliseSearch = (text: string | undefined): string => (text ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The words of a search: letters and digits only, lower-cased, at most 12. */
export const searchWords = (text: string | undefined): string[] =>
  (text ?? '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 12) ?? [];
