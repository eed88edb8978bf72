import type { Context } from '@fedify/fedify';
import type { Proposal } from '@fedify/vocab';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { items } from '../../db/schema/items.js';
import { itemWants } from '../../db/schema/matching.js';
import { presentItem } from '../items/items.presenter.js';
import { findItem } from '../items/listing-reads.js';
import { onTheMarket } from '../items/on-market.js';
import { listingObject } from './listing-object.js';
import { INSTANCE_IDENTIFIER, listingUrl } from './paths.js';

/** The objects a listing's owner would take for it, in order: ours by page URL, remote by id. */
async function wantsOf(ctx: AppContext, itemId: number): Promise<URL[]> {
  const rows = await ctx.db
    .select({ id: items.id, originUrl: items.originUrl })
    .from(itemWants)
    .innerJoin(items, eq(items.id, itemWants.wantedItemId))
    .where(and(eq(itemWants.itemId, itemId), onTheMarket()))
    .orderBy(asc(itemWants.position));
  return rows.map((row) =>
    row.originUrl ? new URL(row.originUrl) : listingUrl(ctx.config.publicUrl, row.id),
  );
}

/**
 * One of this instance's own listings on the market as its `Proposal`, or null: a listing of
 * another instance, or off the market, is not ours to publish.
 */
export async function localListingObject(
  ctx: AppContext,
  context: Context<AppContext>,
  id: number,
): Promise<Proposal | null> {
  const [listed] = await ctx.db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, id), isNull(items.originInstanceId), onTheMarket()));
  if (!listed) return null;
  const row = await findItem(ctx.db, id);
  if (!row) return null;
  return listingObject({
    item: presentItem(row),
    id: listingUrl(ctx.config.publicUrl, id),
    owner: context.getActorUri(row.item.userId),
    followers: context.getFollowersUri(INSTANCE_IDENTIFIER),
    publicUrl: ctx.config.publicUrl,
    wants: await wantsOf(ctx, id),
  });
}
