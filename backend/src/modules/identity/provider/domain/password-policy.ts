import { identityProtocol } from '@sparkhouse/contracts';

/** The pool's password policy: the first rule broken, or null when the password is acceptable. */
export function passwordPolicyViolation(password: string): string | null {
  if (password.length < identityProtocol.passwordMinLength) return 'Password must be at least 8 characters long.';
  if (password.length > identityProtocol.passwordMaxLength) return 'Password must be at most 256 characters long.';
  if (password.startsWith(' ') || password.endsWith(' ')) return 'Password cannot begin or end with a space.';
  return null;
}

/** Emails are compared and stored lowercased; the pattern is non-space, @, non-space, dot, non-space. */
export function normalizeEmail(value: string): string | null {
  const email = value.trim().toLowerCase();
  return email.length <= 254 && /^\S+@\S+\.\S+$/.test(email) ? email : null;
}

/** `alice@example.com` -> `a***@e***` (what a code delivery reveals about the address). */
export function maskEmail(email: string): string {
  const [local, domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
