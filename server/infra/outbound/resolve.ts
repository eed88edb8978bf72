import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import {
  type AddressDecision,
  addressProblem,
  checkAddress,
  checkHostName,
  checkOutboundUrl,
  normaliseHost,
  type OutboundPolicy,
  type OutboundTarget,
  type Refusal,
} from './address-policy.js';

export type ResolvedAddress = { address: string; family: number };
/** Every address of a host name; DNS failures throw (ENOTFOUND, EAI_AGAIN …). */
export type Resolver = (host: string) => Promise<readonly ResolvedAddress[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every address, in its order. */
export const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

export type ResolvedHost = { ok: true; addresses: readonly ResolvedAddress[] } | Refusal;

/**
 * The addresses to connect to for `host`, when every one of them is public. A name is judged
 * first (`localhost`, `*.local` … are refused without asking DNS), then resolved, and refused
 * when ANY of its addresses is not public: a name that answers one public and one loopback
 * address (DNS rebinding) is refused, not half-taken. An IP address is judged as it is. With
 * allowPrivate every address is taken. DNS errors throw.
 */
export async function resolvePublicAddresses(
  host: string,
  policy: OutboundPolicy,
  resolve: Resolver = systemResolver,
): Promise<ResolvedHost> {
  const name = normaliseHost(host);
  const family = isIP(name);
  if (family !== 0) {
    const decision: AddressDecision = policy.allowPrivate ? { ok: true } : checkAddress(name);
    return decision.ok ? { ok: true, addresses: [{ address: name, family }] } : decision;
  }
  if (!policy.allowPrivate) {
    const named = checkHostName(name);
    if (!named.ok) return named;
  }
  const addresses = await resolve(name);
  if (addresses.length === 0) return { ok: false, reason: `${name} has no address` };
  if (!policy.allowPrivate) {
    for (const { address } of addresses) {
      const problem = addressProblem(address);
      if (problem) return { ok: false, reason: `${name} resolves to ${address}, ${problem}` };
    }
  }
  return { ok: true, addresses };
}

export type ResolvedDecision =
  | { ok: true; target: OutboundTarget; addresses: readonly ResolvedAddress[] }
  | Refusal;

/**
 * checkOutboundUrl, then the host's addresses through resolvePublicAddresses: whether `input`
 * may be fetched now, and where to. For a check right before a request made by other means;
 * request.ts's outboundRequest does the same while connecting, so nothing can change between
 * the check and the connection.
 */
export async function checkOutboundUrlResolved(
  input: string | URL,
  policy: OutboundPolicy & { resolve?: Resolver },
): Promise<ResolvedDecision> {
  const checked = checkOutboundUrl(input, policy);
  if (!checked.ok) return checked;
  const resolved = await resolvePublicAddresses(checked.target.host, policy, policy.resolve);
  return resolved.ok
    ? { ok: true, target: checked.target, addresses: resolved.addresses }
    : resolved;
}
