import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairChanceRefusal } from '../../../../shared/giveaways';
import type { SwapRequest } from '../../../../shared/swaps';
import { MyOffersPage } from '../../../app/pages/my-offers-page';
import { fakeApi, member } from '../../../testing/fake-api';
import { offer, offerItem, person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { OfferCard } from './offer-card';

/**
 * Issue 38 §2: the giver draws a winner from their request cards in My Offers as from the
 * give-away's page (giveaway-draw.tsx): only after the fair chance, confirmed first, the winner
 * said.
 */

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const at = (offset: number) => new Date(Date.now() + offset).toISOString();

/** Cat asks Ada (the member) for her sofa, a give-away whose fair chance ends at `until`. */
function requestFor(until: string, extra: Partial<SwapRequest> = {}): SwapRequest {
  const sofa = {
    ...offerItem(10, 'Sofa', member.id),
    mode: 'giveaway' as const,
    requestsOpenUntil: until,
  };
  return offer({
    fromUserId: 'cat',
    fromUser: person('cat'),
    toUserId: member.id,
    toUser: person(member.id),
    item: sofa,
    items: [sofa],
    offerDescription: null,
    ...extra,
  });
}

const drawButton = () => screen.queryByRole('button', { name: 'Draw a winner at random' });

describe('the draw on a request card', () => {
  it('in My Offers, after the fair chance, draws once confirmed and says who won', async () => {
    const user = userEvent.setup();
    const pending = requestFor(at(-HOUR));
    let current = pending;
    const calls = fakeApi({
      'GET /api/auth/user': member,
      'GET /api/circles': [],
      'GET /api/swap-requests': () => [current],
      'POST /api/items/10/draw': () => {
        current = { ...pending, status: 'accepted' };
        return current;
      },
    });
    renderWithProviders(<MyOffersPage />, { path: '/my-offers' });
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Draw a winner at random' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Draw a winner at random?' });
    expect(confirm).toHaveTextContent('One of the pending requests for “Sofa” is picked at random');
    expect(calls.some((call) => call.route.includes('/draw'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Draw' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(
      'cat won the draw. Their request is accepted.',
    );
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      { route: 'POST /api/items/10/draw', body: undefined },
    ]);
    // The card, refetched, is the accepted request: nothing left to draw.
    expect(await within(card).findByText('Accepted')).toBeInTheDocument();
    expect(drawButton()).not.toBeInTheDocument();
  });

  it('is disabled while the fair chance runs, saying until when', () => {
    fakeApi({});
    const until = at(5 * HOUR);
    renderWithProviders(<OfferCard request={requestFor(until)} userId={member.id} />);
    expect(drawButton()).toBeDisabled();
    expect(drawButton()).toHaveAccessibleDescription(`${fairChanceRefusal(new Date(until))}.`);
  });

  it('shows the server’s refusal on the card', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/items/10/draw': {
        status: 409,
        body: { message: '“Sofa” is no longer available' },
      },
    });
    renderWithProviders(<OfferCard request={requestFor(at(-HOUR))} userId={member.id} />);
    await user.click(screen.getByRole('button', { name: 'Draw a winner at random' }));
    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('“Sofa” is no longer available');
  });

  it('is the giver’s, on pending requests for a give-away only', () => {
    fakeApi({});
    const over = at(-HOUR);
    const cases = [
      <OfferCard key="requester" request={requestFor(over)} userId="cat" />,
      <OfferCard
        key="accepted"
        request={requestFor(over, { status: 'accepted' })}
        userId={member.id}
      />,
      <OfferCard
        key="swap"
        request={offer({ toUserId: member.id, toUser: person(member.id) })}
        userId={member.id}
      />,
    ];
    for (const card of cases) {
      const { unmount } = renderWithProviders(card);
      expect(screen.getByRole('article')).toBeInTheDocument();
      expect(drawButton()).not.toBeInTheDocument();
      unmount();
    }
  });
});
