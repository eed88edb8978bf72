import { defineArea } from '../area.js';

/**
 * The owner's Edit and Delete of a listing (listing-owner-actions.tsx), on its page and on their
 * profile's cards: apart from the listing area, so that the profile does not bring all of it.
 */
export const listingOwner = defineArea({
  en: {
    'listing.deleted': 'Item deleted successfully',
    'listing.error': 'Error',
    'listing.edit': 'Edit',
    'listing.delete': 'Delete',
    'listing.deleteText':
      'It disappears from the marketplace, with its photos. Offers made on it are removed too.',
    'listing.deleteConfirm': 'Delete listing',
  },
  'pt-BR': {
    'listing.deleted': 'Item excluído',
    'listing.error': 'Erro',
    'listing.edit': 'Editar',
    'listing.delete': 'Excluir',
    'listing.deleteText':
      'Ele some do mercado, com as fotos. As ofertas feitas nele também são removidas.',
    'listing.deleteConfirm': 'Excluir anúncio',
  },
  de: {
    'listing.deleted': 'Artikel gelöscht',
    'listing.error': 'Fehler',
    'listing.edit': 'Bearbeiten',
    'listing.delete': 'Löschen',
    'listing.deleteText':
      'Es verschwindet mit seinen Fotos vom Marktplatz. Angebote dafür werden auch entfernt.',
    'listing.deleteConfirm': 'Angebot löschen',
  },
  ar: {
    'listing.deleted': 'حُذف الغرض',
    'listing.error': 'خطأ',
    'listing.edit': 'تعديل',
    'listing.delete': 'حذف',
    'listing.deleteText': 'سيختفي من السوق مع صوره. وتُحذف العروض المقدَّمة عليه أيضًا.',
    'listing.deleteConfirm': 'احذف الإعلان',
  },
});
