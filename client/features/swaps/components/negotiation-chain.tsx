import type { SwapRequest } from '../../../../shared/swaps';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { StatusBadge } from './status-badge';

/**
 * Issue 18 §5: where this offer stands in its negotiation (offer → counter-offer → …), each step
 * with who made it and its status; the others link to their cards on the page.
 */
export function NegotiationChain({
  chain,
  current,
  userId,
}: {
  chain: readonly SwapRequest[];
  current: number;
  userId: string;
}) {
  return (
    <nav aria-label="Negotiation" className="rounded-xl bg-amber-50/60 p-3 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {chain[0]?.counterOfId !== null && (
          <li className="text-muted" aria-label="Earlier offers not shown">
            … →
          </li>
        )}
        {chain.map((step, i) => {
          const label = step.counterOfId === null ? 'Offer' : 'Counter-offer';
          const by = step.fromUserId === userId ? 'you' : displayName(step.fromUser);
          const content = (
            <>
              <span className={cn(step.id === current && 'font-semibold')}>
                {label} by {by}
              </span>{' '}
              <StatusBadge status={step.status} />
            </>
          );
          return (
            <li key={step.id} className="flex items-center gap-2" data-testid="chain-step">
              {i > 0 && <span aria-hidden>→</span>}
              {step.id === current ? (
                <span aria-current="step">{content}</span>
              ) : (
                <a href={`#offer-${step.id}`} className="hover:underline">
                  {content}
                </a>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
