import { Agreement, Link, Offer } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { CIRCLE_MAX_SIZE, CIRCLE_STATUSES, type CircleStatus } from '../../../shared/circles.js';
import type { CoordinatorState } from '../circles/circles.service.js';
import { agreementIdOf } from './swaps-object.js';

/**
 * A circle across instances on the wire (issue 39 §2), in FEP-0837's spirit: the coordinator's
 * `Offer` of an `Agreement` whose `tag` links name the loop's listings in order (CIRCLE_LEG_REL,
 * `name` the 1-based position, `href` the listing's ActivityPub id), each given to the owner of
 * the one before. The coordinator's state of it is an `Update` of that Agreement, from its
 * instance actor, with one link per leg decided (ACCEPTED_REL, DECLINED_REL) or received
 * (RECEIVED_REL), and one naming its status (STATUS_REL, `name` the status).
 */
export const CIRCLE_LEG_REL = 'urn:swapmarket:circle-gives';
export const ACCEPTED_REL = 'urn:swapmarket:circle-accepted';
export const DECLINED_REL = 'urn:swapmarket:circle-declined';
export const RECEIVED_REL = 'urn:swapmarket:circle-received';
export const STATUS_REL = 'urn:swapmarket:circle-status';

const legLinks = (listings: readonly string[]) =>
  listings.map(
    (href, index) =>
      new Link({ href: new URL(href), rel: CIRCLE_LEG_REL, name: String(index + 1) }),
  );

/** The proposal, from the proposer's actor to the other members. */
export function circleOffer(input: {
  id: URL;
  proposer: URL;
  members: readonly URL[];
  listings: readonly string[];
  expiresAt: Date;
}): Offer {
  const [first] = input.listings;
  if (!first) throw new Error('a circle names listings');
  return new Offer({
    id: input.id,
    actor: input.proposer,
    tos: [...input.members],
    target: new URL(first),
    object: new Agreement({
      id: new URL(agreementIdOf(input.id.href)),
      attribution: input.proposer,
      endTime: Temporal.Instant.fromEpochMilliseconds(input.expiresAt.getTime()),
      tags: legLinks(input.listings),
      tos: [...input.members],
    }),
  });
}

/** The coordinator's state of the circle, as the Agreement an `Update` carries. */
export function circleStateAgreement(input: {
  offerId: string;
  listings: readonly string[];
  state: CoordinatorState;
}): Agreement {
  const { state, listings } = input;
  const marks = (rel: string, positions: readonly number[]) =>
    positions.flatMap((position) => {
      const href = listings[position];
      return href ? [new Link({ href: new URL(href), rel, name: String(position + 1) })] : [];
    });
  const agreementId = new URL(agreementIdOf(input.offerId));
  return new Agreement({
    id: agreementId,
    content: state.reason,
    tags: [
      ...legLinks(listings),
      ...marks(ACCEPTED_REL, state.accepted),
      ...marks(DECLINED_REL, state.declined),
      ...marks(RECEIVED_REL, state.received),
      new Link({ href: agreementId, rel: STATUS_REL, name: state.status }),
    ],
  });
}

/** Why an arriving circle activity is refused, as one line for the log. */
export class RefusedCircle extends Error {}

/** The listings (their ids, in loop order) an Agreement names as a circle's legs; [] for none. */
export async function readCircleLegs(agreement: Agreement): Promise<string[]> {
  const legs: Array<{ href: string; position: number }> = [];
  for await (const tag of agreement.getTags()) {
    if (!(tag instanceof Link) || !tag.href || !tag.rels.includes(CIRCLE_LEG_REL)) continue;
    if (legs.length === CIRCLE_MAX_SIZE)
      throw new RefusedCircle(`a circle names at most ${CIRCLE_MAX_SIZE} listings`);
    legs.push({ href: tag.href.href, position: Number(tag.name?.toString() ?? 0) });
  }
  legs.sort((a, b) => a.position - b.position);
  if (legs.some((leg, index) => leg.position !== index + 1))
    throw new RefusedCircle('the listings of a circle must be numbered 1, 2, …');
  return legs.map((leg) => leg.href);
}

/** Whether an Offer proposes a circle (its Agreement names legs) rather than an offer. */
export async function isCircleOffer(offer: Offer): Promise<boolean> {
  const agreement = await offer.getObject().catch(() => null);
  if (!(agreement instanceof Agreement)) return false;
  for await (const tag of agreement.getTags())
    if (tag instanceof Link && tag.rels.includes(CIRCLE_LEG_REL)) return true;
  return false;
}

/** The state an `Update` from the coordinator carries, by leg position (0-based). */
export async function readCircleState(
  agreement: Agreement,
  legs: number,
): Promise<CoordinatorState> {
  const state = { accepted: [] as number[], declined: [] as number[], received: [] as number[] };
  let status: CircleStatus | undefined;
  const byRel: Record<string, number[]> = {
    [ACCEPTED_REL]: state.accepted,
    [DECLINED_REL]: state.declined,
    [RECEIVED_REL]: state.received,
  };
  for await (const tag of agreement.getTags()) {
    if (!(tag instanceof Link)) continue;
    const name = tag.name?.toString() ?? '';
    if (tag.rels.includes(STATUS_REL)) {
      status = CIRCLE_STATUSES.find((known) => known === name);
      continue;
    }
    const list = tag.rels.map((rel) => byRel[rel]).find(Boolean);
    const position = Number(name) - 1;
    if (
      list &&
      Number.isInteger(position) &&
      position >= 0 &&
      position < legs &&
      !list.includes(position)
    )
      list.push(position);
  }
  if (!status) throw new RefusedCircle('a circle’s state names no known status');
  const reason =
    agreement.content
      ?.toString()
      .replace(/<[^>]*>/g, '')
      .slice(0, 600) ?? null;
  return { status, ...state, reason };
}
