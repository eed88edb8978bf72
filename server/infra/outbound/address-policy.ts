import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may send a request that someone else chose the address of: a member's push
 * endpoint today, other instances' actors, objects and photos with federation. Such a URL could
 * aim the server at its own host or network (SSRF), so only public https addresses are taken.
 * Pure: no network, no database. `resolve.ts` adds the host name's addresses, `request.ts` sends
 * a request that connects only to addresses this module accepted.
 */
export type OutboundPolicy = {
  /**
   * Tests on one machine only (PUSH_ALLOW_PRIVATE_ENDPOINTS, later FEDERATION_ALLOW_PRIVATE):
   * plain http, loopback and private addresses and names, any port.
   */
  allowPrivate: boolean;
  /** The ports a URL may name; only 443, https's own, unless given. Ignored with allowPrivate. */
  ports?: readonly number[];
};

export type Refusal = { ok: false; reason: string };
export type AddressDecision = { ok: true } | Refusal;

/** A URL the policy takes, with its normalised host (no brackets, lower case, no final dot). */
export type OutboundTarget = {
  url: URL;
  host: string;
  port: number;
  /** The host when it is an IP address (already judged), else null: a name still to resolve. */
  address: string | null;
};
export type OutboundDecision = { ok: true; target: OutboundTarget } | Refusal;

export const DEFAULT_OUTBOUND_PORTS: readonly number[] = [443];

const ALLOWED = Object.freeze({ ok: true as const });
const NOT_AN_ADDRESS = 'is not an IP address';

/**
 * Names that never lead to a public server: `localhost` and the special-use or private-use
 * suffixes (RFC 6761, 6762, 7686, 8375, 9476; ICANN's `.internal`; names ICANN keeps out of the
 * root because intranets use them). Checked before any resolution, with every subdomain.
 */
const LOCAL_ONLY_NAMES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'home.arpa',
  'invalid',
  'test',
  'example',
  'onion',
  'alt',
  'lan',
  'home',
  'corp',
  'intranet',
] as const;

const DOCUMENTATION = [
  '192.0.2.0/24',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '2001:db8::/32',
  '3fff::/20',
].map((cidr) => ipaddr.parseCIDR(cidr));
const BENCHMARKING = ['198.18.0.0/15', '2001:2::/48'].map((cidr) => ipaddr.parseCIDR(cidr));
/** Global unicast IPv6 (RFC 4291 §2.4): everything outside it is reserved or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** RFC 8215's local-use NAT64 prefix: by definition only meaningful inside one network. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48');

/** ipaddr.js's range names as said in a refusal. */
const RANGE_WORDS: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  loopback: 'loopback',
  carrierGradeNat: 'carrier-grade NAT',
  private: 'private',
  reserved: 'reserved',
  benchmarking: 'benchmarking',
  uniqueLocal: 'unique-local',
  deprecatedSiteLocal: 'site-local',
  discard: 'discard-only',
  rfc6145: 'IPv4-translated',
  teredo: 'Teredo',
};

function inAny(ip: ipaddr.IPv4 | ipaddr.IPv6, ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]>) {
  return ranges.some(([network, bits]) => ip.kind() === network.kind() && ip.match(network, bits));
}

/** Why an IPv4 address is not public, or null when it is. */
function ipv4Problem(ip: ipaddr.IPv4): string | null {
  const range = ip.range();
  if (range === 'unicast') return null;
  if (inAny(ip, DOCUMENTATION)) return 'documentation';
  if (inAny(ip, BENCHMARKING)) return 'benchmarking';
  return RANGE_WORDS[range] ?? 'special-use';
}

const embeddedIPv4 = (high: number, low: number) =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** An IPv6 form that carries an IPv4 address is as public as that address. */
function viaIPv4(form: string, ip: ipaddr.IPv4): string | null {
  const problem = ipv4Problem(ip);
  return problem && `${form} of ${ip.toString()}, ${problem}`;
}

