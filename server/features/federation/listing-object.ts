import {
  Document,
  Image,
  Intent,
  Link,
  Place,
  PropertyValue,
  Proposal,
  PUBLIC_COLLECTION,
  Source,
} from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import {
  CONDITIONS,
  FAIR_CHANCE_HOURS,
  ITEM_LIMITS,
  isListingMode,
  type ListingMode,
  MAX_ITEM_IMAGES,
} from '../../../shared/item-display.js';
import type { Item } from '../../../shared/items.js';
import { findBannedWord } from '../../../shared/items.js';
import { MAX_WANTS } from '../../../shared/limits.js';
import { WANTS_REL } from './paths.js';

/**
 * What a listing's object says besides its text: its category by name, condition, wants text,
 * and how it changes hands (`mode`: swap or giveaway, a give-away's `fairChanceHours`).
 */
const PROPERTIES = [
  'category',
  'condition',
  'wanted',
  'estimatedValue',
  'mode',
  'fairChanceHours',
] as const;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plain text as the paragraphs Mastodon and others show in `content`. */
export const textToHtml = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');

const instant = (iso: string) => Temporal.Instant.from(iso);

/**
 * A listing as the world sees it: a FEP-0837 `Proposal` (an offer to transfer the thing, the
 * reciprocal open; a give-away has none: nothing is asked in return) with the fields Mastodon
 * shows of a `Note` (name, content, image, url). Its mode travels as a PropertyValue beside its
 * condition, which is what instances of ours read. Only what the public page shows travels:
 * never an email, the typed location, or the real point.
 */
export function listingObject(input: {
  item: Item;
  id: URL;
  owner: URL;
  followers: URL;
  publicUrl: string;
  /** The objects its owner would take for it, in order of preference. */
  wants: readonly URL[];
}): Proposal {
  const { item, publicUrl } = input;
  const photos = item.images.map((url) => new URL(url, publicUrl));
  const properties: Array<[(typeof PROPERTIES)[number], string | null]> = [
    ['category', item.category?.name ?? null],
    ['condition', item.condition],
    ['wanted', item.wantedItems],
    ['estimatedValue', item.estimatedValue],
    ['mode', item.mode],
    ['fairChanceHours', item.fairChanceHours === null ? null : String(item.fairChanceHours)],
  ];
  return new Proposal({
    id: input.id,
    url: input.id,
    attribution: input.owner,
    name: item.title,
    content: textToHtml(item.description),
    mediaType: 'text/html',
    source: new Source({ content: item.description, mediaType: 'text/plain' }),
    purpose: 'offer',
    publishes: new Intent({ action: 'transfer' }),
    reciprocal: item.mode === 'giveaway' ? null : new Intent({ action: 'transfer' }),
    images: photos.map((url) => new Image({ url, mediaType: 'image/jpeg' })),
    attachments: [
      ...photos.map((url) => new Document({ url, mediaType: 'image/jpeg' })),
      ...properties
        .filter((entry): entry is [(typeof PROPERTIES)[number], string] => entry[1] !== null)
        .map(([name, value]) => new PropertyValue({ name, value })),
    ],
    location: item.area
      ? new Place({
          name: item.location,
          latitude: item.area.latitude,
          longitude: item.area.longitude,
          radius: item.area.radiusKm * 1000,
          units: 'm',
        })
      : null,
    tags: input.wants.map(
      (url, index) => new Link({ href: url, rel: WANTS_REL, name: String(index + 1) }),
    ),
    published: instant(item.createdAt),
    updated: instant(item.updatedAt),
    to: PUBLIC_COLLECTION,
    cc: input.followers,
  });
}

/** A remote listing as this instance stores it, once every rule of ours holds. */
export type RemoteListing = {
  url: string;
  ownerUrl: string;
  title: string;
  description: string;
  categoryName: string | null;
  condition: string;
  wantedItems: string | null;
  estimatedValue: string | null;
  mode: ListingMode;
  /** A give-away's fair chance (FAIR_CHANCE_HOURS.default when its home says none); null for a swap. */
  fairChanceHours: number | null;
  location: string | null;
  point: { latitude: number; longitude: number } | null;
  photos: URL[];
  /** Wanted objects' ids, in order. */
  wants: string[];
  published: Date;
};

/** Why a remote object is refused, as one line for the log (objects are refused whole). */
export class RefusedObject extends Error {}

const plain = (html: string) =>
  html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(
      /&(amp|lt|gt|quot|apos);/g,
      (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name] ?? '',
    )
    .trim();

const fitting = (name: string, value: string | null, max: number) => {
  if (value !== null && value.length > max)
    throw new RefusedObject(`${name} is longer than ${max} characters`);
  return value;
};

