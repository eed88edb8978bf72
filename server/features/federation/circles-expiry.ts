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
 * Ends (expired, reservations released) every open circle that waits on an instance which stopped
 * answering, so that it does not hang: as the coordinator, one whose state another instance has
 * not answered for 24 hours; as a participant, one whose coordinator has not answered a move of
 * ours for 24 hours (the coordinator then hears that it ended here). Safe on several app servers at once: endCircle locks the circle's row and
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
  // As a participant: the coordinator has not answered a move of ours for 24 hours.
  const silentCoordinators = await ctx.db
    .select({ circleId: federatedCircles.circleId, host: instances.host })
    .from(federatedCircles)
    .innerJoin(circles, eq(circles.id, federatedCircles.circleId))
    .innerJoin(instances, eq(instances.id, federatedCircles.coordinatorInstanceId))
    .where(
      and(
        inArray(circles.status, ['proposed', 'accepted']),
        sql`${federatedCircles.awaitingSince} <= now() - make_interval(secs => ${SILENCE_MS / 1000})`,
      ),
    )
    .orderBy(federatedCircles.circleId)
    .limit(BATCH);
  let ended = 0;
  for (const { circleId, host } of [...silent, ...silentCoordinators])
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
