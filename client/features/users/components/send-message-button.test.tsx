import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { fakeApi, member } from '../../../testing/fake-api';
import { offer, offerItem, person } from '../../../testing/offers';
import { renderWithProviders } from '../../../testing/render';
import { SendMessageButton } from './send-message-button';

afterEach(() => vi.unstubAllGlobals());

const viewer = { ...member, updatedAt: member.createdAt } as ClientUser;

describe('SendMessageButton', () => {
  it('opens the latest conversation with the member, asked for by member, however old', async () => {
    // The viewer's live page holds only newer offers with others: the server finds this one.
    const old = offer({
      id: 7,
      fromUserId: viewer.id,
      toUserId: 'u2',
      fromUser: person(viewer.id),
      toUser: person('grace'),
      item: offerItem(10, 'Old kettle', 'u2'),
    });
    const calls = fakeApi({
      'GET /api/swap-requests': ({ url }: { url: URL }) =>
        url.searchParams.get('with') === 'u2' ? [old] : [],
      'GET /api/swap-requests/7/messages': [],
    });
    renderWithProviders(
      <SendMessageButton viewer={viewer} profileId="u2" name="grace" listings={[]} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('dialog', { name: 'Chat with grace' })).toBeVisible();
    expect(screen.getByText('About “Old kettle”')).toBeVisible();
    expect(calls.map((c) => c.route)).toContain('GET /api/swap-requests?limit=1&with=u2');
  });

  it('invites an offer when the two have never traded', async () => {
    fakeApi({ 'GET /api/swap-requests': [] });
    renderWithProviders(
      <SendMessageButton viewer={viewer} profileId="u2" name="grace" listings={[]} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Send Message' }));
    expect(await screen.findByRole('dialog', { name: 'Message grace' })).toBeVisible();
    expect(screen.getByText('grace has nothing listed right now.')).toBeVisible();
  });
});
