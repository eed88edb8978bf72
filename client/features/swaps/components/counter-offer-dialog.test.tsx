import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { offer, offerItem } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { CounterOfferDialog } from './counter-offer-dialog';

afterEach(() => vi.unstubAllGlobals());

const request = offer({ offeredItemId: 20 });
const listing = (id: number, title: string, isActive = true) => ({
  ...offerItem(id, title, 'sender'),
  isActive,
});

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Counter-offer
      </button>
      <CounterOfferDialog request={request} open={open} onOpenChange={setOpen} />
    </>
  );
}

describe('CounterOfferDialog', () => {
  it("offers the sender's other active listings and sends the choice with a message", async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/items': [listing(20, 'Lamp'), listing(21, 'Tent'), listing(22, 'Stove', false)],
      'POST /api/swap-requests/1/counter': request,
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' });
    expect(dialog).toHaveAccessibleDescription(
      'Ask sender for another of their listings in exchange for “Kettle”.',
    );
    // Not the lamp already offered, nor the stove that is no longer listed.
    expect(await screen.findAllByRole('radio')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Choose one of sender's listings.");
    await user.click(screen.getByRole('radio', { name: /Tent/ }));
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message.');
    const message = screen.getByLabelText('Your Message');
    expect(message).toHaveAttribute('maxLength', '2000');
    await user.type(message, 'The tent, please');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      {
        route: 'POST /api/swap-requests/1/counter',
        body: { itemId: 21, message: 'The tent, please' },
      },
    ]);
    expect(await screen.findByText('Counter-offer sent')).toBeInTheDocument();
  });

  it('shows a refusal in the dialog, and Cancel forgets the draft', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/items': [listing(21, 'Tent')],
      'POST /api/swap-requests/1/counter': {
        status: 409,
        body: { message: 'This offer is no longer pending' },
      },
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    await user.click(await screen.findByRole('radio', { name: /Tent/ }));
    await user.type(screen.getByLabelText('Your Message'), 'Tent?');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is no longer pending');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    expect(await screen.findByLabelText('Your Message')).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
