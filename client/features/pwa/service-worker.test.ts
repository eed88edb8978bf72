import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetThisDevice } from './service-worker';

afterEach(() => vi.unstubAllGlobals());

describe('forgetThisDevice (at sign-out)', () => {
  it("removes this device's push subscription and empties the app's offline caches", async () => {
    const unsubscribeBrowser = vi.fn(async () => true);
    const subscription = {
      endpoint: 'https://push.example.com/x',
      unsubscribe: unsubscribeBrowser,
    };
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => subscription },
        }),
      },
    });
    const deleted: string[] = [];
    vi.stubGlobal('caches', {
      keys: async () => ['swapmarket-shell-v1', 'swapmarket-public-v1', 'someone-else'],
      delete: async (name: string) => deleted.push(name) > 0,
    });
    const unsubscribeServer = vi.fn(async () => undefined);
    await forgetThisDevice(unsubscribeServer);
    expect(unsubscribeServer).toHaveBeenCalledWith('https://push.example.com/x');
    expect(unsubscribeBrowser).toHaveBeenCalled();
    expect(deleted.sort()).toEqual(['swapmarket-public-v1', 'swapmarket-shell-v1']);
  });
});
