import { defineArea } from '../area.js';

/**
 * The header's featured strip (featured-carousel.tsx) and what it shares with every listing's
 * card: the "Free" mark, the condition names and a missing picture's placeholder. The header is
 * on every page, so this English comes with the start chunk: keep it small.
 */
export const featured = defineArea({
  en: {
    'featured.label': 'Featured:',
    'featured.none': 'No items yet',
    'featured.region': 'Featured items',
    'featured.previous': 'Previous featured item',
    'featured.next': 'Next featured item',
    'featured.dot': 'Featured item {index} of {count}',
    'listing.free': 'Free',
    'listing.noImage': 'No image',
    'condition.new': 'New',
    'condition.like-new': 'Like New',
    'condition.good': 'Good',
    'condition.fair': 'Fair',
  },
  'pt-BR': {
    'featured.label': 'Destaques:',
    'featured.none': 'Nenhum item ainda',
    'featured.region': 'Itens em destaque',
    'featured.previous': 'Item em destaque anterior',
    'featured.next': 'Próximo item em destaque',
    'featured.dot': 'Item em destaque {index} de {count}',
    'listing.free': 'Grátis',
    'listing.noImage': 'Sem imagem',
    'condition.new': 'Novo',
    'condition.like-new': 'Como novo',
    'condition.good': 'Bom',
    'condition.fair': 'Razoável',
  },
  de: {
    'featured.label': 'Empfohlen:',
    'featured.none': 'Noch keine Artikel',
    'featured.region': 'Empfohlene Artikel',
    'featured.previous': 'Vorheriger empfohlener Artikel',
    'featured.next': 'Nächster empfohlener Artikel',
    'featured.dot': 'Empfohlener Artikel {index} von {count}',
    'listing.free': 'Kostenlos',
    'listing.noImage': 'Kein Bild',
    'condition.new': 'Neu',
    'condition.like-new': 'Wie neu',
    'condition.good': 'Gut',
    'condition.fair': 'Akzeptabel',
  },
  ar: {
    'featured.label': 'مميَّز:',
    'featured.none': 'لا توجد أغراض بعد',
    'featured.region': 'أغراض مميَّزة',
    'featured.previous': 'الغرض المميَّز السابق',
    'featured.next': 'الغرض المميَّز التالي',
    'featured.dot': 'الغرض المميَّز {index} من {count}',
    'listing.free': 'مجاني',
    'listing.noImage': 'لا توجد صورة',
    'condition.new': 'جديد',
    'condition.like-new': 'شبه جديد',
    'condition.good': 'جيد',
    'condition.fair': 'مقبول',
  },
});
