import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairChanceRefusal } from '../../../shared/giveaways';
import type { Item } from '../../../shared/items';
import { REMOTE_LISTING } from '../../../shared/policies/items';
import { fakeApi, member } from '../../testing/fake-api';
import { listing, listingsByOwner, ownedListing, remoteListing } from '../../testing/items';
import { renderWithProviders } from '../../testing/render';
import { ItemDetailPage } from './item-detail-page';

afterEach(() => vi.unstubAllGlobals());

function serve(item: Item, extra: Record<string, unknown> = {}) {
  return fakeApi({
    'GET /api/auth/user': member,
    'GET /api/saved-items/ids': { itemIds: [] },
    [`GET /api/items/${item.id}`]: item,
    ...extra,
  });
}

const renderPage = (id = 7) =>
  renderWithProviders(<ItemDetailPage />, { path: `/item/${id}`, route: '/item/:id' });

describe('ItemDetailPage of another community’s listing', () => {
  it('links its owner and community out, and has no offer button, only why', async () => {
    serve(remoteListing());
    renderPage();
    await screen.findByRole('heading', { name: 'Banjo' });
    const owner = screen.getByRole('link', { name: 'ann@north.example (opens in a new tab)' });
    expect(owner).toHaveAttribute('href', 'https://north.example/profile/ann');
    expect(owner).toHaveAttribute('target', '_blank');
    expect(owner).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const profile = screen.getByRole('link', { name: /View Profile/ });
    expect(profile).toHaveAttribute('href', 'https://north.example/profile/ann');
    expect(profile).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    const from = screen.getByRole('link', { name: 'North Swaps (opens in a new tab)' });
    expect(from).toHaveAttribute('href', 'https://north.example/item/3');
    expect(from.closest('p')).toHaveTextContent('From North Swaps');
    expect(screen.getByText(REMOTE_LISTING)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Make Swap Offer/ })).toBeNull();
    expect(screen.queryByRole('link', { name: /Make Offer/ })).toBeNull();
    // Naming it among one's wants works across communities.
    expect(await screen.findByRole('button', { name: /I'd swap for this/ })).toBeVisible();
    // Nothing links to the local profile page, which has nothing of theirs.
    expect(
      screen.getAllByRole('link').filter((link) => link.getAttribute('href') === '/profile/r1'),
    ).toEqual([]);
  });

  it('saves', async () => {
    const user = userEvent.setup();
    const calls = serve(remoteListing(), { 'POST /api/items/7/save': { isSaved: true } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain('POST /api/items/7/save'));
  });
});

describe('ItemDetailPage of this community’s listing', () => {
  it('is as before: the local profile, Make Swap Offer, no origin', async () => {
    serve(listing());
    renderPage();
    await screen.findByRole('heading', { name: 'Banjo' });
    expect(screen.getByRole('link', { name: 'View Profile' })).toHaveAttribute(
      'href',
      '/profile/u2',
    );
    expect(await screen.findByRole('button', { name: 'Make Swap Offer' })).toBeEnabled();
    expect(screen.queryByText(/^From /)).toBeNull();
    expect(screen.queryByText(REMOTE_LISTING)).toBeNull();
  });
});

describe("ItemDetailPage's offer link from a match", () => {
  it('opens the offer form with the listings the link names chosen', async () => {
    serve(listing(), {
      'GET /api/items': listingsByOwner({
        u2: [listing(), ownedListing(8, 'Ukulele', 'u2'), ownedListing(9, 'Fiddle', 'u2')],
        [member.id]: [ownedListing(1, 'Compass', member.id), ownedListing(2, 'Loom', member.id)],
      }),
      'GET /api/items/7/wanted-by': { itemIds: [], items: [] },
    });
    renderWithProviders(<ItemDetailPage />, {
      path: '/item/7?action=offer&also=9&offered=2',
      route: '/item/:id',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Send Swap Offer' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Fiddle' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Ukulele' })).not.toBeChecked();
    expect(await within(dialog).findByRole('checkbox', { name: 'Loom' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Compass' })).not.toBeChecked();
    expect(within(dialog).getByTestId('summary')).toHaveTextContent(
      'You ask for Banjo and Fiddle. You offer your listing Loom in exchange.',
    );
  });
});

describe('ItemDetailPage of a give-away', () => {
  it('says Free, how long requests stay open, and that nothing is wanted; its owner names no wants', async () => {
    const free = listing({
      mode: 'giveaway',
      fairChanceHours: 24,
      isOpenToOffers: false,
      userId: member.id,
      user: { ...listing().user, id: member.id },
    });
    serve(free, { 'GET /api/items/7/wants': { itemIds: [], items: [] } });
    renderPage();
    await screen.findByRole('heading', { name: 'Banjo' });
    expect(screen.getByText('Free')).toBeVisible();
    expect(screen.getByText('Given away for free')).toBeVisible();
    expect(
      screen.getByText('Requests stay open 24 hours so everyone has a fair chance.'),
    ).toBeVisible();
    expect(screen.getByText('Nothing: it is free to a good home.')).toBeVisible();
    expect(screen.queryByText(/Open to Offers:/)).toBeNull();
    // A give-away wants nothing back: no "What would you take for this?" for its owner.
    expect(screen.queryByText(/What would you take for this/)).toBeNull();
    // The giver's own panel: the draw waits for the fair chance.
    expect(screen.getByRole('heading', { name: 'Requests for your give-away' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Draw a winner at random' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Your Item' })).toBeNull();
  });

  it('asks another member for a request, not a swap offer, and says until when requests stay open', async () => {
    const user = userEvent.setup();
    const until = new Date(Date.now() + 5 * 3_600_000);
    serve(
      listing({ mode: 'giveaway', fairChanceHours: 5, requestsOpenUntil: until.toISOString() }),
    );
    renderPage();
    await screen.findByRole('heading', { name: 'Banjo' });
    expect(screen.queryByRole('button', { name: 'Make Swap Offer' })).toBeNull();
    expect(screen.getByTestId('fair-chance')).toHaveTextContent(`${fairChanceRefusal(until)}.`);
    await user.click(await screen.findByRole('button', { name: 'Request it' }));
    expect(await screen.findByRole('dialog', { name: 'Request this give-away' })).toBeVisible();
  });
});

describe('I’d swap for this', () => {
  it('offers the member’s swaps to give for it, never their give-aways', async () => {
    const user = userEvent.setup();
    const mine = (id: number, title: string, mode: 'swap' | 'giveaway') =>
      listing({
        id,
        title,
        mode,
        fairChanceHours: mode === 'giveaway' ? 12 : null,
        userId: member.id,
        user: { ...listing().user, id: member.id },
      });
    serve(listing(), {
      'GET /api/items': [mine(21, 'Fiddle', 'swap'), mine(22, 'Free kazoo', 'giveaway')],
      'GET /api/items/7/wanted-by': { itemIds: [], items: [] },
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: /I'd swap for this/ }));
    expect(await screen.findByRole('checkbox', { name: 'Fiddle' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Free kazoo' })).toBeNull();
  });
});
