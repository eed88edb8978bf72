import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTIFICATION_TOPIC_NAMES, NOTIFICATION_TOPICS } from '../../../../shared/notifications';
import { activateLocale } from '../../../lib/i18n';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { NotificationSettingsForm } from './notification-settings';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const defaults = Object.fromEntries(
  NOTIFICATION_TOPIC_NAMES.map((t) => [t, NOTIFICATION_TOPICS[t].email]),
);

describe('NotificationSettingsForm', () => {
  it('shows each kind with its email choice and saves a change at once', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/notification-settings': { email: defaults },
      'PATCH /api/notification-settings': ({ body }: { body: unknown }) => ({
        email: { ...defaults, ...(body as { email: object }).email },
      }),
    });
    renderWithProviders(<NotificationSettingsForm />);
    const messages = await screen.findByLabelText('Messages');
    expect(messages).toHaveValue('instant');
    expect(screen.getByLabelText('Ratings you receive')).toHaveValue('daily');
    expect(screen.getAllByRole('combobox')).toHaveLength(NOTIFICATION_TOPIC_NAMES.length);

    await user.selectOptions(messages, 'Off');
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'PATCH /api/notification-settings')?.body).toEqual({
        email: { messages: 'off' },
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Messages')).toHaveValue('off'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('puts a digest choice in words', async () => {
    fakeApi({ 'GET /api/notification-settings': { email: defaults } });
    renderWithProviders(<NotificationSettingsForm />);
    const alerts = await screen.findByLabelText('Want alerts (saved searches)');
    expect(Array.from((alerts as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Straight away',
      'Daily digest',
      'Off',
    ]);
  });

  it('speaks the language in use (pt-BR)', async () => {
    await activateLocale('pt-BR');
    fakeApi({ 'GET /api/notification-settings': { email: defaults } });
    renderWithProviders(<NotificationSettingsForm />);
    const messages = await screen.findByLabelText('Mensagens');
    expect(Array.from((messages as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'Na hora',
      'Resumo diário',
      'Desativado',
    ]);
    expect(screen.getByRole('heading', { name: 'Email' })).toBeInTheDocument();
    expect(screen.getByText(/Tudo continua aparecendo no sino/)).toBeInTheDocument();
  });
});
