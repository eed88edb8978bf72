import { defineArea } from '../area.js';

/**
 * The web app manifest's words (server/features/web-manifest): what a phone shows when the app
 * is installed. Server-only (`manifest.`): the server writes one manifest per language.
 */
export const manifest = defineArea({
  en: {
    'manifest.description': 'Swap what you have for what you want. No money, just swaps.',
    'manifest.browse': 'Browse listings',
    'manifest.browseShort': 'Browse',
    'manifest.myOffers': 'My offers',
    'manifest.matches': 'Matches',
  },
  'pt-BR': {
    'manifest.description': 'Troque o que você tem pelo que você quer. Sem dinheiro, só trocas.',
    'manifest.browse': 'Ver anúncios',
    'manifest.browseShort': 'Anúncios',
    'manifest.myOffers': 'Minhas ofertas',
    'manifest.matches': 'Combinações',
  },
  de: {
    'manifest.description':
      'Tausche, was du hast, gegen das, was du willst. Kein Geld, nur Tausch.',
    'manifest.browse': 'Anzeigen durchsuchen',
    'manifest.browseShort': 'Stöbern',
    'manifest.myOffers': 'Meine Angebote',
    'manifest.matches': 'Treffer',
  },
  ar: {
    'manifest.description': 'بادل ما لديك بما تريد. بلا نقود، مبادلة فقط.',
    'manifest.browse': 'تصفّح الإعلانات',
    'manifest.browseShort': 'تصفّح',
    'manifest.myOffers': 'عروضي',
    'manifest.matches': 'التطابقات',
  },
});
