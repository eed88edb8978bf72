import { defineArea } from '../area.js';

/** The 404 page (client/app/pages/not-found-page.tsx). */
export const notFound = defineArea({
  en: {
    'notFound.title': '404 Page Not Found',
    'notFound.body': "This page doesn't exist or may have been moved.",
    'notFound.home': 'Back to Home',
  },
  'pt-BR': {
    'notFound.title': '404 Página não encontrada',
    'notFound.body': 'Esta página não existe ou foi movida.',
    'notFound.home': 'Voltar ao início',
  },
  de: {
    'notFound.title': '404 Seite nicht gefunden',
    'notFound.body': 'Diese Seite gibt es nicht oder sie wurde verschoben.',
    'notFound.home': 'Zur Startseite',
  },
  ar: {
    'notFound.title': '404 الصفحة غير موجودة',
    'notFound.body': 'هذه الصفحة غير موجودة أو ربما نُقلت.',
    'notFound.home': 'العودة إلى الرئيسية',
  },
});
