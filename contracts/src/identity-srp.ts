/**
 * SRP-6a as the hosted user pool (AWS Cognito) does it, for USER_SRP_AUTH / PASSWORD_VERIFIER and
 * DEVICE_SRP_AUTH / DEVICE_PASSWORD_VERIFIER. Shared by the provider (server side) and the SPA's
 * identity client (client side), so both compute exactly what amazon-cognito-identity-js computes:
 *
 *   N, g = the 3072-bit group of RFC 5054, g = 2; k = H(pad(N) | pad(g))
 *   x = H(pad(salt) | H(poolName | username | ":" | password))      v = g^x
 *   A = g^a, B = k·v + g^b, u = H(pad(A) | pad(B))
 *   S = (B − k·g^x)^(a + u·x) = (A·v^u)^b                             (mod N)
 *   key = HKDF-SHA256(ikm = pad(S), salt = pad(u), info = "Caldera Derived Key") [0..16)
 *   signature = base64 HMAC-SHA256(key, poolName | username | secretBlock | timestamp)
 *
 * where pad() is the client library's hex form: minimal, even length, "00" prefixed when the top
 * bit is set (so a number never reads as negative). For devices, the "pool name" is the device
 * group key and the "username" the device key. Hashing uses Web Crypto (Node 20 and browsers).
 */

const N_HEX =
  'FFFFFFFFFFFFFFFFC90FDAA22168C234C4C6628B80DC1CD129024E088A67CC74020BBEA63B139B22514A08798E3404DD' +
  'EF9519B3CD3A431B302B0A6DF25F14374FE1356D6D51C245E485B576625E7EC6F44C42E9A637ED6B0BFF5CB6F406B7ED' +
  'EE386BFB5A899FA5AE9F24117C4B1FE649286651ECE45B3DC2007CB8A163BF0598DA48361C55D39A69163FA8FD24CF5F' +
  '83655D23DCA3AD961C62F356208552BB9ED529077096966D670C354E4ABC9804F1746C08CA18217C32905E462E36CE3B' +
  'E39E772C180E86039B2783A2EC07A28FB5C55DF06F4C52C9DE2BCBF6955817183995497CEA956AE515D2261898FA0510' +
  '15728E5A8AAAC42DAD33170D04507A33A85521ABDF1CBA64ECFB850458DBEF0A8AEA71575D060C7DB3970F85A6E1E4C7' +
  'ABF5AE8CDB0933D71E8C94E04A25619DCEE3D2261AD2EE6BF12FFA06D98A0864D87602733EC86A64521F2B18177B200C' +
  'BBE117577A615D6C770988C0BAD946E208E24FA074E5AB3143DB5BFCE0FD108E4B82D120A93AD2CAFFFFFFFFFFFFFFFF';

export const SRP_N = BigInt(`0x${N_HEX}`);
export const SRP_G = 2n;
const INFO = 'Caldera Derived Key';

const subtle = () => globalThis.crypto.subtle;
const utf8 = (text: string) => new TextEncoder().encode(text);

/** The client library's hex form of a non-negative integer. */
export function padHex(n: bigint): string {
  if (n < 0n) throw new Error('padHex takes a non-negative integer');
  let hex = n.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return /^[89a-f]/i.test(hex) ? `00${hex}` : hex;
}

export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 || /[^0-9a-f]/i.test(hex)) throw new Error('not an even-length hex string');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function bytesToBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function sha256(data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await subtle().digest('SHA-256', data));
}

async function hmac(key: Uint8Array<ArrayBuffer>, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const k = await subtle().importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await subtle().sign('HMAC', k, data));
}

const hexHash = async (hex: string) => bytesToHex(await sha256(hexToBytes(hex)));
const textHash = async (text: string) => bytesToHex(await sha256(utf8(text)));

export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let b = ((base % modulus) + modulus) % modulus;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
    e >>= 1n;
  }
  return result;
}

const mod = (n: bigint) => ((n % SRP_N) + SRP_N) % SRP_N;

let kValue: Promise<bigint> | null = null;
/** The multiplier k = H(pad(N) | pad(g)). */
export const srpK = () => (kValue ??= hexHash(padHex(SRP_N) + padHex(SRP_G)).then((h) => BigInt(`0x${h}`)));

/** A random integer of `bytes` bytes (at least 1). */
export function randomBigInt(bytes: number): bigint {
  const buf = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buf);
  const n = BigInt(`0x${bytesToHex(buf)}`);
  return n === 0n ? 1n : n;
}

/** x = H(pad(salt) | H(poolName | username | ":" | password)). */
export async function srpPrivateKey(poolName: string, username: string, password: string, saltHex: string): Promise<bigint> {
  const inner = await textHash(`${poolName}${username}:${password}`);
  return BigInt(`0x${await hexHash(padHex(BigInt(`0x${saltHex}`)) + inner)}`);
}

