import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SwapRequest } from '../../../../shared/swaps';
import { offer, offerItem } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { offerChain } from '../offer-chain';
import { OfferList } from './offer-list';

/** ann offers her drum for bob's guitar; bob counters asking for her piano; ann counters again. */
function step(
  id: number,
  from: 'ann' | 'bob',
  status: SwapRequest['status'],
  links: { counterOfId: number | null; counteredById: number | null },
): SwapRequest {
  const to = from === 'ann' ? 'bob' : 'ann';
  return offer({
    id,
    fromUserId: from,
    toUserId: to,
    itemId: id * 10,
    offeredItemId: id * 10 + 1,
    message: `Step ${id}`,
    offerDescription: null,
    status,
    ...links,
    item: offerItem(id * 10, `Wanted ${id}`, to),
    offeredItem: offerItem(id * 10 + 1, `Offered ${id}`, from),
  });
}

const opening = step(1, 'ann', 'countered', { counterOfId: null, counteredById: 2 });
const counter = step(2, 'bob', 'countered', { counterOfId: 1, counteredById: 3 });
const again = step(3, 'ann', 'pending', { counterOfId: 2, counteredById: null });
const unrelated = step(4, 'ann', 'pending', { counterOfId: null, counteredById: null });
const all = [again, unrelated, counter, opening];

describe('offerChain', () => {
  it('walks back and forth from any step, oldest first', () => {
    for (const request of [opening, counter, again]) {
      expect(offerChain(request, all).map((r) => r.id)).toEqual([1, 2, 3]);
    }
    expect(offerChain(unrelated, all).map((r) => r.id)).toEqual([4]);
  });

  it('stops where an offer is not loaded', () => {
    expect(offerChain(again, [again, counter]).map((r) => r.id)).toEqual([2, 3]);
  });
});

describe('offer cards show the negotiation', () => {
  it('shows each step with who made it and its status, the card’s own marked', () => {
    renderWithProviders(
      <OfferList kind="received" requests={[again, unrelated]} all={all} userId="bob" />,
    );
    const navs = screen.getAllByRole('navigation', { name: 'Negotiation' });
    // The unrelated offer has no chain.
    expect(navs).toHaveLength(1);
    const steps = within(navs[0] as HTMLElement).getAllByTestId('chain-step');
    expect(steps.map((li) => li.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      'Offer by ann Countered',
      '→Counter-offer by you Countered',
      '→Counter-offer by ann Pending',
    ]);
    const current = within(navs[0] as HTMLElement).getByText('Counter-offer by ann');
    expect(current.closest('[aria-current="step"]')).not.toBeNull();
    // The earlier steps link to their cards.
    expect(
      within(navs[0] as HTMLElement)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#offer-1', '#offer-2']);
    expect(document.getElementById('offer-3')).not.toBeNull();
  });

  it('gives the receiver of the pending counter-offer the counter-offer action, not its sender', () => {
    const { unmount } = renderWithProviders(
      <OfferList kind="received" requests={[again]} all={all} userId="bob" />,
    );
    expect(screen.getByRole('button', { name: 'Counter-offer' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
    unmount();
    renderWithProviders(<OfferList kind="made" requests={[again]} all={all} userId="ann" />);
    expect(screen.queryByRole('button', { name: 'Counter-offer' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Withdraw' })).toBeTruthy();
  });

  it('marks a counter-offer whose earlier steps are not loaded', () => {
    renderWithProviders(<OfferList kind="made" requests={[again]} all={[again]} userId="ann" />);
    const nav = screen.getByRole('navigation', { name: 'Negotiation' });
    expect(within(nav).getByLabelText('Earlier offers not shown')).toBeTruthy();
    expect(within(nav).getByText('Counter-offer by you')).toBeTruthy();
  });
});
