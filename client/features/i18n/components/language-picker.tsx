import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import type { ClientUser } from '../../../../shared/auth.schemas';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../../../shared/i18n/locales';
import { apiRequest } from '../../../lib/api-client';
import { activateLocale, rememberLocale } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { CURRENT_USER_KEY, useCurrentUser } from '../../auth/api/current-user';

/**
 * The footer's language picker: each language by its own name. The choice is kept in a cookie
 * (pages the server draws follow it) and, for a member, on the account. The server keeps a
 * visitor's choice on the account they register and sets the cookie from the account at
 * sign-in; a member who signs in on this page gets their language here at once.
 */
export function LanguagePicker() {
  const { locale: inUse, _ } = useI18n();
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const id = useId();
  const accountLocale = user?.locale;
  useEffect(() => {
    if (accountLocale) void activateLocale(accountLocale);
  }, [accountLocale]);
  const choose = async (locale: Locale) => {
    rememberLocale(locale);
    await activateLocale(locale);
    if (!user) return;
    try {
      const updated = await apiRequest<ClientUser>('PATCH', '/api/users/profile', { locale });
      queryClient.setQueryData(CURRENT_USER_KEY, updated);
    } catch (error) {
      console.warn('Could not keep the language', error);
    }
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <label htmlFor={id} className="text-muted">
        {_('footer.language')}
      </label>
      <select
        id={id}
        value={inUse}
        onChange={(event) => {
          if (isLocale(event.target.value)) void choose(event.target.value);
        }}
        className="h-10 rounded-xl border border-line bg-white px-2 text-ink"
      >
        {LOCALES.map((locale) => (
          <option key={locale} value={locale} lang={locale}>
            {LOCALE_NAMES[locale]}
          </option>
        ))}
      </select>
    </div>
  );
}
