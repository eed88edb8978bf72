import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { RegisterForm } from './register-form';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

async function fillAll(
  user: ReturnType<typeof userEvent.setup>,
  overrides: Record<string, string> = {},
) {
  const values = {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    Nickname: 'ada',
    Email: 'ada@example.com',
    Password: 'engine1',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values))
    await user.type(screen.getByLabelText(label), value);
}

describe('RegisterForm', () => {
  it('enables Create Account only when every field is filled and the terms are ticked', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RegisterForm onSwitchToSignIn={() => {}} />);
    const submit = screen.getByRole('button', { name: 'Create Account' });
    await fillAll(user);
    expect(submit).toBeDisabled();
    await user.click(screen.getByRole('checkbox'));
    expect(submit).toBeEnabled();
  });

  it('shows the spec messages for an invalid email and a short password', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<RegisterForm onSwitchToSignIn={() => {}} />);
    await fillAll(user, { Email: 'nope', Password: '12345' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows First name is required for a name of spaces', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(<RegisterForm onSwitchToSignIn={() => {}} />);
    await fillAll(user, { 'First Name': '   ' });
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('First name is required')).toBeInTheDocument();
  });

  it("on 'already exists' explains and switches to sign-in after 2 seconds", async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('{"message":"An account with this email already exists"}', { status: 409 }),
        ),
    );
    const onSwitch = vi.fn();
    renderWithProviders(<RegisterForm onSwitchToSignIn={onSwitch} />);
    await fillAll(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account Already Exists')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This email is already registered. Please use the Login tab to sign in with your existing account.',
      ),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(onSwitch).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(onSwitch).toHaveBeenCalledOnce();
  });

  it('shows Registration Failed with the server message otherwise', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response('{"message":"That nickname is already taken"}', { status: 409 }),
        ),
    );
    renderWithProviders(<RegisterForm onSwitchToSignIn={() => {}} />);
    await fillAll(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('That nickname is already taken')).toBeInTheDocument();
  });
});
