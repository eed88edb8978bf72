import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fairChanceRefusal, GIVEAWAY_NOT_CHOSEN } from '../../../../shared/giveaways';
import type { Item } from '../../../../shared/items';
import type { SwapRequest } from '../../../../shared/swaps';
import { fakeApi } from '../../../testing/fake-api';
import { listing } from '../../../testing/items';
import { offer, offerItem, person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { GiveawayOwnerPanel } from './giveaway-owner-panel';
import { OfferCard } from './offer-card';
import { RequestGiveawayDialog } from './request-giveaway-dialog';

/** Issue 38 §2 on the client: asking for a give-away, the giver's wait and draw, the cards. */

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const later = () => new Date(Date.now() + 5 * HOUR).toISOString();
const earlier = () => new Date(Date.now() - HOUR).toISOString();

const freeSofa = (extra: Partial<Item> = {}) =>
  listing({
    id: 10,
    title: 'Sofa',
    userId: 'owner',
    mode: 'giveaway',
    fairChanceHours: 5,
    isOpenToOffers: false,
    ...extra,
  });

function Opener({ fairChance }: { fairChance: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Request it
      </button>
      <RequestGiveawayDialog
        item={freeSofa()}
        open={open}
        onOpenChange={setOpen}
        fairChance={fairChance}
      />
    </>
  );
}

describe('RequestGiveawayDialog', () => {
  it('sends the message alone, with no listings to pick, and says how long requests stay open', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ 'POST /api/swap-requests': { status: 201, body: { id: 3 } } });
    const words = fairChanceRefusal(new Date('2026-11-27T14:00:00.000Z'));
    renderWithProviders(<Opener fairChance={words} />);
    await user.click(screen.getByRole('button', { name: 'Request it' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request this give-away' });
    expect(within(dialog).getByText(`${words}.`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(within(dialog).queryByText(/What are you offering/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText('Message required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Your Message'), ' I would love it ');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      { route: 'POST /api/swap-requests', body: { itemId: 10, message: 'I would love it' } },
    ]);
    expect(await screen.findByText('Request sent!')).toBeInTheDocument();
  });

  it('shows the server’s refusal in the dialog', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/swap-requests': {
        status: 409,
        body: { message: 'This item is no longer available' },
      },
    });
    renderWithProviders(<Opener fairChance={null} />);
    await user.click(screen.getByRole('button', { name: 'Request it' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Your Message'), 'Please');
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This item is no longer available',
    );
  });
});

describe('GiveawayOwnerPanel', () => {
  it('keeps the draw disabled while the fair chance runs, saying until when', () => {
    fakeApi({});
    const until = later();
    renderWithProviders(<GiveawayOwnerPanel item={freeSofa({ requestsOpenUntil: until })} />);
    const drawButton = screen.getByRole('button', { name: 'Draw a winner at random' });
    expect(drawButton).toBeDisabled();
    expect(drawButton).toHaveAccessibleDescription(
      `${fairChanceRefusal(new Date(until))}. Then accept one request, or draw a winner at random.`,
    );
  });

  it('after it, draws once confirmed and says who won', async () => {
    const user = userEvent.setup();
    const accepted: SwapRequest = offer({
      status: 'accepted',
      fromUserId: 'cat',
      fromUser: { ...person('cat'), nickname: 'cat' },
    });
    const calls = fakeApi({ 'POST /api/items/10/draw': accepted });
    renderWithProviders(<GiveawayOwnerPanel item={freeSofa({ requestsOpenUntil: earlier() })} />);
    await user.click(screen.getByRole('button', { name: 'Draw a winner at random' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Draw a winner at random?' });
    expect(calls.some((call) => call.route.includes('/draw'))).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Draw' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'cat won the draw. Their request is accepted in My Offers.',
    );
    expect(calls.filter((call) => call.route.startsWith('POST'))).toEqual([
      { route: 'POST /api/items/10/draw', body: undefined },
    ]);
    expect(await screen.findByText('cat won “Sofa”')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a draw', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/items/10/draw': {
        status: 409,
        body: { message: 'Nobody has asked for this give-away yet, so there is nothing to draw' },
      },
    });
    renderWithProviders(<GiveawayOwnerPanel item={freeSofa({ requestsOpenUntil: earlier() })} />);
    await user.click(screen.getByRole('button', { name: 'Draw a winner at random' }));
    await user.click(await screen.findByRole('button', { name: 'Draw' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nobody has asked');
  });
});

const giveawayRequest = (until: string, extra: Partial<SwapRequest> = {}) => {
  const item = {
    ...offerItem(10, 'Sofa', 'owner'),
    mode: 'giveaway' as const,
    requestsOpenUntil: until,
  };
  return offer({
    item,
    items: [item],
    offerDescription: null,
    message: 'I would love it',
    ...extra,
  });
};

describe('OfferCard for a give-away request', () => {
  it('says it is a request, offers nothing, and keeps Accept disabled during the fair chance', () => {
    const until = later();
    renderWithProviders(<OfferCard request={giveawayRequest(until)} userId="owner" />);
    expect(screen.getByText('Request for a give-away')).toBeInTheDocument();
    expect(screen.queryByText(/Offered item|Custom offer/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Counter-offer' })).not.toBeInTheDocument();
    const accept = screen.getByRole('button', { name: 'Accept' });
    expect(accept).toBeDisabled();
    expect(accept).toHaveAccessibleDescription(`${fairChanceRefusal(new Date(until))}.`);
    expect(screen.getByRole('button', { name: 'Decline' })).toBeEnabled();
  });

  it('lets the giver accept after it, and shows the server’s 409 if it comes anyway', async () => {
    const user = userEvent.setup();
    const words = fairChanceRefusal(new Date(later()));
    fakeApi({ 'PATCH /api/swap-requests/1': { status: 409, body: { message: words } } });
    renderWithProviders(<OfferCard request={giveawayRequest(earlier())} userId="owner" />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(words);
  });

  it('tells a requester not chosen kindly', () => {
    renderWithProviders(
      <OfferCard
        request={giveawayRequest(earlier(), {
          status: 'rejected',
          closedReason: GIVEAWAY_NOT_CHOSEN,
        })}
        userId="sender"
      />,
    );
    expect(screen.getByText('Not chosen')).toBeInTheDocument();
    expect(screen.queryByText('Rejected')).not.toBeInTheDocument();
    expect(screen.getByTestId('closed-reason')).toHaveTextContent(GIVEAWAY_NOT_CHOSEN);
  });
});
