/**
 * Registers the service worker (client/public/sw.js) once the page has loaded. Small on purpose:
 * it is in the home route's bundle. (Under the dev server it caches nothing of note: pages are
 * network first and the dev server has no /assets.)
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker did not register', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * Sign-out on this device: its push subscription is forgotten (so the next person to sign in here
 * does not get this member's notifications) and the offline caches are emptied. Never throws.
 */
export async function forgetThisDevice(
  unsubscribe: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const subscription = await registration?.pushManager?.getSubscription();
    if (subscription) {
      await unsubscribe(subscription.endpoint).catch(() => undefined);
      await subscription.unsubscribe();
    }
  } catch (error) {
    console.warn('Could not remove this device’s push subscription', error);
  }
  await clearOfflineCaches();
}

export async function clearOfflineCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(
      names.filter((name) => name.startsWith('swapmarket-')).map((name) => caches.delete(name)),
    );
  } catch (error) {
    console.warn('Could not clear the offline caches', error);
  }
}
