import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingPlaceSuggestion } from '../../../../shared/meeting-places';
import { fakeApi } from '../../../testing/fake-api';
import { offer } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { ChatDialog } from './chat-dialog';

afterEach(() => vi.unstubAllGlobals());

const PLACES: MeetingPlaceSuggestion[] = [
  {
    id: 1,
    name: 'Central Library',
    address: '1 Library Way',
    latitude: 51.5,
    longitude: 0,
    distanceKm: 6.9,
  },
  {
    id: 2,
    name: 'Police exchange zone',
    address: '2 High St',
    latitude: 51.53,
    longitude: 0,
    distanceKm: 7.7,
  },
];

const openChat = () =>
  renderWithProviders(
    <ChatDialog request={offer({ id: 1 })} userId="owner" open onOpenChange={() => {}} />,
  );

describe('Safe places to meet in the offer chat (issue 40 §4)', () => {
  it('lists the suggested places with their address and distance, nearest first', async () => {
    fakeApi({
      'GET /api/swap-requests/1/messages': [],
      'GET /api/swap-requests/1/meeting-places': PLACES,
    });
    openChat();
    const dialog = await screen.findByRole('dialog', { name: 'Chat with sender' });
    const section = await within(dialog).findByRole('region', { name: 'Safe places to meet' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Central Library1 Library Way · 6.9 km from either of you at most',
      'Police exchange zone2 High St · 7.7 km from either of you at most',
    ]);
  });

  it('shows no section when there are no suggestions', async () => {
    const calls = fakeApi({
      'GET /api/swap-requests/1/messages': [],
      'GET /api/swap-requests/1/meeting-places': [],
    });
    openChat();
    const dialog = await screen.findByRole('dialog', { name: 'Chat with sender' });
    await vi.waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('GET /api/swap-requests/1/meeting-places'),
    );
    expect(within(dialog).getByText('sender made an offer:')).toBeInTheDocument();
    expect(within(dialog).queryByText('Safe places to meet')).not.toBeInTheDocument();
  });

  it('does not ask for suggestions while the chat is closed', () => {
    const calls = fakeApi({});
    renderWithProviders(
      <ChatDialog request={offer({ id: 1 })} userId="owner" open={false} onOpenChange={() => {}} />,
    );
    expect(calls).toEqual([]);
  });
});
