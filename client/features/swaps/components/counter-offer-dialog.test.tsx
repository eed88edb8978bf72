import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COUNTER_SAME_ITEM } from '../../../../shared/policies/swaps';
import { fakeApi } from '../../../testing/fake-api';
import { listingsByOwner, ownedListing } from '../../../testing/items';
import { offer, offerItem } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { CounterOfferDialog } from './counter-offer-dialog';

afterEach(() => vi.unstubAllGlobals());

const lamp = offerItem(20, 'Lamp', 'sender');
/** The sender offers their lamp for the owner's kettle. */
const request = offer({ offeredItemId: 20, offeredItem: lamp, offeredItems: [lamp] });
const listings = listingsByOwner({
  sender: [
    ownedListing(20, 'Lamp', 'sender'),
    ownedListing(21, 'Tent', 'sender'),
    ownedListing(22, 'Stove', 'sender', { isActive: false }),
  ],
  owner: [ownedListing(10, 'Kettle', 'owner'), ownedListing(11, 'Mug', 'owner')],
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
  it('starts from the offer as it stands and sends both sides as changed', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/items': listings,
      'POST /api/swap-requests/1/counter': request,
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' });
    expect(dialog).toHaveAccessibleDescription(
      'Change what you ask sender for, what you offer in return, or both.',
    );
    const theirs = within(dialog).getByRole('group', { name: "sender's listings you ask for" });
    const mine = within(dialog).getByRole('group', { name: 'Your listings to offer (Optional)' });
    // Their listings on the market (not the stove), the lamp they offered ticked; my kettle too.
    expect(await within(theirs).findByRole('checkbox', { name: 'Lamp' })).toBeChecked();
    expect(within(theirs).getByRole('checkbox', { name: 'Tent' })).not.toBeChecked();
    expect(within(theirs).getAllByRole('checkbox')).toHaveLength(2);
    expect(await within(mine).findByRole('checkbox', { name: 'Kettle' })).toBeChecked();
    await user.type(screen.getByLabelText('Your Message'), 'Hm');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(COUNTER_SAME_ITEM);
    await user.click(within(theirs).getByRole('checkbox', { name: 'Lamp' }));
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "Choose at least one of sender's listings.",
    );
    await user.click(within(theirs).getByRole('checkbox', { name: 'Tent' }));
    await user.click(within(mine).getByRole('checkbox', { name: 'Mug' }));
    await user.clear(screen.getByLabelText('Your Message'));
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a message.');
    const message = screen.getByLabelText('Your Message');
    expect(message).toHaveAttribute('maxLength', '2000');
    await user.type(message, 'The tent, and my mug too');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      {
        route: 'POST /api/swap-requests/1/counter',
        body: { itemIds: [21], offeredItemIds: [10, 11], message: 'The tent, and my mug too' },
      },
    ]);
    expect(await screen.findByText('Counter-offer sent')).toBeInTheDocument();
  });

  it('shows a refusal in the dialog, and Cancel forgets the draft', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/items': listings,
      'POST /api/swap-requests/1/counter': {
        status: 409,
        body: { message: 'This offer is no longer pending' },
      },
    });
    renderWithProviders(<Opener />);
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Tent' }));
    await user.type(screen.getByLabelText('Your Message'), 'Tent?');
    await user.click(screen.getByRole('button', { name: 'Send counter-offer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This offer is no longer pending');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Counter-offer' }));
    expect(await screen.findByLabelText('Your Message')).toHaveValue('');
    expect(await screen.findByRole('checkbox', { name: 'Tent' })).not.toBeChecked();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
