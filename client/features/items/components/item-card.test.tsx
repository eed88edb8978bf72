import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REMOTE_LISTING } from '../../../../shared/policies/items';
import { fakeApi, member } from '../../../testing/fake-api';
import { listing, remoteListing } from '../../../testing/items';
import { renderWithProviders } from '../../../testing/render';
import { ItemCard } from './item-card';

afterEach(() => vi.unstubAllGlobals());

const signedIn = (extra: Record<string, unknown> = {}) =>
  fakeApi({
    'GET /api/auth/user': member,
    'GET /api/saved-items/ids': { itemIds: [] },
    ...extra,
  });
const signedOut = () =>
  fakeApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });

describe('ItemCard of another community’s listing', () => {
  it('links its owner and its community out, in a new tab, and says why there is no offer', async () => {
    signedIn();
    renderWithProviders(<ItemCard item={remoteListing()} />);
    const card = await screen.findByRole('article');
    const owner = within(card).getByRole('link', { name: /ann@north\.example/ });
    expect(owner).toHaveAttribute('href', 'https://north.example/profile/ann');
    expect(owner).toHaveAttribute('target', '_blank');
    expect(owner).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(owner).toHaveAccessibleName('ann@north.example (opens in a new tab)');
    expect(card).toHaveTextContent('From North Swaps');
    const from = within(card).getByRole('link', { name: /North Swaps/ });
    expect(from).toHaveAttribute('href', 'https://north.example/item/3');
    expect(from).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(card).toHaveTextContent(REMOTE_LISTING);
    expect(within(card).queryByRole('link', { name: 'Make Offer' })).toBeNull();
    expect(within(card).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/item/7',
    );
  });

  it('can still be saved', async () => {
    const user = userEvent.setup();
    const calls = signedIn({ 'POST /api/items/7/save': { isSaved: true } });
    renderWithProviders(<ItemCard item={remoteListing()} />);
    await user.click(await screen.findByRole('button', { name: 'Save item' }));
    await waitFor(() => expect(calls.map((c) => c.route)).toContain('POST /api/items/7/save'));
    expect(await screen.findByRole('button', { name: 'Remove from saved items' })).toBeVisible();
  });

  it('tells a visitor the same instead of asking them to sign in', async () => {
    signedOut();
    renderWithProviders(<ItemCard item={remoteListing()} />);
    const card = await screen.findByRole('article');
    await waitFor(() => expect(card).toHaveTextContent(REMOTE_LISTING));
    expect(within(card).queryByRole('link', { name: 'Sign in to Offer' })).toBeNull();
  });

  it('names the host when the community has no name, and links nothing but http(s)', async () => {
    signedIn();
    renderWithProviders(
      <ItemCard
        item={remoteListing({
          origin: {
            host: 'north.example',
            instanceName: null,
            url: 'javascript:alert(1)',
            ownerUrl: null,
            offersTravel: false,
          },
        })}
      />,
    );
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('From north.example');
    expect(within(card).queryByRole('link', { name: /north\.example/ })).toBeNull();
  });
});

describe('ItemCard of a community that trades with this one', () => {
  it('offers Make Offer: the offer travels to the listing’s home', async () => {
    signedIn();
    const base = remoteListing();
    const item = remoteListing({
      origin: base.origin && { ...base.origin, offersTravel: true },
    });
    renderWithProviders(<ItemCard item={item} />);
    const card = await screen.findByRole('article');
    expect(await within(card).findByRole('link', { name: 'Make Offer' })).toHaveAttribute(
      'href',
      `/item/${item.id}?action=offer`,
    );
    expect(card).toHaveTextContent('From North Swaps');
    expect(card).not.toHaveTextContent(REMOTE_LISTING);
  });
});

describe('ItemCard of this community’s listing', () => {
  it('is as before: the owner’s name as text, no origin, Make Offer', async () => {
    signedIn();
    renderWithProviders(<ItemCard item={listing()} />);
    const card = await screen.findByRole('article');
    expect(await within(card).findByRole('link', { name: 'Make Offer' })).toHaveAttribute(
      'href',
      '/item/7?action=offer',
    );
    expect(within(card).getByText('grace').tagName).toBe('SPAN');
    expect(card).not.toHaveTextContent('From');
    expect(card).not.toHaveTextContent(REMOTE_LISTING);
  });

  it('asks a visitor to sign in', async () => {
    signedOut();
    renderWithProviders(<ItemCard item={listing()} />);
    expect(await screen.findByRole('link', { name: 'Sign in to Offer' })).toHaveAttribute(
      'href',
      '/auth',
    );
  });
});

describe('ItemCard of a give-away', () => {
  it('says "Free" in a badge and that nothing is wanted, where a swap says what it wants', async () => {
    signedOut();
    renderWithProviders(
      <ItemCard item={listing({ mode: 'giveaway', fairChanceHours: 12, isOpenToOffers: false })} />,
    );
    const card = await screen.findByRole('article');
    expect(within(card).getByText('Free')).toBeVisible();
    expect(card).toHaveTextContent('Free to a good home - nothing wanted in return');
    expect(card).not.toHaveTextContent('Wants:');
    expect(card).not.toHaveTextContent('Open to offers');
  });

  it('is not said of a swap', async () => {
    signedOut();
    renderWithProviders(
      <ItemCard item={listing({ wantedItems: 'A fiddle', isOpenToOffers: false })} />,
    );
    const card = await screen.findByRole('article');
    expect(within(card).queryByText('Free')).toBeNull();
    expect(card).toHaveTextContent('Wants: A fiddle');
  });
});
