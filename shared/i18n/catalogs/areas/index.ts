import { account } from './account.js';
import { alerts } from './alerts.js';
import { browse } from './browse.js';
import { featured } from './featured.js';
import { listing } from './listing.js';
import { listingForm } from './listing-form.js';
import { listingOwner } from './listing-owner.js';
import { notFound } from './not-found.js';
import { profile } from './profile.js';
import { register } from './register.js';
import { reports } from './reports.js';
import { saved } from './saved.js';
import { signInPrompt } from './sign-in-prompt.js';
import { wants } from './wants.js';

/**
 * Every area by the name of its English part (shared/i18n/compiled/en.<name>.ts): the browser
 * gets an area's English with the chunk of the screen that imports it, never with the app.
 */
export const AREAS = {
  'not-found': notFound,
  featured: featured,
  browse: browse,
  listing: listing,
  'listing-form': listingForm,
  wants: wants,
  saved: saved,
  register: register,
  account: account,
  'sign-in-prompt': signInPrompt,
  profile: profile,
  reports: reports,
  'listing-owner': listingOwner,
  alerts: alerts,
} as const;
