import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFERS_PAGE_SIZE } from '../../../shared/swap-display';
import { fakeApi, member } from '../../testing/fake-api';
import { offer } from '../../testing/offers';
import { renderWithProviders } from '../../testing/render';
import { MyOffersPage } from './my-offers-page';

/** An offer received by the member, on one of their listings. */
const received = (id: number) =>
  offer({
    id,
    fromUserId: `sender${id}`,
    toUserId: member.id,
    message: `Offer number ${id}`,
    status: 'rejected',
  });

// A short page keeps the test quick: the page size is the server's default, read from shared/.
vi.mock('../../../shared/swap-display', async (original) => ({
  ...(await original<typeof import('../../../shared/swap-display')>()),
  OFFERS_PAGE_SIZE: 3,
}));

afterEach(() => vi.unstubAllGlobals());

describe('MyOffersPage', () => {
  it('counts every offer in the tabs, loaded or not, and shows older ones a page at a time', async () => {
    // The member has OFFERS_PAGE_SIZE + 2 offers, ids descending with their activity.
    const all = Array.from({ length: OFFERS_PAGE_SIZE + 2 }, (_, i) => received(1000 - i));
    const calls = fakeApi({
      'GET /api/auth/user': member,
      'GET /api/circles': [],
      'GET /api/swap-requests/counts': { received: OFFERS_PAGE_SIZE + 2, made: 0 },
      'GET /api/swap-requests': ({ url }: { url: URL }) => {
        const before = Number(url.searchParams.get('before') ?? Number.POSITIVE_INFINITY);
        return all.filter((offer) => offer.id < before).slice(0, OFFERS_PAGE_SIZE);
      },
    });
    renderWithProviders(<MyOffersPage />, { path: '/my-offers' });
    expect(
      await screen.findByRole('tab', { name: `Received (${OFFERS_PAGE_SIZE + 2})` }),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Made (0)' })).toBeInTheDocument();
    const shown = (id: number) => screen.queryByText(`“Offer number ${id}”`);
    expect(shown(1000 - OFFERS_PAGE_SIZE + 1)).toBeVisible();
    expect(shown(1000 - OFFERS_PAGE_SIZE)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Show older offers' }));
    expect(await screen.findByText(`“Offer number ${1000 - OFFERS_PAGE_SIZE - 1}”`)).toBeVisible();
    expect(screen.getByRole('tab', { name: `Received (${OFFERS_PAGE_SIZE + 2})` })).toBeVisible();
    expect(calls.map((c) => c.route)).toContain(
      `GET /api/swap-requests?limit=${OFFERS_PAGE_SIZE}&before=${1000 - OFFERS_PAGE_SIZE + 1}`,
    );
    // A short page: that was the start of the history.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Show older offers' })).not.toBeInTheDocument(),
    );
  });

  it('offers no older page when the first page is not full, counting what it has until the counts answer', async () => {
    fakeApi({
      'GET /api/auth/user': member,
      'GET /api/circles': [],
      'GET /api/swap-requests': [received(5), received(4)],
    });
    renderWithProviders(<MyOffersPage />, { path: '/my-offers' });
    expect(await screen.findByRole('tab', { name: 'Received (2)' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show older offers' })).not.toBeInTheDocument();
  });
});
