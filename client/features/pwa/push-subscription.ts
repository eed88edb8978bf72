import { apiGet, apiRequest } from '../../lib/api-client';

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Whether this device gets pushes now (a subscription exists and permission stands). */
export async function currentPushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/**
 * Opts this device in: asks the browser's permission (only ever from the member's click), then
 * subscribes with the server's key and stores the subscription server-side.
 */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await apiGet<{ publicKey: string }>('/api/push/public-key');
  const registration =
    (await navigator.serviceWorker.getRegistration()) ??
    (await navigator.serviceWorker.register('/sw.js', { scope: '/' }));
  await navigator.serviceWorker.ready;
  let subscription = await registration.pushManager.getSubscription();
  const key = keyBytes(publicKey);
  const sameKey = (s: PushSubscription) => {
    const current = s.options.applicationServerKey;
    return current !== null && new Uint8Array(current).join() === key.join();
  };
  if (subscription && !sameKey(subscription)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
  return 'on';
}

/** Opts this device out: the server forgets it and the browser drops the subscription. */
export async function turnPushOff(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return 'off';
}
