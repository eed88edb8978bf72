import type { Actor } from '../../../shared/policies/decision.js';
import type { AppContext } from '../../context.js';

/**
 * How fast one member may ask others to trade and write to them: the limits offers, counter-offers
 * and circle proposals share, and the one every chat shares.
 */
export function consumeOfferAllowance(ctx: AppContext, sender: Actor): Promise<void> {
  return ctx.rateLimiter.consume(
    {
      key: `offers:user:${sender.id}`,
      limit: ctx.config.rateLimits.offersPerHour,
      windowMs: 60 * 60 * 1000,
    },
    'You have sent a lot of offers in the last hour. Please wait a little before sending more.',
  );
}

export function consumeMessageAllowance(ctx: AppContext, author: Actor): Promise<void> {
  return ctx.rateLimiter.consume(
    {
      key: `messages:user:${author.id}`,
      limit: ctx.config.rateLimits.messagesPerFiveMinutes,
      windowMs: 5 * 60 * 1000,
    },
    'You are sending messages very quickly. Please wait a moment.',
  );
}
