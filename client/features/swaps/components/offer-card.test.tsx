import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SwapRequest, SwapStatus } from '../../../../shared/swaps';
import { offer as offerFixture } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { OfferCard } from './offer-card';

function offer(
  status: SwapStatus,
  ratedByMe = false,
  extra: Partial<SwapRequest> = {},
): SwapRequest {
  return offerFixture({ status, ratedByMe, ...extra });
}

const MOVES = [
  'Accept',
  'Decline',
  'Counter-offer',
  'Withdraw',
  'Mark as Completed',
  'Cancel swap',
  'Rate User',
  'Rated',
];
/** The card's action buttons, in order (not Message or the custom offer's details). */
const buttons = () =>
  screen
    .queryAllByRole('button')
    .map((b) => b.textContent?.trim() ?? '')
    .filter((label) => MOVES.includes(label));

describe('OfferCard buttons follow the offers policy', () => {
  it('lets only the receiver accept, decline or counter a pending offer', () => {
    renderWithProviders(<OfferCard request={offer('pending')} userId="owner" />);
    expect(buttons()).toEqual(['Accept', 'Decline', 'Counter-offer']);
  });

  it('lets the sender of a pending offer withdraw it, nothing else', () => {
    renderWithProviders(<OfferCard request={offer('pending')} userId="sender" />);
    expect(buttons()).toEqual(['Withdraw']);
  });

  it.each([
    ['countered', 'Countered'],
    ['withdrawn', 'Withdrawn'],
  ] as const)('shows a %s offer with its label and nothing to do', (status, label) => {
    for (const userId of ['owner', 'sender']) {
      const { unmount } = renderWithProviders(
        <OfferCard request={offer(status)} userId={userId} />,
      );
      expect(buttons()).toEqual([]);
      expect(screen.getAllByText(label).length).toBeGreaterThan(0);
      unmount();
    }
  });

  it.each([
    ['pending', 'Pending'],
    ['accepted', 'Accepted'],
    ['rejected', 'Rejected'],
    ['completed', 'Completed'],
  ] as const)('keeps the SPEC label of a %s offer', (status, label) => {
    renderWithProviders(<OfferCard request={offer(status)} userId="owner" />);
    expect(screen.getByText(label)).toBeTruthy();
    // An offer outside any negotiation shows no chain.
    expect(screen.queryByRole('navigation', { name: 'Negotiation' })).toBeNull();
  });

  it('lets either party complete or cancel an accepted offer', () => {
    for (const userId of ['owner', 'sender']) {
      const { unmount } = renderWithProviders(
        <OfferCard request={offer('accepted')} userId={userId} />,
      );
      expect(buttons()).toEqual(['Mark as Completed', 'Cancel swap']);
      unmount();
    }
  });

  it('shows a cancelled swap with its label and reason, and nothing to do', () => {
    renderWithProviders(
      <OfferCard
        request={offer('cancelled', false, { closedReason: 'Cancelled by owner: it broke' })}
        userId="sender"
      />,
    );
    expect(buttons()).toEqual([]);
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.getByTestId('closed-reason')).toHaveTextContent('Cancelled by owner: it broke');
  });

  it('offers a rating once the swap is completed, and shows when it is done', () => {
    const { unmount } = renderWithProviders(
      <OfferCard request={offer('completed')} userId="owner" />,
    );
    expect(buttons()).toEqual(['Rate User']);
    unmount();
    renderWithProviders(<OfferCard request={offer('completed', true)} userId="owner" />);
    expect(buttons()).toEqual(['Rated']);
  });

  it('shows nothing to do on a declined offer', () => {
    renderWithProviders(<OfferCard request={offer('rejected')} userId="owner" />);
    expect(buttons()).toEqual([]);
  });
});

describe('Report a problem (issue 40 §2)', () => {
  const reportButton = () => screen.queryByRole('button', { name: 'Report a problem' });

  it.each(['accepted', 'completed'] as const)(
    'is offered to both parties of a %s swap',
    (status) => {
      for (const userId of ['owner', 'sender']) {
        const { unmount } = renderWithProviders(
          <OfferCard request={offer(status)} userId={userId} />,
        );
        expect(reportButton()).toBeInTheDocument();
        unmount();
      }
    },
  );

  it.each(['pending', 'rejected', 'withdrawn'] as const)(
    'is not offered on a %s offer',
    (status) => {
      renderWithProviders(<OfferCard request={offer(status)} userId="owner" />);
      expect(reportButton()).toBeNull();
    },
  );
});
