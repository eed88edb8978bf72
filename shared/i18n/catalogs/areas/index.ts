import { account } from './account.js';
import { admin } from './admin.js';
import { alerts } from './alerts.js';
import { browse } from './browse.js';
import { chat } from './chat.js';
import { circles } from './circles.js';
import { emails } from './emails.js';
import { featured } from './featured.js';
import { giveaways } from './giveaways.js';
import { inbox } from './inbox.js';
import { info } from './info.js';
import { listing } from './listing.js';
import { listingForm } from './listing-form.js';
import { listingOwner } from './listing-owner.js';
import { manifest } from './manifest.js';
import { matches } from './matches.js';
import { memberHome } from './member-home.js';
import { moderationNotices } from './moderation-notices.js';
import { notFound } from './not-found.js';
import { notificationSettings } from './notification-settings.js';
import { notifications } from './notifications.js';
import { offerDialogs } from './offer-dialogs.js';
import { offers } from './offers.js';
import { problems } from './problems.js';
import { profile } from './profile.js';
import { register } from './register.js';
import { reports } from './reports.js';
import { rounds } from './rounds.js';
import { saved } from './saved.js';
import { serverPages } from './server-pages.js';
import { signInPrompt } from './sign-in-prompt.js';
import { swapFor } from './swap-for.js';
import { wants } from './wants.js';

/**
 * Every area by the name of its English part (shared/i18n/compiled/en.<name>.ts): the browser
 * gets an area's English with the chunk of the screen that imports it, never with the app.
 * A server area (every id server-only: emails, notifications, the manifest, pages the server
 * writes) has no part of its
 * own; its texts are compiled with the server's (scripts/i18n/compile-catalog.ts SERVER_ONLY).
 */
export const AREAS = {
  'not-found': notFound,
  'member-home': memberHome,
  emails,
  notifications,
  manifest,
  'moderation-notices': moderationNotices,
  'server-pages': serverPages,
  offers,
  giveaways,
  'offer-dialogs': offerDialogs,
  chat,
  matches,
  'swap-for': swapFor,
  rounds,
  admin,
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
  circles: circles,
  inbox: inbox,
  'notification-settings': notificationSettings,
  problems: problems,
  info: info,
} as const;
