import { Agreement, Link, Note, Source } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { textToHtml } from './listing-object.js';

/** The relation of a rating Note's `tag` link whose name is its stars (1–5). */
export const RATING_REL = 'urn:swapmarket:rating';

/** The Agreement an Offer carries (offers-object.ts): its id is the Offer's with `/agreement`. */
export const agreementIdOf = (offerId: string) => `${offerId}/agreement`;

/** The Offer's id an Agreement's id names, or undefined when it is no Agreement of an Offer. */
export const offerIdOfAgreement = (agreementId: string): string | undefined =>
  agreementId.endsWith('/agreement') ? agreementId.slice(0, -'/agreement'.length) : undefined;

/**
 * A chat message on an offer across instances, or a rating of its other party: a direct Note
 * from our member to the other party only, in reply to the offer's `Offer`. A rating says its
 * stars in a `tag` link (RATING_REL) and its comment as the content.
 */
export function swapNote(input: {
  id: URL;
  author: URL;
  peer: URL;
  offerId: URL;
  text: string;
  rating?: number;
}): Note {
  return new Note({
    id: input.id,
    attribution: input.author,
    to: input.peer,
    replyTarget: input.offerId,
    contexts: [input.offerId],
    content: textToHtml(input.text),
    mediaType: 'text/html',
    source: new Source({ content: input.text, mediaType: 'text/plain' }),
    tags:
      input.rating === undefined
        ? []
        : [new Link({ href: input.offerId, rel: RATING_REL, name: String(input.rating) })],
  });
}

/** A Note as a message or a rating of an offer: its words, and its stars when it rates. */
export type SwapNote = { offerId: string; text: string; rating: number | null; to: string[] };

/** Reads a Note in reply to an Offer; undefined for any other Note (not ours to read). */
export async function readSwapNote(note: Note): Promise<SwapNote | undefined> {
  const offerId = note.replyTargetId?.href;
  if (!offerId) return undefined;
  let rating: number | null = null;
  for await (const tag of note.getTags()) {
    if (tag instanceof Link && tag.rels.includes(RATING_REL))
      rating = Number(tag.name?.toString() ?? Number.NaN);
  }
  const source = note.source;
  const text =
    source?.content && source.mediaType === 'text/plain'
      ? source.content.toString()
      : (note.content?.toString().replace(/<[^>]*>/g, '') ?? '');
  return {
    offerId,
    text,
    rating,
    to: [...note.toIds, ...note.ccIds, ...note.btoIds, ...note.bccIds].map((url) => url.href),
  };
}

/**
 * The swap's completion, as either party's instance says it: an `Update` of the offer's
 * Agreement with its `endTime` set (the Agreement fulfilled, ended now).
 */
export const completedAgreement = (offerId: string) =>
  new Agreement({
    id: new URL(agreementIdOf(offerId)),
    endTime: Temporal.Now.instant(),
  });
