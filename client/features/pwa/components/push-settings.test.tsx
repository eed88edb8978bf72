import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { PushSettings } from './push-settings';

const KEY =
  'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const endpoint = 'https://push.example.com/device-1';
let permission: NotificationPermission;
let subscription: {
  endpoint: string;
  toJSON: () => object;
  unsubscribe: () => Promise<boolean>;
} | null;
const calls: Array<[string, string, unknown]> = [];

function settings(push: 'instant' | 'off') {
  const topics = [
    'offers',
    'offer-updates',
    'messages',
    'ratings',
    'alerts',
    'matches',
    'circles',
    'rounds',
    'moderation',
  ];
  return {
    email: Object.fromEntries(topics.map((t) => [t, 'instant'])),
    push: Object.fromEntries(topics.map((t) => [t, push])),
  };
}

beforeEach(() => {
  permission = 'default';
  subscription = null;
  calls.length = 0;
  const requestPermission = vi.fn(async () => {
    permission = 'granted';
    return permission;
  });
  vi.stubGlobal('Notification', {
    get permission() {
      return permission;
    },
    requestPermission,
  });
  vi.stubGlobal('PushManager', class {});
  const registration = {
    pushManager: {
      getSubscription: async () => subscription,
      subscribe: vi.fn(async () => {
        subscription = {
          endpoint,
          toJSON: () => ({ endpoint, keys: { p256dh: 'p', auth: 'a' } }),
          unsubscribe: async () => {
            subscription = null;
            return true;
          },
        };
        return subscription;
      }),
    },
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push([init.method ?? 'GET', url, init.body ? JSON.parse(String(init.body)) : null]);
      if (url === '/api/push/public-key') return Response.json({ publicKey: KEY });
      if (url === '/api/notification-settings') return Response.json(settings('instant'));
      return Response.json({ subscribed: init.method === 'POST' }, { status: 201 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('PushSettings', () => {
  it('never asks for permission by itself; the member turns push on with a click', async () => {
    renderWithProviders(<PushSettings />);
    const button = await screen.findByRole('button', { name: 'Turn on for this device' });
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    await screen.findByText('Push notifications are on for this device.');
    expect(Notification.requestPermission).toHaveBeenCalledTimes(1);
    expect(calls).toContainEqual([
      'POST',
      '/api/push/subscriptions',
      { endpoint, keys: { p256dh: 'p', auth: 'a' } },
    ]);
  });

  it('turns push off: the server forgets the device and the browser drops it', async () => {
    permission = 'granted';
    subscription = {
      endpoint,
      toJSON: () => ({ endpoint }),
      unsubscribe: async () => {
        subscription = null;
        return true;
      },
    };
    renderWithProviders(<PushSettings />);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off on this device' }));
    await screen.findByText('Push notifications are off on this device.');
    expect(calls).toContainEqual(['DELETE', '/api/push/subscriptions', { endpoint }]);
    expect(subscription).toBeNull();
  });

  it('switches a topic off for push', async () => {
    renderWithProviders(<PushSettings />);
    const box = await screen.findByRole('checkbox', { name: 'Messages' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() =>
      expect(calls).toContainEqual([
        'PATCH',
        '/api/notification-settings',
        { push: { messages: 'off' } },
      ]),
    );
  });

  it('says so when the browser blocks notifications', async () => {
    permission = 'denied';
    renderWithProviders(<PushSettings />);
    await screen.findByText(/Notifications are blocked for this site/);
    expect(screen.queryByRole('button', { name: /Turn on/ })).toBeNull();
  });
});
