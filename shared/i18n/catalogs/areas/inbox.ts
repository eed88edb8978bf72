import { defineArea } from '../area.js';

/**
 * A member's notifications in the browser: the notifications page
 * (client/app/pages/notifications-page.tsx), the bell's panel and the list both show
 * (client/features/notifications/components). The notifications' own texts are the server's
 * (./notifications.ts).
 */
export const inbox = defineArea({
  en: {
    'inbox.signInTitle': 'Sign in to see your notifications',
    'inbox.signInText': 'Offers, messages, ratings and want alerts are listed here.',
    'inbox.allRead': 'All read.',
    'inbox.unreadCount': '{count} unread',
    'inbox.title': 'Notifications',
    'inbox.markAllRead': 'Mark all read',
    'inbox.emailSettings': 'Email settings',
    'inbox.noneTitle': 'No notifications yet',
    'inbox.noneText':
      'When someone makes you an offer, writes to you or lists something you are looking for, you will see it here.',
    'inbox.browse': 'Browse items',
    'inbox.loadingOlder': 'Loading...',
    'inbox.showOlder': 'Show older',
    'inbox.unread': 'Unread: ',
    'inbox.loading': 'Loading…',
    'inbox.loadFailed': 'Notifications could not be loaded.',
    'inbox.nothingYet': 'Nothing yet. Offers, messages and alerts will show up here.',
    'inbox.seeAll': 'See all',
  },
  'pt-BR': {
    'inbox.signInTitle': 'Entre para ver suas notificações',
    'inbox.signInText': 'Ofertas, mensagens, avaliações e alertas de desejos aparecem aqui.',
    'inbox.allRead': 'Tudo lido.',
    'inbox.unreadCount': '{count} não lidas',
    'inbox.title': 'Notificações',
    'inbox.markAllRead': 'Marcar todas como lidas',
    'inbox.emailSettings': 'Configurações de email',
    'inbox.noneTitle': 'Nenhuma notificação ainda',
    'inbox.noneText':
      'Quando alguém fizer uma oferta, escrever para você ou anunciar algo que você procura, você verá aqui.',
    'inbox.browse': 'Explorar itens',
    'inbox.loadingOlder': 'Carregando...',
    'inbox.showOlder': 'Mostrar anteriores',
    'inbox.unread': 'Não lida: ',
    'inbox.loading': 'Carregando…',
    'inbox.loadFailed': 'Não foi possível carregar as notificações.',
    'inbox.nothingYet': 'Nada ainda. Ofertas, mensagens e alertas aparecerão aqui.',
    'inbox.seeAll': 'Ver todas',
  },
  de: {
    'inbox.signInTitle': 'Melde dich an, um deine Benachrichtigungen zu sehen',
    'inbox.signInText': 'Angebote, Nachrichten, Bewertungen und Suchaufträge stehen hier.',
    'inbox.allRead': 'Alles gelesen.',
    'inbox.unreadCount': '{count} ungelesen',
    'inbox.title': 'Benachrichtigungen',
    'inbox.markAllRead': 'Alle als gelesen markieren',
    'inbox.emailSettings': 'E-Mail-Einstellungen',
    'inbox.noneTitle': 'Noch keine Benachrichtigungen',
    'inbox.noneText':
      'Wenn dir jemand ein Angebot macht, dir schreibt oder etwas einstellt, das du suchst, siehst du es hier.',
    'inbox.browse': 'Artikel ansehen',
    'inbox.loadingOlder': 'Wird geladen...',
    'inbox.showOlder': 'Ältere anzeigen',
    'inbox.unread': 'Ungelesen: ',
    'inbox.loading': 'Wird geladen…',
    'inbox.loadFailed': 'Benachrichtigungen konnten nicht geladen werden.',
    'inbox.nothingYet': 'Noch nichts. Angebote, Nachrichten und Suchaufträge erscheinen hier.',
    'inbox.seeAll': 'Alle ansehen',
  },
  ar: {
    'inbox.signInTitle': 'سجّل الدخول لترى إشعاراتك',
    'inbox.signInText': 'تظهر هنا العروض والرسائل والتقييمات وتنبيهات الطلبات.',
    'inbox.allRead': 'كلها مقروءة.',
    'inbox.unreadCount': '{count} غير مقروءة',
    'inbox.title': 'الإشعارات',
    'inbox.markAllRead': 'تعليم الكل كمقروء',
    'inbox.emailSettings': 'إعدادات البريد الإلكتروني',
    'inbox.noneTitle': 'لا توجد إشعارات بعد',
    'inbox.noneText': 'عندما يقدّم لك أحد عرضًا، أو يراسلك، أو يعرض شيئًا تبحث عنه، ستراه هنا.',
    'inbox.browse': 'تصفّح الأغراض',
    'inbox.loadingOlder': 'جارٍ التحميل...',
    'inbox.showOlder': 'عرض الأقدم',
    'inbox.unread': 'غير مقروء: ',
    'inbox.loading': 'جارٍ التحميل…',
    'inbox.loadFailed': 'تعذّر تحميل الإشعارات.',
    'inbox.nothingYet': 'لا شيء بعد. ستظهر هنا العروض والرسائل والتنبيهات.',
    'inbox.seeAll': 'عرض الكل',
  },
});
