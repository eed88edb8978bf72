import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { OfferFormError, type OfferSubmit, useOfferSubmit } from './offer-form-dialog';

/**
 * The submit an offer and a request for a give-away share (useOfferSubmit): a message required,
 * the sent toast and closing, a refusal in a toast and in the form.
 */

function Form({ send, done }: Pick<OfferSubmit, 'send' | 'done'>) {
  const [message, setMessage] = useState('');
  const submit = useOfferSubmit({
    message,
    send,
    sent: { title: 'Sent!', description: 'On its way.' },
    failed: 'Failed to send it',
    done,
  });
  return (
    <form onSubmit={submit.onSubmit}>
      <label>
        Message
        <input value={message} onChange={(e) => setMessage(e.target.value)} />
      </label>
      <OfferFormError error={submit.error} />
      <button type="submit">Send</button>
      <button type="button" onClick={submit.clearError}>
        Forget
      </button>
    </form>
  );
}

describe('useOfferSubmit', () => {
  it('asks for a message and sends nothing without one', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    renderWithProviders(<Form send={send} done={() => {}} />);
    await user.type(screen.getByLabelText('Message'), '   ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Message required')).toBeInTheDocument();
    expect(send).not.toHaveBeenCalled();
  });

  it('sends the message trimmed, says so and is done', async () => {
    const user = userEvent.setup();
    const send = vi.fn(async () => ({}));
    const done = vi.fn();
    renderWithProviders(<Form send={send} done={done} />);
    await user.type(screen.getByLabelText('Message'), '  Hello there ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
    expect(send).toHaveBeenCalledWith('Hello there');
    expect(await screen.findByText('Sent!')).toBeInTheDocument();
  });

  it('shows a refusal in a toast and in the form, the server’s words or its own, until cleared', async () => {
    const user = userEvent.setup();
    const done = vi.fn();
    const send = vi
      .fn<(message: string) => Promise<unknown>>()
      .mockRejectedValueOnce(new Error('“Lamp” is reserved for another trade'))
      .mockRejectedValueOnce('no words');
    renderWithProviders(<Form send={send} done={done} />);
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Lamp” is reserved for another trade',
    );
    expect((await screen.findAllByText('Failed to send it')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to send it$/));
    await user.click(screen.getByRole('button', { name: 'Forget' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });
});
