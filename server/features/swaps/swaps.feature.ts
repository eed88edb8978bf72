import type { Feature } from '../../infra/features.js';
import { registerSwapRoutes } from './swaps.routes.js';

/** Offers, counter-offers and their chats. */
export const swapsFeature: Feature = {
  name: 'swaps',
  routes: registerSwapRoutes,
};
