import { Inbox, Send } from 'lucide-react';
import { Link } from 'react-router';
import type { SwapRequest } from '../../../../shared/swaps';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { LoadMoreButton } from '../../../components/ui/load-more-button';
import { useI18n } from '../../../lib/use-i18n';
import { offerChain } from '../offer-chain';
import { OfferCard } from './offer-card';

function NoOffers({ kind }: { kind: 'received' | 'made' }) {
  const { _ } = useI18n();
  return kind === 'received' ? (
    <EmptyState
      icon={Inbox}
      title={_('offers.noneReceived.title')}
      text={_('offers.noneReceived.text')}
    >
      <Button asChild>
        <Link to="/create-listing">{_('nav.listItem')}</Link>
      </Button>
    </EmptyState>
  ) : (
    <EmptyState icon={Send} title={_('offers.noneMade.title')} text={_('offers.noneMade.text')}>
      <Button asChild>
        <Link to="/browse">{_('offers.browse')}</Link>
      </Button>
    </EmptyState>
  );
}

/** Below the cards while older offers can be fetched (the server pages them by `before`). */
export function OlderOffersButton({ older }: { older?: { show: () => void; pending: boolean } }) {
  const { _ } = useI18n();
  if (!older) return null;
  return (
    <div className="flex justify-center">
      <LoadMoreButton label={_('offers.older')} loadingLabel={_('header.loading')} more={older} />
    </div>
  );
}

/** The offer cards of one side of My Offers, or what to do when there are none. */
export function OfferList({
  kind,
  requests,
  all = requests,
  userId,
}: {
  kind: 'received' | 'made';
  requests: SwapRequest[];
  /** Every offer of the member, sent and received: a negotiation crosses both sides. */
  all?: SwapRequest[];
  userId: string;
}) {
  if (requests.length === 0) return <NoOffers kind={kind} />;
  return requests.map((request) => (
    <OfferCard
      key={request.id}
      request={request}
      userId={userId}
      chain={offerChain(request, all)}
    />
  ));
}
