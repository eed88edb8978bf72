import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ReportProblemButton } from './report-problem-button';

afterEach(() => vi.unstubAllGlobals());

const URL = '/api/swap-requests/7/problem';

async function openDialog() {
  const user = userEvent.setup();
  renderWithProviders(<ReportProblemButton url={URL} otherName="Grace" where="offer" />);
  await user.click(screen.getByRole('button', { name: 'Report a problem' }));
  const dialog = await screen.findByRole('dialog', { name: 'Report a problem' });
  return { user, dialog };
}

describe('ReportProblemButton', () => {
  it('sends the reason chosen in a radio group and the message, then closes', async () => {
    const calls = fakeApi({ [`POST ${URL}`]: { status: 201, body: { id: 1, status: 'open' } } });
    const { user, dialog } = await openDialog();
    const group = screen.getByRole('radiogroup', { name: 'What went wrong?' });
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(group).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'They did not show up' }));
    await user.type(screen.getByLabelText('What happened?'), 'Waited an hour at the library');
    await user.click(screen.getByRole('button', { name: 'Send to the moderators' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(calls).toEqual([
      {
        route: `POST ${URL}`,
        body: { reason: 'no-show', message: 'Waited an hour at the library' },
      },
    ]);
    expect(await screen.findByText('Problem reported')).toBeInTheDocument();
  });

  it('says what is missing before sending anything', async () => {
    const calls = fakeApi({});
    const { user } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Send to the moderators' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Choose a reason/);
    await user.click(screen.getByRole('radio', { name: 'Something else' }));
    await user.click(screen.getByRole('button', { name: 'Send to the moderators' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please say what happened');
    expect(screen.getByLabelText('What happened?')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal in the dialog, which stays open", async () => {
    fakeApi({
      [`POST ${URL}`]: {
        status: 409,
        body: { message: 'Problems can be reported within 14 days' },
      },
    });
    const { user, dialog } = await openDialog();
    await user.click(screen.getByRole('radio', { name: 'I did not receive it' }));
    await user.type(screen.getByLabelText('What happened?'), 'Nothing came');
    await user.click(screen.getByRole('button', { name: 'Send to the moderators' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Problems can be reported within 14 days',
    );
    expect(dialog).toBeInTheDocument();
  });
});
