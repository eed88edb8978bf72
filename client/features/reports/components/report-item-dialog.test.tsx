import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ReportItemButton } from './report-item-dialog';

afterEach(() => vi.unstubAllGlobals());

describe('ReportItemButton', () => {
  it('sends the reason and details about the listing to the moderators, then closes', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'POST /api/items/5/report': { status: 201, body: { id: 1, status: 'pending' } },
    });
    renderWithProviders(<ReportItemButton itemId={5} />);
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this listing' });
    expect(dialog).toHaveAccessibleDescription('Tell the moderators what is wrong.');
    const send = screen.getByRole('button', { name: 'Send Report' });
    expect(send).toBeDisabled(); // a reason is required
    expect(screen.getByLabelText('Details (optional)')).toHaveAttribute('maxLength', '1000');
    await user.selectOptions(screen.getByLabelText('Reason'), 'Counterfeit or stolen');
    await user.type(screen.getByLabelText('Details (optional)'), 'A fake watch');
    await user.click(send);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        route: 'POST /api/items/5/report',
        body: { reason: 'Counterfeit or stolen', description: 'A fake watch' },
      },
    ]);
    expect(await screen.findByText('Report sent')).toBeInTheDocument();
    expect(
      screen.getByText('Thank you. A moderator will look at this listing.'),
    ).toBeInTheDocument();
    // What was written stays for the next time the dialog opens.
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    expect(await screen.findByLabelText('Details (optional)')).toHaveValue('A fake watch');
  });

  it('shows a refusal under the title Error and stays open', async () => {
    const user = userEvent.setup();
    fakeApi({
      'POST /api/items/5/report': {
        status: 409,
        body: { message: 'You have already reported this listing' },
      },
    });
    renderWithProviders(<ReportItemButton itemId={5} />);
    await user.click(screen.getByRole('button', { name: 'Report this listing' }));
    await user.selectOptions(await screen.findByLabelText('Reason'), 'Spam or scam');
    await user.click(screen.getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText('You have already reported this listing')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
