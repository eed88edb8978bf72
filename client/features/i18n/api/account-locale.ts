import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientUser } from '../../../../shared/auth.schemas';
import type { Locale } from '../../../../shared/i18n/locales';
import { apiRequest } from '../../../lib/api-client';
import { activateLocale, i18n, rememberLocale } from '../../../lib/i18n';
import { CURRENT_USER_KEY } from '../../auth/api/current-user';

/** Keeps `locale` on the member's account (PATCH /api/users/profile), and in the cached user. */
export function useSaveAccountLocale() {
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    const user = await apiRequest<ClientUser>('PATCH', '/api/users/profile', { locale });
    queryClient.setQueryData(CURRENT_USER_KEY, user);
  };
}

/**
 * A member's language follows them: signed in on another browser, the account's choice is used
 * (and remembered there); a member without one keeps the language they are using now, so a
 * visitor who picked Arabic and then registers stays in Arabic on their next device.
 */
export function useAccountLocale(user: ClientUser | null): void {
  const save = useSaveAccountLocale();
  const chosen = user?.locale;
  const signedIn = user !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `save` is remade each render; the effect follows the account's choice
  useEffect(() => {
    if (!signedIn) return;
    if (chosen) {
      if (chosen !== i18n.locale) {
        rememberLocale(chosen);
        void activateLocale(chosen);
      }
    } else if (i18n.locale !== 'en') {
      save(i18n.locale as Locale).catch((error) =>
        console.warn('Could not keep the language', error),
      );
    }
  }, [signedIn, chosen]);
}
