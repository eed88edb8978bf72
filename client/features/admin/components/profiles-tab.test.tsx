import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, member } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ProfilesTab } from './profiles-tab';

afterEach(() => vi.unstubAllGlobals());

describe('ProfilesTab: erasing an account (issue 40 §1)', () => {
  it('erases only after a confirmation that says what goes and what stays', async () => {
    const calls = fakeApi({
      'GET /api/admin/users': [member],
      'DELETE /api/admin/users/u1': { message: 'Account erased' },
    });
    renderWithProviders(<ProfilesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Erase/ }));
    const dialog = await screen.findByRole('alertdialog', { name: /^Erase .*account\?$/ });
    expect(dialog).toHaveTextContent('Deleted member');
    expect(calls.map((call) => call.route)).not.toContain('DELETE /api/admin/users/u1');
    await user.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('DELETE /api/admin/users/u1'),
    );
  });
});
