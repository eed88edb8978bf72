import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../../shared/items';
import { fakeApi } from '../../../testing/fake-api';
import { person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { SwapOfferDialog } from './swap-offer-dialog';

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
  location: null,
  area: null,
  isActive: true,
  isReserved: false,
  origin: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Make Swap Offer
      </button>
      <SwapOfferDialog item={kettle} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('SwapOfferDialog', () => {
  it('sends the message and what is offered, then closes with a fresh form', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /api/swap-requests': { status: 201, body: { id: 3 } } });
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
    expect(calls).toEqual([
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
    const calls = fakeApi({});
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    await user.click(await screen.findByRole('button', { name: 'Send Offer' }));
    expect(await screen.findByText('Message required')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.type(screen.getByLabelText('What are you offering? (Optional)'), 'Boots');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Make Swap Offer' }));
    expect(await screen.findByLabelText('What are you offering? (Optional)')).toHaveValue('');
  });
});
