/**
 * The email check behind GET /users/checkEmail: a typo suggestion for common providers and a score
 * in [0, 1]. Pure and offline (no MX look-ups): what it cannot know it estimates from the address.
 *
 * Scoring, starting from 1:
 * - not an address at all (one @, sane local part and domain labels): 0, nothing else applies;
 * - a domain without a dot-TLD of 2+ letters (`a@localhost`, `a@site.c1`): at most 0.1;
 * - a known disposable domain (or a sub-domain of one): at most 0.1;
 * - a likely typo of a common provider (a suggestion is given): minus 0.5;
 * - a numeric-only local part (`12345@...`): minus 0.3;
 * - a local part longer than 30 characters: minus 0.2.
 * The client warns when the score is at most 0.25 (EMAIL_SCORE_THRESHOLD): a plain typo alone stays
 * above it (the suggestion is warning enough); a typo with another doubt, a disposable domain, a
 * missing TLD or bad syntax fall below it.
 */
export const EMAIL_SCORE_THRESHOLD = 0.25;

export interface EmailCheck {
  /** The whole corrected address, or null. */
  suggestion: string | null;
  score: number;
  reasons: EmailCheckReason[];
}

export type EmailCheckReason =
  'invalid-syntax' | 'no-tld' | 'disposable' | 'possible-typo' | 'numeric-local-part' | 'long-local-part';

/** Common providers, most used first: ties in distance go to the earlier one. */
const COMMON_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'live.com',
  'msn.com',
  'me.com',
  'mac.com',
  'googlemail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  'mail.com',
  'yandex.com',
  'zoho.com',
  'fastmail.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'hotmail.co.uk',
  'yahoo.co.uk',
  'hotmail.fr',
  'yahoo.fr',
  'live.co.uk',
  'ymail.com',
  'rocketmail.com',
  'email.com',
  'gmx.net',
  'sbcglobal.net',
];
const COMMON = new Set(COMMON_DOMAINS);

const TLD_TYPOS: Record<string, string> = {
  con: 'com',
  cmo: 'com',
  ocm: 'com',
  cpm: 'com',
  vom: 'com',
  xom: 'com',
  comm: 'com',
  coom: 'com',
  c0m: 'com',
  om: 'com',
  nte: 'net',
  nett: 'net',
  ent: 'net',
  ogr: 'org',
  orgg: 'org',
};

const DISPOSABLE_DOMAINS = new Set([
  'mailinator.com',
  '10minutemail.com',
  '10minutemail.net',
  'guerrillamail.com',
  'guerrillamail.net',
  'guerrillamail.org',
  'sharklasers.com',
  'grr.la',
  'yopmail.com',
  'yopmail.fr',
  'tempmail.com',
  'tempmail.net',
  'temp-mail.org',
  'tempmailo.com',
  'throwawaymail.com',
  'trashmail.com',
  'getnada.com',
  'dispostable.com',
  'maildrop.cc',
  'fakeinbox.com',
  'mailnesia.com',
  'mintemail.com',
  'mohmal.com',
  'emailondeck.com',
  'spamgourmet.com',
  'mytemp.email',
  'tempr.email',
  'discard.email',
  'burnermail.io',
  'getairmail.com',
  'mailcatch.com',
  'spambox.us',
]);

const LOCAL_PART = /^[a-z0-9!#$%&'*+/=?^_`{|}~.-]{1,64}$/i;
const DOMAIN_LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
const TLD = /^(?:[a-z]{2,}|xn--[a-z0-9-]{2,})$/i;

export function checkEmail(raw: string): EmailCheck {
  const email = raw.trim().toLowerCase();
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (at <= 0 || email.indexOf('@') !== at || !validLocal(local) || !validDomain(domain)) {
    return { suggestion: null, score: 0, reasons: ['invalid-syntax'] };
  }
  const reasons: EmailCheckReason[] = [];
  let score = 1;
  const fixed = suggestDomain(domain);
  if (fixed) {
    reasons.push('possible-typo');
    score -= 0.5;
  }
  if (/^\d+$/.test(local)) {
    reasons.push('numeric-local-part');
    score -= 0.3;
  }
  if (local.length > 30) {
    reasons.push('long-local-part');
    score -= 0.2;
  }
  if (!TLD.test(domain.slice(domain.lastIndexOf('.') + 1)) || !domain.includes('.')) {
    reasons.push('no-tld');
    score = Math.min(score, 0.1);
  }
  if (isDisposable(domain)) {
    reasons.push('disposable');
    score = Math.min(score, 0.1);
  }
  return { suggestion: fixed ? `${local}@${fixed}` : null, score: round(clamp(score)), reasons };
}

/** A common provider the domain is probably a typo of, or null when it looks intended. */
export function suggestDomain(domain: string): string | null {
  if (COMMON.has(domain) || isDisposable(domain)) return null;
  const dot = domain.lastIndexOf('.');
  const tldFixed =
    dot > 0 && TLD_TYPOS[domain.slice(dot + 1)] ? `${domain.slice(0, dot)}.${TLD_TYPOS[domain.slice(dot + 1)]}` : null;
  if (tldFixed && COMMON.has(tldFixed)) return tldFixed;
  let best: { domain: string; distance: number } | null = null;
  for (const candidate of COMMON_DOMAINS) {
    const distance = Math.min(editDistance(domain, candidate), tldFixed ? editDistance(tldFixed, candidate) + 1 : Infinity);
    // short names sit close to many real domains: allow them a single slip only
    const allowed = candidate.length < 9 ? 1 : 2;
    if (distance > 0 && distance <= allowed && (!best || distance < best.distance)) best = { domain: candidate, distance };
  }
  if (best) return best.domain;
  // an unknown domain with a mistyped TLD: fix the TLD alone
  return tldFixed;
}

export function isDisposable(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  return false;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps cost 1. */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function validLocal(local: string): boolean {
  return LOCAL_PART.test(local) && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..');
}

function validDomain(domain: string): boolean {
  return domain.length <= 253 && domain.split('.').every((label) => DOMAIN_LABEL.test(label));
}

const clamp = (n: number) => Math.max(0, Math.min(1, n));
const round = (n: number) => Math.round(n * 100) / 100;
