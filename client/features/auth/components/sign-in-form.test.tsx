import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { SignInForm } from './sign-in-form';

afterEach(() => vi.unstubAllGlobals());

describe('SignInForm', () => {
  it('enables Sign In only when email and password are both filled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInForm />);
    const submit = screen.getByRole('button', { name: 'Sign In' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(submit).toBeEnabled();
  });

  it('shows the spec messages for a bad email and a short password', async () => {
    const user = userEvent.setup();
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('shows the spec failure text when the server refuses', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('{"message":"Invalid email or password"}', { status: 401 }),
        ),
    );
    renderWithProviders(<SignInForm />);
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign In Failed')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Please check your email and password. If you don't have an account yet, use the Register tab to create one.",
      ),
    ).toBeInTheDocument();
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignInForm />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
  });
});
