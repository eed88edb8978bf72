import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { AccountData } from './account-data';

afterEach(() => vi.unstubAllGlobals());

describe('AccountData', () => {
  it('links the download of the member’s data', () => {
    fakeApi({});
    renderWithProviders(<AccountData />);
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/api/account/export',
    );
  });

  it('shows the server’s refusal of a wrong password and stays', async () => {
    const api = fakeApi({
      'DELETE /api/account': { status: 403, body: { message: 'Incorrect password' } },
    });
    renderWithProviders(<AccountData />, { path: '/settings/notifications' });
    await userEvent.type(screen.getByLabelText('Your password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect password');
    expect(api).toContainEqual({ route: 'DELETE /api/account', body: { password: 'wrong' } });
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('asks for the password before anything is sent', async () => {
    const api = fakeApi({});
    renderWithProviders(<AccountData />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter your password');
    expect(api).toEqual([]);
  });

  it('erases, then leaves the page with a confirmation', async () => {
    fakeApi({ 'DELETE /api/account': { message: 'Your account has been deleted.' } });
    renderWithProviders(<AccountData />, { path: '/settings/notifications' });
    await userEvent.type(screen.getByLabelText('Your password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByTestId('location')).toBeInTheDocument();
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
  });
});
