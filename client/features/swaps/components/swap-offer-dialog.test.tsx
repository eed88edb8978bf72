import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../../shared/items';
import { fakeApi } from '../../../testing/fake-api';
import { listingsByOwner, ownedListing } from '../../../testing/items';
import { person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { type OfferPreselection, SwapOfferDialog } from './swap-offer-dialog';

afterEach(() => vi.unstubAllGlobals());

const kettle: Item = {
  id: 10,
  title: 'Kettle',
  description: 'A kettle',
  categoryId: null,
  category: null,
  condition: 'good',
  images: [],
  userId: 'owner',
  user: { ...person('owner'), averageRating: 0, totalRatings: 0 },
  wantedItems: null,
  estimatedValue: null,
  isOpenToOffers: true,
  mode: 'swap',
  fairChanceHours: null,
  requestsOpenUntil: null,
  location: null,
  area: null,
  isActive: true,
  isReserved: false,
  origin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function Opener({ preselected }: { preselected?: OfferPreselection }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Make Swap Offer
      </button>
      <SwapOfferDialog
        item={kettle}
        me="me"
        open={open}
        onOpenChange={setOpen}
        preselected={preselected}
      />
    </>
  );
}

const nobodyListsAnything = { 'GET /api/items': listingsByOwner({}) };

describe('SwapOfferDialog', () => {
  it('sends the message and what is offered, then closes with a fresh form', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      ...nobodyListsAnything,
      'POST /api/swap-requests': { status: 201, body: { id: 3 } },
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Swap Offer' });
    expect(dialog).toHaveAccessibleDescription('For “Kettle”');
    const message = screen.getByLabelText('Your Message');
    expect(message).toHaveAttribute('maxLength', '2000');
    const offer = screen.getByLabelText('What are you offering? (Optional)');
    expect(offer).toHaveAttribute('maxLength', '1000');
    await user.type(message, '  Hello  ');
    await user.type(offer, 'Boots');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    // One listing each way: SPEC §7's shape, as before bundles.
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      {
        route: 'POST /api/swap-requests',
        body: {
          itemId: 10,
          toUserId: 'owner',
          message: 'Hello',
          offerDescription: 'Boots',
          offerImages: [],
          status: 'pending',
          offeredItemId: null,
        },
      },
    ]);
    expect(await screen.findByText('Swap offer sent!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    expect(await screen.findByLabelText('Your Message')).toHaveValue('');
  });

  it('asks for a message before sending, and Cancel forgets the draft', async () => {
    const user = userEvent.setup();
    const calls = fakeApi(nobodyListsAnything);
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Message required')).toBeInTheDocument();
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([]);
    await user.type(screen.getByLabelText('What are you offering? (Optional)'), 'Boots');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    expect(await screen.findByLabelText('What are you offering? (Optional)')).toHaveValue('');
  });

  it("asks for more of the owner's free listings and offers the member's, preselected as a match chose", async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/items': listingsByOwner({
        owner: [
          ownedListing(10, 'Kettle', 'owner'),
          ownedListing(11, 'Tent', 'owner'),
          ownedListing(12, 'Stove', 'owner', { isReserved: true }),
          ownedListing(13, 'Lamp', 'owner', { isActive: false }),
        ],
        me: [
          ownedListing(20, 'Boots', 'me'),
          ownedListing(21, 'Drum', 'me'),
          ownedListing(22, 'Sofa', 'me', { isActive: false }),
        ],
      }),
      'POST /api/swap-requests': { status: 201, body: { id: 3 } },
    });
    renderWithProviders(<Opener preselected={{ also: [11, 12], offered: [20] }} />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Swap Offer' });
    const asked = within(dialog).getByRole('group', { name: 'You ask for' });
    // The kettle is asked for anyway; the reserved stove and the unlisted lamp cannot be.
    expect(within(asked).getByText('The listing you opened')).toBeInTheDocument();
    expect(await within(asked).findByRole('checkbox', { name: 'Tent' })).toBeChecked();
    expect(within(asked).getAllByRole('checkbox')).toHaveLength(1);
    expect(asked).toHaveAccessibleDescription('2 of 5 listings');
    expect(dialog).toHaveAccessibleDescription('For “Kettle” and 1 more of owner’s listings');
    const offered = within(dialog).getByRole('group', {
      name: 'Your listings to offer (Optional)',
    });
    expect(await within(offered).findByRole('checkbox', { name: 'Boots' })).toBeChecked();
    expect(within(offered).getAllByRole('checkbox')).toHaveLength(2);
    await user.click(within(offered).getByRole('checkbox', { name: 'Drum' }));
    expect(offered).toHaveAccessibleDescription('2 of 5 chosen');
    expect(within(dialog).getByTestId('summary')).toHaveTextContent(
      'You ask for Kettle and Tent. You offer your listings Boots and Drum in exchange.',
    );
    await user.type(screen.getByLabelText('Your Message'), 'All of it?');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      {
        route: 'POST /api/swap-requests',
        body: {
          itemIds: [10, 11],
          offeredItemIds: [20, 21],
          toUserId: 'owner',
          message: 'All of it?',
          offerDescription: null,
          offerImages: [],
          status: 'pending',
        },
      },
    ]);
  });

  it('lets no side name more than five listings', async () => {
    const user = userEvent.setup();
    const many = (userId: string, from: number) =>
      Array.from({ length: 6 }, (_, i) => ownedListing(from + i, `${userId} thing ${i}`, userId));
    fakeApi({
      'GET /api/items': listingsByOwner({ owner: many('owner', 30), me: many('me', 40) }),
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Swap Offer' });
    const asked = within(dialog).getByRole('group', { name: 'You ask for' });
    const theirs = await within(asked).findAllByRole('checkbox');
    expect(theirs).toHaveLength(6);
    // The kettle and four more make five: the other two wait.
    for (const box of theirs.slice(0, 4)) await user.click(box);
    expect(asked).toHaveAccessibleDescription('5 of 5 listings');
    expect(theirs.slice(4).map((box) => (box as HTMLInputElement).disabled)).toEqual([true, true]);
    await user.click(theirs[0] as HTMLElement);
    expect(theirs[5]).toBeEnabled();
    const offered = within(dialog).getByRole('group', {
      name: 'Your listings to offer (Optional)',
    });
    const mine = within(offered).getAllByRole('checkbox');
    for (const box of mine.slice(0, 5)) await user.click(box);
    expect(offered).toHaveAccessibleDescription('5 of 5 chosen');
    expect(mine[5]).toBeDisabled();
  });

  it("shows the server's refusal in the dialog and keeps the draft", async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/items': listingsByOwner({ owner: [ownedListing(11, 'Tent', 'owner')] }),
      'POST /api/swap-requests': {
        status: 409,
        body: { message: '“Tent” is reserved by a swap in progress' },
      },
    });
    renderWithProviders(<Opener preselected={{ also: [11], offered: [] }} />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Swap Offer' });
    await user.type(screen.getByLabelText('Your Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send Offer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '“Tent” is reserved by a swap in progress',
    );
    expect(await screen.findByText('Failed to send offer')).toBeInTheDocument();
    expect(screen.getByLabelText('Your Message')).toHaveValue('Hello');
    expect(within(dialog).getByRole('checkbox', { name: 'Tent' })).toBeChecked();
  });
});
