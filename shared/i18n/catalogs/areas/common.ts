import { defineArea } from '../area.js';

/**
 * Words of the shared parts every page may show (client/components/ui: dialogs' Close and
 * Cancel, the avatar; the header's visit counter; the offline banner). They are in the start
 * chunk with the layout: keep this small.
 */
export const common = defineArea({
  en: {
    'common.cancel': 'Cancel',
    'common.close': 'Close',
    'common.avatar': 'Avatar',
    'common.pageViews': 'Page views',
    'common.visits': '{count} visits',
    'common.offline': 'You are offline.',
    'common.offlineText': 'What needs a connection comes back when you are online again.',
  },
  'pt-BR': {
    'common.cancel': 'Cancelar',
    'common.close': 'Fechar',
    'common.avatar': 'Avatar',
    'common.pageViews': 'Visualizações de página',
    'common.visits': '{count} visitas',
    'common.offline': 'Você está sem conexão.',
    'common.offlineText': 'O que precisa de conexão volta quando você estiver on-line de novo.',
  },
  de: {
    'common.cancel': 'Abbrechen',
    'common.close': 'Schließen',
    'common.avatar': 'Avatar',
    'common.pageViews': 'Seitenaufrufe',
    'common.visits': '{count} Aufrufe',
    'common.offline': 'Du bist offline.',
    'common.offlineText':
      'Was eine Verbindung braucht, kommt zurück, sobald du wieder online bist.',
  },
  ar: {
    'common.cancel': 'إلغاء',
    'common.close': 'إغلاق',
    'common.avatar': 'الصورة الرمزية',
    'common.pageViews': 'مشاهدات الصفحات',
    'common.visits': 'الزيارات: {count}',
    'common.offline': 'أنت غير متصل.',
    'common.offlineText': 'ما يحتاج إلى اتصال سيعود عندما تتصل مجددًا.',
  },
});
