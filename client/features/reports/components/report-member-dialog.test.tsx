import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ReportMemberButton } from './report-member-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('ReportMemberButton', () => {
  it('sends the reason and details to the moderators, then closes', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/users/u2/report': { status: 201, body: { id: 1, status: 'pending' } },
    });
    renderWithProviders(<ReportMemberButton userId="u2" name="Grace" />);
    await user.click(screen.getByRole('button', { name: 'Report this member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Grace' });
    const send = screen.getByRole('button', { name: 'Send Report' });
    expect(send).toBeDisabled(); // a reason is required
    await user.selectOptions(screen.getByLabelText('Reason'), 'Scam or fraud');
    await user.type(screen.getByLabelText('Details (optional)'), 'Asked for a deposit');
    await user.click(send);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        route: 'POST /api/users/u2/report',
        body: { reason: 'scam', description: 'Asked for a deposit' },
      },
    ]);
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    // The next report starts blank.
    await user.click(screen.getByRole('button', { name: 'Report this member' }));
    expect(await screen.findByLabelText('Details (optional)')).toHaveValue('');
    expect(screen.getByLabelText('Reason')).toHaveValue('');
  });

  it('shows the refusal of a second report and stays open', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/users/u2/report': {
        status: 409,
        body: { message: 'You have already reported this member' },
      },
    });
    renderWithProviders(<ReportMemberButton userId="u2" name="Grace" />);
    await user.click(screen.getByRole('button', { name: 'Report this member' }));
    await user.selectOptions(await screen.findByLabelText('Reason'), 'Spam');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('You have already reported this member')).toBeInTheDocument();
    expect(screen.getByText('Report not sent')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
