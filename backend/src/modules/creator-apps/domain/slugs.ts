/**
 * Addresses of apps: /apps/{storefrontSlug}/{appSlug}. The storefront slug comes from the creator
 * (their name, else their email's local part), the app slug from the app's name; both are lower-case
 * ASCII words joined by '-', and a taken slug gets the first free '-2', '-3'… suffix.
 */
export const SLUG_MAX = 48;

export function slugify(text: string, fallback: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '') // accents off: "Café" -> "cafe"
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/g, '');
  return slug || fallback;
}

/** The n-th candidate for a slug: the slug itself, then slug-2, slug-3… (kept within SLUG_MAX). */
export function slugCandidate(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/g, '')}${suffix}`;
}

/** The storefront slug of a creator: their name, else their email's local part, else 'creator'. */
export function storefrontSlugFor(creator: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = [creator.firstName, creator.lastName].filter(Boolean).join(' ').trim();
  if (name) return slugify(name, 'creator');
  const local = creator.email?.split('@')[0] ?? '';
  return slugify(local, 'creator');
}

/**
 * A provisional name for an app built from a prompt before the creator named it: the prompt's first
 * words, capitalised, at most 60 characters. The build replaces it with the blueprint's name.
 */
export function provisionalAppName(prompt: string): string {
  const words = prompt.trim().replace(/\s+/g, ' ').split(' ').slice(0, 6).join(' ');
  const cut = words.length > 60 ? words.slice(0, 60).replace(/\s+\S*$/, '') : words;
  const name = cut.replace(/[.,;:!?-]+$/, '') || 'Untitled app';
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A slug in words, for a name where none is known: 'casey-coach' -> 'Casey Coach'. */
export function slugWords(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