/** Why an IPv6 address is not public, or null when it is. */
function ipv6Problem(ip: ipaddr.IPv6): string | null {
  const range: string = ip.range();
  const p = ip.parts;
  switch (range) {
    case 'ipv4Mapped':
      return viaIPv4('IPv4-mapped form', ip.toIPv4Address());
    case 'rfc6052':
      // The well-known prefix 64:ff9b::/96 carries the address in its last 32 bits; the
      // local-use one (64:ff9b:1::/48) may put it elsewhere and only exists inside a network.
      if (ip.match(...LOCAL_NAT64)) return 'local-use NAT64';
      return viaIPv4('NAT64 form', embeddedIPv4(p[6] ?? 0, p[7] ?? 0));
    case '6to4':
      return viaIPv4('6to4 form', embeddedIPv4(p[1] ?? 0, p[2] ?? 0));
    case 'unicast':
      // ::a.b.c.d (IPv4-compatible, deprecated; `::` and `::1` are judged above as such).
      if (p.slice(0, 6).every((part) => part === 0)) {
        return viaIPv4('IPv4-compatible form', embeddedIPv4(p[6] ?? 0, p[7] ?? 0));
      }
      return ip.match(...GLOBAL_UNICAST_V6) ? null : 'reserved';
    case 'reserved':
      return inAny(ip, DOCUMENTATION) ? 'documentation' : 'reserved';
    default:
      return RANGE_WORDS[range] ?? 'special-use';
  }
}

/**
 * Whether `address` (an IPv4 or IPv6 address in standard notation, as a URL host or a resolver
 * gives it) is a public unicast address. Every special-use range is refused, by ipaddr.js's
 * tables: unspecified, loopback, private, link-local, carrier-grade NAT, documentation,
 * benchmarking, multicast, broadcast, reserved, unique-local, site-local, Teredo, and any IPv6
 * outside 2000::/3; IPv4-mapped, IPv4-compatible, NAT64 (64:ff9b::/96) and 6to4 forms are judged
 * by the IPv4 address they carry.
 */
export function checkAddress(address: string): AddressDecision {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const problem = addressProblem(bare);
  if (problem === null) return ALLOWED;
  return {
    ok: false,
    reason: problem === NOT_AN_ADDRESS ? `${address} ${problem}` : `${bare} is ${problem}`,
  };
}

/** checkAddress's verdict as words ("not a public address (loopback)"), or null when public. */
export function addressProblem(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return NOT_AN_ADDRESS;
  let problem: string | null;
  try {
    problem =
      family === 4
        ? ipv4Problem(ipaddr.IPv4.parse(address))
        : ipv6Problem(ipaddr.IPv6.parse(address));
  } catch {
    problem = 'unreadable';
  }
  return problem && `not a public address (${problem})`;
}

/** A URL host as compared: brackets off, lower case, one final dot off (`localhost.`). */
export function normaliseHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .toLowerCase()
    .replace(/\.$/, '');
}

/** Whether a host *name* (not an address) may be public, before it is resolved. */
export function checkHostName(host: string): AddressDecision {
  const name = normaliseHost(host);
  const labels = name.split('.');
  if (name === '' || labels.some((label) => label === '')) {
    return { ok: false, reason: `${host} is not a valid host name` };
  }
  const local = LOCAL_ONLY_NAMES.find((suffix) => name === suffix || name.endsWith(`.${suffix}`));
  if (local) return { ok: false, reason: `${name} is a local-only name (.${local})` };
  if (labels.length === 1) {
    return { ok: false, reason: `${name} is a single-label name, which stays inside a network` };
  }
  return ALLOWED;
}

/**
 * Whether the server may send a request to `input` under `policy`, and the target it names.
 * https only (http too with allowPrivate); no user name or password; a port of `policy.ports`
 * (443); an IP host must be public (checkAddress) and a host name must not be local-only
 * (checkHostName). The URL is parsed by WHATWG URL first, so every spelling of an address
 * (`2130706433`, `0x7f.1`, `[::127.0.0.1]`) is judged in its normal form. A name's addresses
 * are not known here: resolve.ts and request.ts check them.
 */
export function checkOutboundUrl(input: string | URL, policy: OutboundPolicy): OutboundDecision {
  let url: URL;
  try {
    url = typeof input === 'string' ? new URL(input) : new URL(input.href);
  } catch {
    return { ok: false, reason: 'it is not a URL' };
  }
  const schemes = policy.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return {
      ok: false,
      reason: policy.allowPrivate ? 'it must use https or http' : 'it must use https',
    };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'it must not carry a user name or password' };
  }
  const host = normaliseHost(url.hostname);
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const address = isIP(host) ? host : null;
  const target: OutboundTarget = { url, host, port, address };
  if (policy.allowPrivate) {
    return host ? { ok: true, target } : { ok: false, reason: 'it names no host' };
  }
  const ports = policy.ports ?? DEFAULT_OUTBOUND_PORTS;
  if (!ports.includes(port)) {
    return { ok: false, reason: `port ${port} is not allowed (only ${ports.join(', ')})` };
  }
  const decision = address ? checkAddress(address) : checkHostName(host);
  return decision.ok ? { ok: true, target } : decision;
}
