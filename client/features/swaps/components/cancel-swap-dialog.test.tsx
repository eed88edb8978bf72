import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CANCEL_REASON_REQUIRED } from '../../../../shared/swap-display';
import type { SwapRequest } from '../../../../shared/swaps';
import { MyOffersPage } from '../../../app/pages/my-offers-page';
import { fakeApi, member } from '../../../testing/fake-api';
import { offer, person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';

afterEach(() => vi.unstubAllGlobals());

/** Ada (the member) accepted Bob's offer on her kettle. */
const accepted = offer({
  fromUserId: 'bob',
  fromUser: person('bob'),
  toUserId: member.id,
  toUser: person(member.id),
  status: 'accepted',
});

/** My Offers over a fake server whose offer becomes what PATCH makes it. */
function myOffers(patch: (body: unknown) => { status: number; body: unknown }) {
  let current: SwapRequest = accepted;
  const calls = fakeApi({
    'GET /api/auth/user': member,
    'GET /api/circles': [],
    'GET /api/swap-requests': () => [current],
    'PATCH /api/swap-requests/1': ({ body }: { body: unknown }) => {
      const answer = patch(body);
      if (answer.status === 200) current = answer.body as SwapRequest;
      return answer;
    },
  });
  renderWithProviders(<MyOffersPage />, { path: '/my-offers' });
  return calls;
}

describe('Cancel swap', () => {
  it('asks for a reason, counts its characters, sends it and shows the cancelled card', async () => {
    const user = userEvent.setup();
    const calls = myOffers(() => ({
      status: 200,
      body: { ...accepted, status: 'cancelled', closedReason: 'Cancelled by ada: It broke' },
    }));
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Cancel swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this swap?' });
    expect(dialog).toHaveAccessibleDescription(
      'Its listings become free again. bob sees your reason.',
    );
    const reason = within(dialog).getByLabelText('Reason');
    expect(reason).toHaveFocus();
    expect(reason).toHaveAttribute('maxLength', '500');
    expect(reason).toHaveAccessibleDescription('0/500 characters');
    await user.type(reason, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel swap' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(CANCEL_REASON_REQUIRED);
    expect(calls.some((call) => call.route.startsWith('PATCH'))).toBe(false);
    await user.clear(reason);
    await user.type(reason, 'It broke');
    expect(reason).toHaveAccessibleDescription('8/500 characters');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel swap' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls.filter((call) => call.route.startsWith('PATCH'))).toEqual([
      { route: 'PATCH /api/swap-requests/1', body: { status: 'cancelled', reason: 'It broke' } },
    ]);
    const cancelled = screen.getByRole('article');
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();
    expect(within(cancelled).getByTestId('closed-reason')).toHaveTextContent(
      'Cancelled by ada: It broke',
    );
    expect(within(cancelled).queryByRole('button', { name: 'Cancel swap' })).toBeNull();
    // Its button gone, focus goes to the card rather than being lost.
    await waitFor(() => expect(cancelled).toHaveFocus());
  });

  it("shows the server's refusal in the dialog and keeps the reason; Keep the swap closes it", async () => {
    const user = userEvent.setup();
    myOffers(() => ({ status: 409, body: { message: 'This offer is completed' } }));
    const card = await screen.findByRole('article');
    await user.click(within(card).getByRole('button', { name: 'Cancel swap' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this swap?' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel swap' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This offer is completed');
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Changed my mind');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the swap' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(card).getByRole('button', { name: 'Cancel swap' })).toHaveFocus(),
    );
  });
});
