import { defineArea } from '../area.js';

/** The saved items page (client/app/pages/saved-items-page.tsx). */
export const saved = defineArea({
  en: {
    'saved.signInTitle': 'Sign in to see your saved items',
    'saved.signInText': 'Save items with the heart to find them here later.',
    'saved.count': '{count, plural, one {# saved item} other {# saved items}}',
    'saved.title': 'Saved Items',
    'saved.noneTitle': 'No saved items yet',
    'saved.noneText': 'Tap the heart on any listing to keep it here.',
    'saved.browse': 'Browse items',
  },
  'pt-BR': {
    'saved.signInTitle': 'Entre para ver seus itens salvos',
    'saved.signInText': 'Salve itens com o coração para encontrá-los aqui depois.',
    'saved.count': '{count, plural, one {# item salvo} other {# itens salvos}}',
    'saved.title': 'Itens salvos',
    'saved.noneTitle': 'Nenhum item salvo ainda',
    'saved.noneText': 'Toque no coração de qualquer anúncio para guardá-lo aqui.',
    'saved.browse': 'Explorar itens',
  },
  de: {
    'saved.signInTitle': 'Melde dich an, um deine gemerkten Artikel zu sehen',
    'saved.signInText': 'Merk dir Artikel mit dem Herz, um sie hier wiederzufinden.',
    'saved.count': '{count, plural, one {# gemerkter Artikel} other {# gemerkte Artikel}}',
    'saved.title': 'Gemerkte Artikel',
    'saved.noneTitle': 'Noch keine gemerkten Artikel',
    'saved.noneText': 'Tipp bei einem Angebot auf das Herz, um es hier zu behalten.',
    'saved.browse': 'Artikel ansehen',
  },
  ar: {
    'saved.signInTitle': 'سجّل الدخول لترى أغراضك المحفوظة',
    'saved.signInText': 'احفظ الأغراض بالقلب لتجدها هنا لاحقًا.',
    'saved.count':
      '{count, plural, zero {لا أغراض محفوظة} one {غرض محفوظ واحد} two {غرضان محفوظان} few {# أغراض محفوظة} many {# غرضًا محفوظًا} other {# غرض محفوظ}}',
    'saved.title': 'الأغراض المحفوظة',
    'saved.noneTitle': 'لا توجد أغراض محفوظة بعد',
    'saved.noneText': 'اضغط على القلب في أي إعلان لتحتفظ به هنا.',
    'saved.browse': 'تصفّح الأغراض',
  },
});
