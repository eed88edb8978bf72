import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../testing/fake-api';
import { renderWithProviders } from '../../testing/render';
import { UnsubscribePage } from './unsubscribe-page';

afterEach(() => vi.unstubAllGlobals());

describe('UnsubscribePage', () => {
  it('names what the link switches off and unsubscribes without sign-in', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/notifications/unsubscribe': { message: 'You will no longer get these emails' },
    });
    renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe?token=u1.messages.sig' });
    expect(screen.getByText(/Stop receiving emails about messages\?/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You will no longer get these emails')).toBeInTheDocument();
    expect(calls).toEqual([
      { route: 'POST /api/notifications/unsubscribe', body: { token: 'u1.messages.sig' } },
    ]);
  });

  it('says a broken link is not valid', () => {
    fakeApi({});
    renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe?token=nonsense' });
    expect(screen.getByText('This link is not valid')).toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/notifications/unsubscribe': {
        status: 400,
        body: { message: 'This unsubscribe link is not valid' },
      },
    });
    renderWithProviders(<UnsubscribePage />, { path: '/unsubscribe?token=u1.digest.bad' });
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This unsubscribe link is not valid',
    );
  });
});
