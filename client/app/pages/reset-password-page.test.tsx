import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());

describe('ResetPasswordPage', () => {
  it('shows the Invalid Link card without a token', () => {
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    expect(screen.getByRole('heading', { name: 'Invalid Link' })).toBeInTheDocument();
    expect(screen.getByText('This password reset link is invalid or expired.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  });

  it('refuses a short password and a mismatch with the spec texts, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password Too Short')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters long.')).toBeInTheDocument();

    await user.type(screen.getByLabelText('New Password'), '4567');
    await user.type(screen.getByLabelText('Confirm New Password'), '1234568');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText("Passwords Don't Match")).toBeInTheDocument();
    expect(screen.getByText('Please make sure both passwords are the same.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows Reset Failed with the server message', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(
        new Response('{"message":"This password reset link is invalid or expired."}', {
          status: 400,
        }),
      ),
    );
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password?token=abc' });
    await user.type(screen.getByLabelText('New Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Reset Failed')).toBeInTheDocument();
  });
});
