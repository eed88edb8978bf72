import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.offers';
import type { SwapRequest } from '../../../../shared/swaps';
import { cn } from '../../../lib/cn';
import { displayName } from '../../../lib/format';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { StatusBadge } from './status-badge';

addMessages('offers', englishMessages);

/** The chain's arrow, pointing the way the page reads (left in Arabic). */
const arrow = <span className="inline-block rtl:-scale-x-100">→</span>;

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
  const { _ } = useI18n();
  return (
    <nav aria-label={_('offers.chain')} className="rounded-xl bg-amber-50/60 p-3 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {chain[0]?.counterOfId !== null && (
          <li className="text-muted" aria-label={_('offers.chain.earlier')}>
            … {arrow}
          </li>
        )}
        {chain.map((step, i) => {
          const content = (
            <>
              <span className={cn(step.id === current && 'font-semibold')}>
                {_('offers.chain.step', {
                  step: step.counterOfId === null ? 'offer' : 'counter',
                  by: step.fromUserId === userId ? 'you' : 'other',
                  name: displayName(step.fromUser),
                })}
              </span>{' '}
              <StatusBadge status={step.status} />
            </>
          );
          return (
            <li key={step.id} className="flex items-center gap-2" data-testid="chain-step">
              {i > 0 && <span aria-hidden>{arrow}</span>}
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
