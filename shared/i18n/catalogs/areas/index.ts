import { memberHome } from './member-home.js';
import { notFound } from './not-found.js';

/**
 * Every area by the name of its English part (shared/i18n/compiled/en.<name>.ts): the browser
 * gets an area's English with the chunk of the screen that imports it, never with the app.
 */
export const AREAS = {
  'not-found': notFound,
  'member-home': memberHome,
} as const;
