import { Agreement, Commitment, Link, Offer, Source } from '@fedify/vocab';
import { OFFER_SIDE_MAX } from '../../../shared/swap-display.js';
import { textToHtml } from './listing-object.js';

/** The relations of an Agreement's `tag` links naming the listings of each side, in order. */
export const ASKS_REL = 'urn:swapmarket:asks';
export const GIVES_REL = 'urn:swapmarket:gives';

/** What an offer across instances says: its listings by their ActivityPub ids, and its words. */
export type OfferTerms = {
  /** The listings asked for (the receiver's), their objects' ids, in order. */
  asked: string[];
  /** The sender's listings put up in exchange (0–5). */
  given: string[];
  message: string;
  offerDescription: string | null;
};

/**
 * An offer as the receiver's instance reads it: FEP-0837's shape, an `Offer` of an `Agreement`
 * that stipulates the asked listing's primary intent (the owner's transfer) and, when something
 * is put up, its reciprocal. A Commitment names one intent of one listing, and ours name up to 5
 * a side, so every listing of each side is also a `tag` link (ASKS_REL, GIVES_REL), in order.
 */
export function offerActivity(input: {
  id: URL;
  sender: URL;
  receiver: URL;
  terms: OfferTerms;
  /** A counter-offer: the Offer it answers. */
  inReplyTo?: URL | null;
}): Offer {
  const { terms } = input;
  const [first] = terms.asked;
  if (!first) throw new Error('an offer asks for one listing at least');
  const links = (rel: string, urls: readonly string[]) =>
    urls.map((href, index) => new Link({ href: new URL(href), rel, name: String(index + 1) }));
  const agreement = new Agreement({
    id: new URL(`${input.id.href}/agreement`),
    attribution: input.sender,
    content: textToHtml(terms.message),
    mediaType: 'text/html',
    source: new Source({ content: terms.message, mediaType: 'text/plain' }),
    summary: terms.offerDescription,
    stipulates: new Commitment({ satisfies: new URL('#primary', first) }),
    stipulatesReciprocal:
      terms.given.length > 0 ? new Commitment({ satisfies: new URL('#reciprocal', first) }) : null,
    tags: [...links(ASKS_REL, terms.asked), ...links(GIVES_REL, terms.given)],
    to: input.receiver,
  });
  return new Offer({
    id: input.id,
    actor: input.sender,
    object: agreement,
    target: new URL(first),
    to: input.receiver,
    replyTarget: input.inReplyTo ?? null,
  });
}

/** Why an arriving offer is refused, as one line for the log. */
export class RefusedOffer extends Error {}

/** Reads the terms of an arriving Offer, or refuses it: an Agreement by its sender, 1–5 and 0–5. */
export async function readOfferTerms(offer: Offer): Promise<OfferTerms> {
  const agreement = await offer.getObject();
  if (!(agreement instanceof Agreement)) throw new RefusedOffer('an offer of no Agreement');
  if (agreement.attributionId?.href !== offer.actorId?.href)
    throw new RefusedOffer('an Agreement must be its sender’s');
  const sides: Record<string, Array<{ href: string; position: number }>> = {
    [ASKS_REL]: [],
    [GIVES_REL]: [],
  };
  for await (const tag of agreement.getTags()) {
    if (!(tag instanceof Link) || !tag.href) continue;
    const side = tag.rels.map((rel) => sides[rel]).find(Boolean);
    if (!side) continue;
    // More than a side may hold is refused here, before anything is looked up.
    if (side.length === OFFER_SIDE_MAX)
      throw new RefusedOffer(`an offer names at most ${OFFER_SIDE_MAX} listings a side`);
    side.push({ href: tag.href.href, position: Number(tag.name?.toString() ?? 0) });
  }
  const ordered = (rel: string) =>
    (sides[rel] ?? []).sort((a, b) => a.position - b.position).map((link) => link.href);
  const source = agreement.source;
  const message =
    source?.content && source.mediaType === 'text/plain'
      ? source.content.toString()
      : (agreement.content?.toString().replace(/<[^>]*>/g, '') ?? '');
  return {
    asked: ordered(ASKS_REL),
    given: ordered(GIVES_REL),
    message,
    offerDescription: agreement.summary?.toString() ?? null,
  };
}
