import { account } from './areas/account.js';
import { admin } from './areas/admin.js';
import { alerts } from './areas/alerts.js';
import { browse } from './areas/browse.js';
import { chat } from './areas/chat.js';
import { circles } from './areas/circles.js';
import { dialogs } from './areas/dialogs.js';
import { emails } from './areas/emails.js';
import { featured } from './areas/featured.js';
import { giveaways } from './areas/giveaways.js';
import { inbox } from './areas/inbox.js';
import { info } from './areas/info.js';
import { listing } from './areas/listing.js';
import { listingForm } from './areas/listing-form.js';
import { listingOwner } from './areas/listing-owner.js';
import { manifest } from './areas/manifest.js';
import { matches } from './areas/matches.js';
import { memberHome } from './areas/member-home.js';
import { moderationNotices } from './areas/moderation-notices.js';
import { notFound } from './areas/not-found.js';
import { notificationSettings } from './areas/notification-settings.js';
import { notifications } from './areas/notifications.js';
import { offerDialogs } from './areas/offer-dialogs.js';
import { offers } from './areas/offers.js';
import { problems } from './areas/problems.js';
import { profile } from './areas/profile.js';
import { register } from './areas/register.js';
import { reports } from './areas/reports.js';
import { rounds } from './areas/rounds.js';
import { saved } from './areas/saved.js';
import { serverPages } from './areas/server-pages.js';
import { signInPrompt } from './areas/sign-in-prompt.js';
import { swapFor } from './areas/swap-for.js';
import { wants } from './areas/wants.js';
/**
 * The source catalog: every message the converted screens and the server's translated
 * `{message}`s show, in ICU MessageFormat, word for word as the spec has them. The other
 * catalogs translate each id; `npm run i18n:compile` compiles all four into ../compiled/.
 */
