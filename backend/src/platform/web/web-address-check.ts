import { isIP } from 'node:net';
import { isPublicAddress } from './address-rules';

/** Host names that only ever mean this machine or its private network. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|home\.arpa|localdomain)$/i;

/**
 * Why a web address handed in cannot be fetched on a creator's behalf, decided from the address
 * alone (no DNS): not http(s), credentials in it, a local host name, or an IP literal that is not on
 * the public internet. Null when it may be tried; the worker's fetch still checks every address the
 * host resolves to. `allowHosts` ('host' or 'host:port') are exempt, as for the worker's fetch.
 */
export function webAddressProblem(raw: string, allowHosts: readonly string[] = []): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'is not a web address';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http(s) address';
  if (url.username || url.password) return 'must not hold a user name or password';
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  if (allowHosts.includes(host) || allowHosts.includes(`${host}:${port}`)) return null;
  if (host === '' || LOCAL_NAMES.test(host)) return 'is not on the public internet';
  if (isIP(host) && !isPublicAddress(host)) return 'is not on the public internet';
  // a bare number (http://2130706433/) is an IPv4 address to some clients
  if (/^(0x[0-9a-f]+|\d+)$/i.test(host)) return 'is not on the public internet';
  return null;
}
