import { defineArea } from '../area.js';

/** The owner's "What would you take for this?" on their listing's page (wants-editor.tsx). */
export const wants = defineArea({
  en: {
    'wants.title': 'What would you take for this?',
    'wants.intro':
      'Name the listings you would swap this for, favourite first. We look for members who want yours back, directly or in a circle of three.',
    'wants.none': 'Nothing named yet. Find a listing below and add it.',
    'wants.up': 'Move {title} up',
    'wants.down': 'Move {title} down',
    'wants.remove': 'Remove {title}',
    'wants.find': 'Find a listing to add',
    'wants.placeholder': 'e.g. telescope',
    'wants.found': 'Listings found',
    'wants.searching': 'Searching…',
    'wants.noMatch': 'No other member’s listing matches.',
    'wants.add': 'Add {title}',
    'wants.error': 'Error',
  },
  'pt-BR': {
    'wants.title': 'O que você aceitaria por isto?',
    'wants.intro':
      'Indique os anúncios pelos quais você trocaria este, o favorito primeiro. Procuramos membros que queiram o seu em troca, diretamente ou num círculo de três.',
    'wants.none': 'Nada indicado ainda. Encontre um anúncio abaixo e adicione.',
    'wants.up': 'Subir {title}',
    'wants.down': 'Descer {title}',
    'wants.remove': 'Remover {title}',
    'wants.find': 'Encontre um anúncio para adicionar',
    'wants.placeholder': 'ex.: telescópio',
    'wants.found': 'Anúncios encontrados',
    'wants.searching': 'Buscando…',
    'wants.noMatch': 'Nenhum anúncio de outro membro corresponde.',
    'wants.add': 'Adicionar {title}',
    'wants.error': 'Erro',
  },
  de: {
    'wants.title': 'Was würdest du dafür nehmen?',
    'wants.intro':
      'Nenne die Angebote, gegen die du das hier tauschen würdest, den Favoriten zuerst. Wir suchen Mitglieder, die deins dafür wollen, direkt oder in einem Dreierkreis.',
    'wants.none': 'Noch nichts genannt. Such unten ein Angebot und füg es hinzu.',
    'wants.up': '{title} nach oben',
    'wants.down': '{title} nach unten',
    'wants.remove': '{title} entfernen',
    'wants.find': 'Angebot zum Hinzufügen suchen',
    'wants.placeholder': 'z. B. Teleskop',
    'wants.found': 'Gefundene Angebote',
    'wants.searching': 'Suche läuft…',
    'wants.noMatch': 'Kein Angebot eines anderen Mitglieds passt.',
    'wants.add': '{title} hinzufügen',
    'wants.error': 'Fehler',
  },
  ar: {
    'wants.title': 'ماذا تقبل مقابل هذا؟',
    'wants.intro':
      'سمِّ الإعلانات التي تقايض هذا بها، المفضّل أولًا. نبحث عن أعضاء يريدون غرضك في المقابل، مباشرة أو في دائرة من ثلاثة.',
    'wants.none': 'لم تسمِّ شيئًا بعد. ابحث عن إعلان أدناه وأضفه.',
    'wants.up': 'انقل {title} لأعلى',
    'wants.down': 'انقل {title} لأسفل',
    'wants.remove': 'أزل {title}',
    'wants.find': 'ابحث عن إعلان لإضافته',
    'wants.placeholder': 'مثلًا: تلسكوب',
    'wants.found': 'الإعلانات التي عُثر عليها',
    'wants.searching': 'جارٍ البحث…',
    'wants.noMatch': 'لا يطابق أي إعلان لعضو آخر.',
    'wants.add': 'أضف {title}',
    'wants.error': 'خطأ',
  },
});
