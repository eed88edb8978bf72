import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { BlockButton } from './block-button';

afterEach(() => vi.unstubAllGlobals());

const grace = {
  id: 'u2',
  nickname: 'grace',
  firstName: 'Grace',
  lastName: 'Hopper',
  profileImageUrl: null,
  isMember: true,
};

describe('BlockButton', () => {
  it('blocks after a confirmation that says what blocking does', async () => {
    let blocked = false;
    const api = fakeApi({
      'GET /api/blocks': () =>
        blocked ? [{ user: grace, createdAt: '2026-11-23T10:00:00Z' }] : [],
      'POST /api/users/u2/block': () => {
        blocked = true;
        return { blocked: true };
      },
    });
    renderWithProviders(<BlockButton userId="u2" name="grace" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Block this member' }));
    // The alert dialog loads on the first tap (ConfirmDialog).
    expect(await screen.findByRole('alertdialog', { name: 'Block grace?' })).toHaveTextContent(
      'Neither of you will be able to send the other offers',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeInTheDocument();
    expect(api.map((c) => c.route)).toContain('POST /api/users/u2/block');
  });

  it('unblocks a blocked member at once', async () => {
    let blocked = true;
    const api = fakeApi({
      'GET /api/blocks': () =>
        blocked ? [{ user: grace, createdAt: '2026-11-23T10:00:00Z' }] : [],
      'DELETE /api/users/u2/block': () => {
        blocked = false;
        return { blocked: false };
      },
    });
    renderWithProviders(<BlockButton userId="u2" name="grace" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Unblock' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Block this member' })).toBeInTheDocument(),
    );
    expect(api.map((c) => c.route)).toContain('DELETE /api/users/u2/block');
  });
});