export const en = {
  // Layout: header, navigation, mobile and account menus, footer
  'header.home': '{siteName} home',
  'header.social': 'Follow us on social media (opens in a new tab)',
  'header.mainNav': 'Main',
  'header.loading': 'Loading...',
  'header.free': 'FREE',
  'header.signIn': 'Sign in',
  'header.register': 'Register',
  'header.accountMenu': 'Account menu',
  'nav.items': 'Items',
  'nav.offers': 'Offers',
  'nav.matches': 'Matches',
  'nav.rounds': 'Rounds',
  'nav.savedItems': 'Saved items',
  'nav.listItem': 'List an item',
  'nav.help': 'Help',
  'nav.contact': 'Contact',
  'nav.disclaimer': 'Disclaimer',
  'nav.notifications': 'Notifications',
  'nav.wantAlerts': 'Want alerts',
  'nav.settings': 'Settings',
  'nav.notificationSettings': 'Notification settings',
  'nav.howItWorks': 'How it works',
  'nav.profile': 'Profile',
  'nav.logOut': 'Log out',
  'menu.open': 'Open menu',
  'menu.close': 'Close menu',
  'menu.title': 'Menu',
  'menu.description': 'Site navigation',
  'menu.nav': 'Mobile',
  'footer.nav': 'Footer',
  'footer.howItWorks': 'How it works',
  'footer.help': 'Help centre',
  'footer.contact': 'Contact',
  'footer.terms': 'Terms',
  'footer.disclaimer': 'Disclaimer',
  'footer.copyright': '© 2024 {siteName}. All rights reserved.',
  'footer.language': 'Language',
  'layout.skipToContent': 'Skip to content',

  // Home page
  'home.findHeading': "Find What You're Looking For",
  'home.findText': 'Search every item members have listed for swap.',
  'home.goToSearch': 'Go to Search Page',
  'home.tagline': 'No money. Just swaps.',
  'home.heading': "Swap What Ever You've Got!",
  'home.intro':
    'List the things you no longer need and trade them for the things you do, with people in your community.',
  'home.learnHow': 'Learn How It Works',
  'home.startBrowsing': 'Start browsing',
  'home.categoriesHeading': 'Browse by Category',
  'home.trustHeading': 'Why {siteName} is Trusted',
  'home.trust.verified.title': 'Verified Member System',
  'home.trust.verified.text':
    'Members who list items pay a one-time £0.99 verification fee to reduce fake accounts, and carry a ✓ Verified badge.',
  'home.trust.process.title': 'Clear Trade Process',
  'home.trust.process.text':
    'Offers, replies and chat in one place. Accept, decline, mark as completed, then rate each other.',
  'home.trust.safety.title': 'Safety First Approach',
  'home.trust.safety.text':
    'Ratings and reviews on every profile, banned-item rules, and moderators who act on reports.',
  'home.safetyHeading': 'Swap safely',
  'home.tip.public': 'Meet in public places',
  'home.tip.friend': 'Bring a friend for valuable items',
  'home.tip.inspect': 'Inspect items before you swap',
  'home.tip.banking': 'Never share banking details',

  // Auth page: sign in
  'auth.welcome': 'Welcome to {siteName}',
  'auth.intro': 'Swap what you have for what you want, with people nearby.',
  'auth.bullet.free': 'List as many items as you like, free',
  'auth.bullet.direct': 'Swap directly with people near you, no money involved',
  'auth.bullet.chat': 'Chat about every offer before you agree',
  'auth.bullet.trust': 'Ratings and verified members you can trust',
  'auth.safeTitle': 'Keep your credentials safe.',
  'auth.safeText':
    'We will never ask for your password by email, phone or message. Use a password you do not use anywhere else, and never share it with another member.',
  'auth.tabs': 'Sign in or create an account',
  'auth.signInTab': 'Sign In',
  'auth.registerTab': 'Create Account',
  'signIn.form': 'Sign in',
  'signIn.submit': 'Sign In',
  'signIn.pending': 'Signing In...',
  'signIn.welcomeBack': 'Welcome back!',
  'signIn.failedTitle': 'Sign In Failed',
  'signIn.failedText':
    "Please check your email and password. If you don't have an account yet, use the Register tab to create one.",
  'field.email': 'Email',
  'field.password': 'Password',

  // Category names (shared/categories.ts), by id
  'category.2': 'Electronics',
  'category.3': 'Clothing',
  'category.4': 'Home & Garden',
  'category.5': 'Books & Media',
  'category.6': 'Sports',
  'category.7': 'Toys & Games',
  'category.8': 'Collectibles',
  'category.9': 'Kitchen',
  'category.10': 'Health & Beauty',
  'category.11': 'Automotive',

  // Plurals and numbers (used where counts are shown)
  'count.listings': '{count, plural, one {# listing} other {# listings}}',

  // The server's {message}s, translated by their English text (server/i18n/api-messages.ts)
  'api.signInRequired': 'Please sign in to continue',
  'api.invalidCredentials': 'Invalid email or password',
  'api.emailTaken': 'An account with this email already exists',
  'api.nicknameTaken': 'That nickname is already taken',
  'api.invalidEmail': 'Invalid email address',
  'api.firstNameRequired': 'First name is required',
  'api.lastNameRequired': 'Last name is required',
  'api.nicknameRequired': 'Nickname is required',
  'api.passwordShort': 'Password must be at least 6 characters',
  'api.agreeTerms': 'You must agree to the terms and conditions',
  'api.resetLinkInvalid': 'This password reset link is invalid or expired.',
  'api.verifyLinkInvalid': 'This verification link is invalid or expired.',
  'api.tooManySignIns':
    'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  'api.tooManyAccounts': 'Too many new accounts from this network. Please try again later.',
  'api.tooManyLinks':
    'We have already sent several links. Please check your inbox and try again later.',
  'api.slowDown': 'Slow down',
  'api.itemNotFound': 'Item not found',
  'api.userNotFound': 'User not found',
  'api.notFound': 'Not found',
  'api.titleRequired': 'Title is required',
  'api.descriptionRequired': 'Description is required',
  'api.selectCategory': 'Please select a category',
  'api.selectCondition': 'Please select a condition',
  'api.maxImages': 'Maximum 5 images allowed',
  'api.bannedWord': 'Items containing "{word}" are not allowed for swapping',
  'api.badRequest': 'Bad request',
  'api.invalidRequest': 'Invalid request',
  'api.bodyTooLarge': 'The request body is too large',
  'api.crossSite': 'Cross-site requests are not allowed',
  'api.internal': 'Internal server error',
  'api.unavailable': 'The service is temporarily unavailable. Please try again in a moment.',
  // After a count in the navigation (offers, matches): how many are new, for screen readers
  'nav.new': 'new',
  // Shared pieces every page may show: an avatar, the footer's visit counter, the offline note
  'avatar.label': 'Avatar',
  'footer.pageViews': 'Page views',
  'footer.visits': '{count, plural, other {# visits}}',
  'offline.title': 'You are offline.',
  'offline.text': 'What needs a connection comes back when you are online again.',
  // Screens' areas (./areas/*.ts), one spread each: every language of a screen side by side
  ...notFound.en,
  ...memberHome.en,
  ...emails.en,
  ...notifications.en,
  ...manifest.en,
  ...moderationNotices.en,
  ...serverPages.en,
  ...offers.en,
  ...giveaways.en,
  ...offerDialogs.en,
  ...chat.en,
  ...matches.en,
  ...swapFor.en,
  ...rounds.en,
  ...admin.en,
  ...featured.en,
  ...browse.en,
  ...listing.en,
  ...listingForm.en,
  ...wants.en,
  ...saved.en,
  ...register.en,
  ...account.en,
  ...signInPrompt.en,
  ...profile.en,
  ...reports.en,
  ...listingOwner.en,
  ...alerts.en,
  ...circles.en,
  ...inbox.en,
  ...notificationSettings.en,
  ...problems.en,
  ...info.en,
  ...dialogs.en,
} as const;

export type MessageId = keyof typeof en;
/** A translation: every message of the source, none left out (a missing one fails typecheck). */
export type Catalog = Record<MessageId, string>;
