import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClientUser } from '../../../../shared/auth.schemas';
import type { Locale } from '../../../../shared/i18n/locales';
import { apiRequest } from '../../../lib/api-client';
import { activateLocale, currentTranslator, rememberLocale } from '../../../lib/i18n';
import { CURRENT_USER_KEY } from '../../auth/api/current-user';

/**
 * Keeps `locale` on the member's account (PATCH /api/users/profile), and in the cached user.
 * Loaded with a member's first page or choice (language-picker.tsx): a visitor never needs it.
 */
export async function saveAccountLocale(queryClient: QueryClient, locale: Locale): Promise<void> {
  const user = await apiRequest<ClientUser>('PATCH', '/api/users/profile', { locale });
  queryClient.setQueryData(CURRENT_USER_KEY, user);
}

/**
 * A member's language follows them: signed in on another browser, the account's choice is used
 * (and remembered there); a member without one keeps the language they are using now, so a
 * visitor who picked Arabic and then registers stays in Arabic on their next device.
 */
export function AccountLocale({ user }: { user: ClientUser }): null {
  const queryClient = useQueryClient();
  const chosen = user.locale;
  useEffect(() => {
    if (chosen) {
      if (chosen !== currentTranslator().locale) {
        rememberLocale(chosen);
        void activateLocale(chosen);
      }
    } else if (currentTranslator().locale !== 'en') {
      saveAccountLocale(queryClient, currentTranslator().locale).catch((error) =>
        console.warn('Could not keep the language', error),
      );
    }
  }, [chosen, queryClient]);
  return null;
}
