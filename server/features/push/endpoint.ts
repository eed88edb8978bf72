import { checkOutboundUrl, type OutboundPolicy } from '../../infra/outbound/address-policy.js';

export const BAD_PUSH_ENDPOINT = 'endpoint must be the https URL of a public push service';

/**
 * The ports push endpoints may name. Every browser's push service takes pushes on https's own
 * port: FCM (fcm.googleapis.com), Mozilla autopush (updates.push.services.mozilla.com), Apple
 * (web.push.apple.com) and Windows WNS (*.notify.windows.com) all give endpoints without a port.
 */
export const PUSH_PORTS: readonly number[] = [443];

/** The outbound policy for push services (server/infra/outbound). */
export const pushPolicy = (allowPrivate: boolean): OutboundPolicy => ({
  allowPrivate,
  ports: PUSH_PORTS,
});

/**
 * Why the server may not post pushes to `endpoint`, as the 400 says it, or null when it may. The
 * member's browser hands us this URL, so a forged one could aim the server at addresses inside
 * its own network: only https on port 443 to a public host is taken (anything with
 * PUSH_ALLOW_PRIVATE_ENDPOINTS, for tests). The host name's addresses are checked again as each
 * push connects (push.delivery.ts, through outboundRequest), so a name that resolves to a private
 * address is refused there; pushes never follow redirects and their answers are never shown.
 */
export function pushEndpointProblem(endpoint: string, allowPrivate: boolean): string | null {
  const decision = checkOutboundUrl(endpoint, pushPolicy(allowPrivate));
  return decision.ok ? null : `${BAD_PUSH_ENDPOINT}: ${decision.reason}`;
}

export function isAllowedPushEndpoint(endpoint: string, allowPrivate: boolean): boolean {
  return pushEndpointProblem(endpoint, allowPrivate) === null;
}
