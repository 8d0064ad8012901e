import { hash, verify, type Algorithm } from '@node-rs/argon2';

/** argon2id at OWASP's minimum (19 MiB, 2 passes). */
const OPTIONS = { algorithm: 2 as Algorithm, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, OPTIONS);

// compared against when the account does not exist, so both answers take as long
let dummy: Promise<string> | null = null;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('not-a-real-password');
  const target = passwordHash ?? (await dummy);
  const ok = await verify(target, password).catch(() => false);
  return passwordHash !== null && ok;
}
