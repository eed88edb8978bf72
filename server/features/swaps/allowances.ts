import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';
import { limitFor } from '../users/new-accounts.js';

/**
 * How fast one member may ask others to trade: the limit offers, counter-offers and circle
 * proposals share (what they may write in chats is the chat service's: chat/chat.service.ts).
 */
export async function consumeOfferAllowance(ctx: AppContext, sender: Actor): Promise<void> {
  const { offersPerHour, offersPerHourNew } = ctx.config.rateLimits;
  return ctx.rateLimiter.consume(
    {
      key: `offers:user:${sender.id}`,
      limit: await limitFor(ctx, sender, {
        established: offersPerHour,
        whileNew: offersPerHourNew,
      }),
      windowMs: 60 * 60 * 1000,
    },
    'You have sent a lot of offers in the last hour. Please wait a little before sending more.',
  );
}
