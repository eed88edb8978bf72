import { BlockList, isIP } from 'node:net';

/** Addresses a push endpoint must not point at: the server's own host and its networks. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

export const BAD_PUSH_ENDPOINT = 'endpoint must be the https URL of a push service';

/**
 * Whether the server may post pushes to `endpoint`. The member's browser hands us this URL, so
 * a forged one could aim the server at addresses inside its own network: only https to a public
 * host name or address is taken (unless PUSH_ALLOW_PRIVATE_ENDPOINTS, for tests). A host name
 * that resolves to a private address is not caught here; the push request never follows
 * redirects and its answer is never shown to the member.
 */
export function isAllowedPushEndpoint(endpoint: string, allowPrivate: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (allowPrivate) return url.protocol === 'https:' || url.protocol === 'http:';
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const family = isIP(host);
  if (family === 4) return !PRIVATE.check(host, 'ipv4');
  // IPv4-mapped (::ffff:a.b.c.d, written ::ffff:xxxx:xxxx by URL) is refused: no push service
  // needs it, and a BlockList ipv6 rule for it would also match every IPv4 address.
  if (family === 6) return !host.startsWith('::ffff:') && !PRIVATE.check(host, 'ipv6');
  // A single-label name (intranet), localhost and local-only suffixes stay inside.
  return host.includes('.') && !/(^|\.)(localhost|local|internal|home\.arpa)$/.test(host);
}