/** A give-away's fair chance as its home says it: whole hours in our range, else refused. */
function hoursOf(value: string | undefined): number {
  if (value === undefined) return FAIR_CHANCE_HOURS.default;
  const hours = /^\d{1,2}$/.test(value) ? Number(value) : Number.NaN;
  if (!(hours >= FAIR_CHANCE_HOURS.min && hours <= FAIR_CHANCE_HOURS.max))
    throw new RefusedObject(`a fair chance of "${value.slice(0, 20)}" hours`);
  return hours;
}

/**
 * Reads a remote `Proposal` into what this instance stores, or refuses it whole: a listing of
 * ours has a title, at most MAX_ITEM_IMAGES photos, no banned word, a known condition, a point on
 * the earth; so must one of theirs.
 */
export async function readRemoteListing(object: Proposal): Promise<RemoteListing> {
  const url = object.id?.href;
  const ownerUrl = object.attributionId?.href;
  if (!url || !ownerUrl) throw new RefusedObject('a listing needs an id and an owner');
  if (new URL(url).host !== new URL(ownerUrl).host)
    throw new RefusedObject('a listing and its owner must be on one instance');
  const title = fitting('The title', object.name?.toString().trim() ?? '', ITEM_LIMITS.title) ?? '';
  if (!title) throw new RefusedObject('a listing needs a title');
  const source = object.source;
  const description =
    fitting(
      'The description',
      source?.content && source.mediaType === 'text/plain'
        ? source.content.toString()
        : plain(object.content?.toString() ?? ''),
      ITEM_LIMITS.description,
    ) ?? '';
  const properties = new Map<string, string>();
  const photos: URL[] = [];
  for await (const attachment of object.getAttachments()) {
    if (attachment instanceof PropertyValue && attachment.name && attachment.value)
      properties.set(attachment.name.toString(), attachment.value.toString());
    else if (attachment instanceof Document && attachment.url instanceof URL)
      photos.push(attachment.url);
  }
  if (photos.length > MAX_ITEM_IMAGES)
    throw new RefusedObject(`a listing has at most ${MAX_ITEM_IMAGES} photos`);
  const condition = properties.get('condition') ?? '';
  if (!CONDITIONS.some((known) => known.value === condition))
    throw new RefusedObject(`unknown condition "${condition.slice(0, 40)}"`);
  // No mode: an instance from before give-aways, whose listings are all swaps.
  const mode = properties.get('mode') ?? 'swap';
  if (!isListingMode(mode)) throw new RefusedObject(`unknown mode "${mode.slice(0, 40)}"`);
  const fairChanceHours = mode === 'giveaway' ? hoursOf(properties.get('fairChanceHours')) : null;
  const banned = findBannedWord(title) ?? findBannedWord(description);
  if (banned) throw new RefusedObject('a banned word');
  const place = await object.getLocation();
  let point: RemoteListing['point'] = null;
  let location: string | null = null;
  if (place instanceof Place) {
    location = fitting('The place', place.name?.toString() ?? null, ITEM_LIMITS.location);
    const { latitude, longitude } = place;
    if (latitude != null && longitude != null) {
      if (
        Math.abs(latitude) > 90 ||
        Math.abs(longitude) > 180 ||
        !Number.isFinite(latitude + longitude)
      )
        throw new RefusedObject('a point off the earth');
      point = { latitude, longitude };
    }
  }
  const wanted: Array<{ href: string; position: number }> = [];
  for await (const tag of object.getTags()) {
    if (!(tag instanceof Link && tag.rels.includes(WANTS_REL) && tag.href)) continue;
    // A member here names at most MAX_WANTS listings; a listing from elsewhere is held to the same.
    if (wanted.length === MAX_WANTS)
      throw new RefusedObject(`a listing wants at most ${MAX_WANTS} listings`);
    wanted.push({ href: tag.href.href, position: Number(tag.name?.toString() ?? 0) });
  }
  const wants = wanted.sort((a, b) => a.position - b.position).map((tag) => tag.href);
  return {
    url,
    ownerUrl,
    title,
    description,
    categoryName: properties.get('category') ?? null,
    condition,
    wantedItems: fitting(
      'The wanted items',
      properties.get('wanted') ?? null,
      ITEM_LIMITS.wantedItems,
    ),
    estimatedValue: fitting(
      'The estimated value',
      properties.get('estimatedValue') ?? null,
      ITEM_LIMITS.estimatedValue,
    ),
    mode,
    fairChanceHours,
    location,
    point,
    photos,
    wants,
    published: object.published ? new Date(object.published.epochMilliseconds) : new Date(),
  };
}
