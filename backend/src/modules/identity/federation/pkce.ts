import { createHash, randomBytes } from 'node:crypto';

/** RFC 7636: the S256 challenge of a verifier. */
export const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/** A verifier: 43-128 characters of [A-Za-z0-9-._~]. */
export const isValidVerifier = (v: string) => /^[A-Za-z0-9\-._~]{43,128}$/.test(v);

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
