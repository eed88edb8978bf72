import type { SwapRequest } from '../../../shared/swaps';

/**
 * The negotiation an offer belongs to, oldest first: the opening offer, then each counter-offer
 * (issue 18 §5). Built from the offers the member has loaded; a link to one not loaded ends the
 * walk there. A single offer nobody countered is a chain of one.
 */
export function offerChain(request: SwapRequest, all: readonly SwapRequest[]): SwapRequest[] {
  const byId = new Map(all.map((r) => [r.id, r]));
  byId.set(request.id, request);
  const chain = [request];
  const seen = new Set([request.id]);
  for (let at = request; at.counterOfId !== null; ) {
    const previous = byId.get(at.counterOfId);
    if (!previous || seen.has(previous.id)) break;
    seen.add(previous.id);
    chain.unshift(previous);
    at = previous;
  }
  for (let at = request; at.counteredById !== null; ) {
    const next = byId.get(at.counteredById);
    if (!next || seen.has(next.id)) break;
    seen.add(next.id);
    chain.push(next);
    at = next;
  }
  return chain;
}
