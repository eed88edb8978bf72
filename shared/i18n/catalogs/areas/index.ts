import { admin } from './admin.js';
import { chat } from './chat.js';
import { giveaways } from './giveaways.js';
import { matches } from './matches.js';
import { notFound } from './not-found.js';
import { offerDialogs } from './offer-dialogs.js';
import { offers } from './offers.js';
import { rounds } from './rounds.js';
import { swapFor } from './swap-for.js';

/**
 * Every area by the name of its English part (shared/i18n/compiled/en.<name>.ts): the browser
 * gets an area's English with the chunk of the screen that imports it, never with the app.
 */
export const AREAS = {
  'not-found': notFound,
  offers,
  giveaways,
  'offer-dialogs': offerDialogs,
  chat,
  matches,
  'swap-for': swapFor,
  rounds,
  admin,
} as const;
