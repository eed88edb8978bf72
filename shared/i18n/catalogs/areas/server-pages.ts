import { defineArea } from '../area.js';

/**
 * Pages the server writes itself, outside the app: the sign-out confirmation that GET /api/logout
 * shows to a request from another site (server/features/auth/logout-page.ts). Server-only
 * (`serverPage.`).
 */
export const serverPages = defineArea({
  en: {
    'serverPage.logout.title': 'Sign out of {siteName}',
    'serverPage.logout.heading': 'Sign out of {siteName}?',
    'serverPage.logout.body':
      'Another site sent you here. Nothing has changed yet: you are still signed in.',
    'serverPage.logout.button': 'Sign out',
    'serverPage.logout.back': 'Back to {siteName}',
  },
  'pt-BR': {
    'serverPage.logout.title': 'Sair do {siteName}',
    'serverPage.logout.heading': 'Sair do {siteName}?',
    'serverPage.logout.body':
      'Outro site enviou você para cá. Nada mudou ainda: você continua conectado.',
    'serverPage.logout.button': 'Sair',
    'serverPage.logout.back': 'Voltar ao {siteName}',
  },
  de: {
    'serverPage.logout.title': 'Von {siteName} abmelden',
    'serverPage.logout.heading': 'Von {siteName} abmelden?',
    'serverPage.logout.body':
      'Eine andere Website hat dich hierher geschickt. Noch hat sich nichts geändert: Du bist weiterhin angemeldet.',
    'serverPage.logout.button': 'Abmelden',
    'serverPage.logout.back': 'Zurück zu {siteName}',
  },
  ar: {
    'serverPage.logout.title': 'تسجيل الخروج من {siteName}',
    'serverPage.logout.heading': 'هل تريد تسجيل الخروج من {siteName}؟',
    'serverPage.logout.body': 'أرسلك موقع آخر إلى هنا. لم يتغير شيء بعد: ما زلت مسجّل الدخول.',
    'serverPage.logout.button': 'تسجيل الخروج',
    'serverPage.logout.back': 'العودة إلى {siteName}',
  },
});
