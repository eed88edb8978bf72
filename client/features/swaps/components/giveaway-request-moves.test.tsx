import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SwapRequest } from '../../../../shared/swaps';
import { fakeApi } from '../../../testing/fake-api';
import { offer, offerItem } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { ChatDialog } from './chat-dialog';
import { OfferCard } from './offer-card';

/**
 * Issue 38 §2: withdrawing, completing and cancelling a request for a give-away speak of a
 * request and a give-away on the card and in its dialogs; a swap keeps its words.
 */

afterEach(() => vi.unstubAllGlobals());

const sofa = { ...offerItem(10, 'Sofa', 'owner'), mode: 'giveaway' as const };
const request = (extra: Partial<SwapRequest>) =>
  offer({ item: sofa, items: [sofa], offerDescription: null, ...extra });

describe('a request for a give-away', () => {
  it('is withdrawn with request words in the toast', async () => {
    const user = userEvent.setup();
    fakeApi({ 'PATCH /api/swap-requests/1': request({ status: 'withdrawn' }) });
    renderWithProviders(<OfferCard request={request({})} userId="sender" />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Request updated successfully')).toBeInTheDocument();
    expect(screen.queryByText('Swap request updated successfully')).not.toBeInTheDocument();
  });

  it('is cancelled as a request, the give-away free again', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'PATCH /api/swap-requests/1': request({ status: 'cancelled', closedReason: 'Cancelled' }),
    });
    renderWithProviders(<OfferCard request={request({ status: 'accepted' })} userId="owner" />);
    expect(screen.queryByRole('button', { name: 'Cancel swap' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this request?' });
    expect(dialog).toHaveAccessibleDescription(
      'The give-away is free again for others to ask for. sender sees your reason.',
    );
    expect(within(dialog).getByRole('button', { name: 'Keep the request' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'It broke');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel request' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('PATCH'))).toEqual([
      { route: 'PATCH /api/swap-requests/1', body: { status: 'cancelled', reason: 'It broke' } },
    ]);
    // The toast of the earlier test may still be up.
    expect((await screen.findAllByText('Request updated successfully')).length).toBeGreaterThan(0);
  });

  it('once completed, asks how the give-away went', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderWithProviders(<OfferCard request={request({ status: 'completed' })} userId="sender" />);
    await user.click(screen.getByRole('button', { name: 'Rate User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate owner' });
    expect(dialog).toHaveAccessibleDescription('How did the give-away go?');
  });

  it('opens its chat with the request, not an offer', async () => {
    fakeApi({ 'GET /api/swap-requests/1/messages': [] });
    renderWithProviders(
      <ChatDialog request={request({})} userId="owner" open onOpenChange={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chat with sender' });
    expect(within(dialog).getByText('sender asked for it:')).toBeInTheDocument();
    expect(within(dialog).queryByText(/made an offer/)).not.toBeInTheDocument();
  });
});

describe('a swap', () => {
  it('keeps the swap words', async () => {
    const user = userEvent.setup();
    fakeApi({ 'PATCH /api/swap-requests/1': offer({ status: 'withdrawn' }) });
    renderWithProviders(<OfferCard request={offer({})} userId="sender" />);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      (await screen.findAllByText('Swap request updated successfully')).length,
    ).toBeGreaterThan(0);
  });

  it('asks how the swap went', async () => {
    const user = userEvent.setup();
    fakeApi({});
    renderWithProviders(<OfferCard request={offer({ status: 'completed' })} userId="sender" />);
    await user.click(screen.getByRole('button', { name: 'Rate User' }));
    expect(await screen.findByRole('dialog', { name: 'Rate owner' })).toHaveAccessibleDescription(
      'How did the swap go?',
    );
  });

  it('opens its chat with the offer', async () => {
    fakeApi({ 'GET /api/swap-requests/1/messages': [] });
    renderWithProviders(
      <ChatDialog request={offer({})} userId="owner" open onOpenChange={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Chat with sender' });
    expect(within(dialog).getByText('sender made an offer:')).toBeInTheDocument();
  });
});