/** A new salt and verifier for a secret (a user's password, or a device's random password). */
export async function srpVerifier(
  poolName: string,
  username: string,
  password: string,
  saltHex = padHex(randomBigInt(16)),
): Promise<{ salt: string; verifier: string }> {
  const x = await srpPrivateKey(poolName, username, password, saltHex);
  return { salt: saltHex, verifier: padHex(modPow(SRP_G, x, SRP_N)) };
}

/** u = H(pad(A) | pad(B)). */
export async function srpScrambler(A: bigint, B: bigint): Promise<bigint> {
  return BigInt(`0x${await hexHash(padHex(A) + padHex(B))}`);
}

/** The 16-byte key both sides derive from S and u. */
export async function srpSessionKey(S: bigint, u: bigint): Promise<Uint8Array<ArrayBuffer>> {
  const prk = await hmac(hexToBytes(padHex(u)), hexToBytes(padHex(S)));
  const okm = await hmac(prk, concat(utf8(INFO), new Uint8Array([1])));
  return okm.slice(0, 16);
}

/** PASSWORD_CLAIM_SIGNATURE: base64 HMAC(key, poolName | username | secret block | timestamp). */
export async function srpSignature(
  key: Uint8Array<ArrayBuffer>,
  poolName: string,
  username: string,
  secretBlockBase64: string,
  timestamp: string,
): Promise<string> {
  const message = concat(utf8(poolName), utf8(username), base64ToBytes(secretBlockBase64), utf8(timestamp));
  return bytesToBase64(await hmac(key, message));
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The TIMESTAMP the client signs: `ddd MMM D HH:mm:ss UTC YYYY`, e.g. `Mon Nov 23 09:05:01 UTC 2026`. */
export function srpTimestamp(date: Date): string {
  return (
    `${WEEKDAYS[date.getUTCDay()]} ${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()} ` +
    `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} UTC ${date.getUTCFullYear()}`
  );
}

/** The instant a TIMESTAMP names, or null when it is not in that form (or names a day that does not exist). */
export function parseSrpTimestamp(text: string): Date | null {
  const m = /^(\w{3}) (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) UTC (\d{4})$/.exec(text);
  if (!m) return null;
  const month = MONTHS.indexOf(m[2]);
  if (month < 0) return null;
  const date = new Date(Date.UTC(Number(m[7]), month, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
  return srpTimestamp(date) === text ? date : null;
}

// ---- the server's side -------------------------------------------------------------------------

/** The server's ephemeral pair for a verifier: b secret, B = k·v + g^b sent as SRP_B. */
export async function srpServerEphemeral(verifierHex: string): Promise<{ b: bigint; B: bigint }> {
  const v = BigInt(`0x${verifierHex}`);
  const k = await srpK();
  for (;;) {
    const b = randomBigInt(32);
    const B = mod(k * v + modPow(SRP_G, b, SRP_N));
    if (B !== 0n) return { b, B };
  }
}

/** The server's key for the client's A, or null when A is not acceptable (A mod N = 0, or u = 0). */
export async function srpServerSessionKey(
  A: bigint,
  B: bigint,
  b: bigint,
  verifierHex: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (A <= 0n || A % SRP_N === 0n) return null;
  const u = await srpScrambler(A, B);
  if (u === 0n) return null;
  const v = BigInt(`0x${verifierHex}`);
  const S = modPow(mod(A * modPow(v, u, SRP_N)), b, SRP_N);
  return srpSessionKey(S, u);
}

// ---- the client's side -------------------------------------------------------------------------

/** The client's ephemeral pair: a secret (128 random bytes, as the client library), A = g^a sent as SRP_A. */
export function srpClientEphemeral(): { a: bigint; A: bigint } {
  const a = randomBigInt(128);
  return { a, A: modPow(SRP_G, a, SRP_N) };
}

/** The client's key once SRP_B and SALT are known. */
export async function srpClientSessionKey(input: {
  poolName: string;
  username: string;
  password: string;
  saltHex: string;
  a: bigint;
  A: bigint;
  B: bigint;
}): Promise<Uint8Array<ArrayBuffer>> {
  if (input.B % SRP_N === 0n) throw new Error('B cannot be zero.');
  const u = await srpScrambler(input.A, input.B);
  if (u === 0n) throw new Error('U cannot be zero.');
  const x = await srpPrivateKey(input.poolName, input.username, input.password, input.saltHex);
  const k = await srpK();
  const S = modPow(mod(input.B - k * modPow(SRP_G, x, SRP_N)), input.a + u * x, SRP_N);
  return srpSessionKey(S, u);
}
