import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { translatorFor } from '../../../../shared/i18n/translators';
import type { Notification, NotificationPage } from '../../../../shared/notifications';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { bellLabel } from './bell-button';
import { NotificationBell } from './notification-bell';
import { safeLink } from './notification-list';

afterEach(() => vi.unstubAllGlobals());

const note = (id: number, fields: Partial<Notification> = {}): Notification => ({
  id,
  type: 'offer-received',
  text: `Grace offered a kettle for your lamp (${id})`,
  link: '/my-offers',
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  read: false,
  ...fields,
});

function serve(page: NotificationPage) {
  let current = page;
  return fakeApi({
    'GET /api/notifications': () => current,
    'POST /api/notifications/read': ({ body }: { body: unknown }) => {
      const ids = (body as { ids?: number[] }).ids;
      current = {
        items: current.items.map((n) => (!ids || ids.includes(n.id) ? { ...n, read: true } : n)),
        unread: ids ? current.items.filter((n) => !n.read && !ids.includes(n.id)).length : 0,
      };
      return { unread: current.unread };
    },
  });
}

describe('NotificationBell', () => {
  it('names the unread count in its label and shows it on a badge', async () => {
    serve({ unread: 3, items: [note(1), note(2), note(3)] });
    renderWithProviders(<NotificationBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(bell).toHaveTextContent('3');
    expect(screen.getByText('3 unread notifications')).toHaveAttribute('role', 'status');
    const { _ } = translatorFor('en');
    expect(bellLabel(0, _)).toBe('Notifications');
    expect(bellLabel(250, _)).toBe('Notifications, more than 99 unread');
    const german = translatorFor('de')._;
    expect(bellLabel(0, german)).toBe('Benachrichtigungen');
    expect(bellLabel(2, german)).toBe('Benachrichtigungen, 2 ungelesen');
    // The badge shows the count, so every language's name says it too (axe: label in name).
    for (const locale of ['en', 'pt-BR', 'de', 'ar'] as const)
      for (const count of [1, 2, 3, 11, 99])
        expect(bellLabel(count, translatorFor(locale)._)).toContain(String(count));
  });

  it('opens a panel of links to what each notification concerns, unread ones marked', async () => {
    const user = userEvent.setup();
    serve({
      unread: 1,
      items: [
        note(1),
        note(2, { type: 'alert', text: 'New: Brompton bike', link: '/item/9', read: true }),
      ],
    });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: /Notifications, 1 unread/ }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    const links = within(panel).getAllByRole('link');
    expect(links[0]).toHaveAttribute('href', '/my-offers');
    expect(links[0]).toHaveTextContent('Unread: Grace offered a kettle');
    expect(links[0]).toHaveTextContent('5 minutes ago');
    expect(links[1]).toHaveAttribute('href', '/item/9');
    expect(links[1]).not.toHaveTextContent('Unread');
    expect(within(panel).getByRole('link', { name: 'See all' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('marks all read, and the count goes with them', async () => {
    const user = userEvent.setup();
    const calls = serve({ unread: 2, items: [note(1), note(2)] });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    expect(calls.find((c) => c.route === 'POST /api/notifications/read')?.body).toEqual({
      all: true,
    });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it('marks one read when it is opened, and closes the panel', async () => {
    const user = userEvent.setup();
    const calls = serve({ unread: 2, items: [note(1), note(2)] });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await user.click(
      (await screen.findAllByRole('link', { name: /Grace offered/ }))[1] as HTMLElement,
    );
    expect(calls.find((c) => c.route === 'POST /api/notifications/read')?.body).toEqual({
      ids: [2],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says so when there is nothing yet', async () => {
    const user = userEvent.setup();
    serve({ unread: 0, items: [] });
    renderWithProviders(<NotificationBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('follows only links inside the site', () => {
    expect(safeLink('/item/3')).toBe('/item/3');
    expect(safeLink('//evil.example/x')).toBe('/notifications');
    expect(safeLink('https://evil.example')).toBe('/notifications');
  });
});
