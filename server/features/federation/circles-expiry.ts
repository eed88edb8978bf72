import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { circles } from '../../db/schema/circles.js';
import { federatedCirclePeers, federatedCircles } from '../../db/schema/federated-circles.js';
import { instances } from '../../db/schema/federation.js';
import { endCircle } from '../circles/circles.service.js';

/** An instance that has not answered the circle's state for this long stopped answering. */
export const SILENCE_MS = 24 * 60 * 60 * 1000;
const EVERY_MS = 10 * 60 * 1000;
/** Circles ended per run: bounded work; the next run takes the rest. */
const BATCH = 100;

/**
 * As the coordinator, ends (expired, reservations released) every open circle one of whose other
 * instances has not answered its state for 24 hours: the circle does not hang on an instance that
 * stopped answering. Safe on several app servers at once: endCircle locks the circle's row and
 * ends it only while it is open, so each circle is ended by one of them.
 */
export async function expireSilentCircles(ctx: AppContext): Promise<number> {
  const silent = await ctx.db
    .selectDistinctOn([federatedCirclePeers.circleId], {
      circleId: federatedCirclePeers.circleId,
      host: instances.host,
    })
    .from(federatedCirclePeers)
    .innerJoin(federatedCircles, eq(federatedCircles.circleId, federatedCirclePeers.circleId))
    .innerJoin(circles, eq(circles.id, federatedCirclePeers.circleId))
    .innerJoin(instances, eq(instances.id, federatedCirclePeers.instanceId))
    .where(
      and(
        isNull(federatedCircles.coordinatorInstanceId),
        inArray(circles.status, ['proposed', 'accepted']),
        or(
          isNull(federatedCirclePeers.heardAt),
          sql`${federatedCirclePeers.heardAt} < ${federatedCirclePeers.sentAt}`,
        ),
        sql`${federatedCirclePeers.sentAt} <= now() - make_interval(secs => ${SILENCE_MS / 1000})`,
      ),
    )
    .orderBy(federatedCirclePeers.circleId)
    .limit(BATCH);
  let ended = 0;
  for (const { circleId, host } of silent)
    if (await endCircle(ctx, circleId, 'silent', `${host} did not answer for 24 hours`)) ended++;
  return ended;
}

/** Each app server looks for silent instances when ready, then every 10 minutes. */
export function startSilenceWatch(server: FastifyInstance, ctx: AppContext): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    expireSilentCircles(ctx).catch((error: unknown) =>
      ctx.log.warn({ err: error }, 'Expiring circles of silent instances failed'),
    );
  server.addHook('onReady', async () => {
    void run();
    timer = setInterval(run, EVERY_MS);
    timer.unref();
  });
  server.addHook('onClose', async () => clearInterval(timer));
}
