import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { literalTexts } from './literal-text';

/**
 * Components not yet converted to the catalogs (issue 41): they still render English written in
 * the component. This list must only shrink: convert a file, then remove it here (the test
 * fails while a listed file has no literal text left, and for any file not listed that has).
 */
const NOT_YET_CONVERTED = new Set([
  'client/features/swaps/components/chat-dialog.tsx',
  'client/app/pages/admin-page.tsx',
  'client/app/pages/circle-page.tsx',
  'client/app/pages/debug-search-page.tsx',
  'client/app/pages/matches-page.tsx',
  'client/app/pages/my-offers-page.tsx',
  'client/app/pages/notification-settings-page.tsx',
  'client/app/pages/notifications-page.tsx',
  'client/app/pages/round-page.tsx',
  'client/app/pages/rounds-page.tsx',
  'client/app/pages/static-pages.tsx',
  'client/components/chat/chat.tsx',
  'client/components/ui/confirm-dialog-content.tsx',
  'client/components/ui/loading-screen.tsx',
  'client/components/ui/modal-dialog.tsx',
  'client/components/ui/user-avatar.tsx',
  'client/features/analytics/components/visit-counter.tsx',
  'client/features/pwa/online-status.tsx',
  'client/features/admin/components/access-denied.tsx',
  'client/features/admin/components/blocked-photos-tab.tsx',
  'client/features/admin/components/daily-visits-chart.tsx',
  'client/features/admin/components/edit-item-dialog.tsx',
  'client/features/admin/components/edit-member-dialog.tsx',
  'client/features/admin/components/federation-tab.tsx',
  'client/features/admin/components/feedback-tab.tsx',
  'client/features/admin/components/form-actions.tsx',
  'client/features/admin/components/items-tab.tsx',
  'client/features/admin/components/listing-photos.tsx',
  'client/features/admin/components/meeting-places-tab.tsx',
  'client/features/admin/components/member-reports-tab.tsx',
  'client/features/admin/components/messages-tab.tsx',
  'client/features/admin/components/overview-tab.tsx',
  'client/features/admin/components/problems-tab.tsx',
  'client/features/admin/components/profiles-tab.tsx',
  'client/features/admin/components/reports-tab.tsx',
  'client/features/circles/components/circle-actions.tsx',
  'client/features/circles/components/circle-parts.tsx',
  'client/features/circles/components/propose-circle-button.tsx',
  'client/features/matching/components/bundle-card.tsx',
  'client/features/matching/components/match-cards.tsx',
  'client/features/matching/components/swap-for-button.tsx',
  'client/features/notifications/components/notification-list.tsx',
  'client/features/notifications/components/notification-panel.tsx',
  'client/features/notifications/components/notification-settings.tsx',
  'client/features/problems/components/report-problem-button.tsx',
  'client/features/pwa/components/push-settings.tsx',
  'client/features/rounds/components/create-round-form.tsx',
  'client/features/rounds/components/loop-list.tsx',
  'client/features/rounds/components/my-round-entries.tsx',
  'client/features/rounds/components/my-want-lists.tsx',
  'client/features/rounds/components/organiser-panel.tsx',
  'client/features/rounds/components/round-entry-list.tsx',
  'client/features/rounds/components/round-not-found.tsx',
  'client/features/rounds/components/round-parts.tsx',
  'client/features/rounds/components/round-results.tsx',
  'client/features/rounds/components/round-summary.tsx',
  'client/features/rounds/components/sign-in-to-take-part.tsx',
  'client/features/rounds/components/trade-line.tsx',
  'client/features/rounds/components/want-ranker.tsx',
  'client/features/swaps/components/cancel-swap-dialog.tsx',
  'client/features/swaps/components/counter-offer-dialog.tsx',
  'client/features/swaps/components/custom-offer.tsx',
  'client/features/swaps/components/giveaway-draw.tsx',
  'client/features/swaps/components/giveaway-owner-panel.tsx',
  'client/features/swaps/components/listing-picker.tsx',
  'client/features/swaps/components/meeting-places.tsx',
  'client/features/swaps/components/negotiation-chain.tsx',
  'client/features/swaps/components/offer-card.tsx',
  'client/features/swaps/components/offer-changes-list.tsx',
  'client/features/swaps/components/offer-form-dialog.tsx',
  'client/features/swaps/components/offer-list.tsx',
  'client/features/swaps/components/offer-photo-field.tsx',
  'client/features/swaps/components/offer-side.tsx',
  'client/features/swaps/components/offer-sides.tsx',
  'client/features/swaps/components/offers-indicator.tsx',
  'client/features/swaps/components/rating-dialog.tsx',
  'client/features/swaps/components/request-giveaway-dialog.tsx',
  'client/features/swaps/components/swap-offer-dialog.tsx',
]);

// Vitest runs from the repository's root (happy-dom gives import.meta.url an http: address).
const root = process.cwd();
const components = globSync('client/**/*.tsx', { cwd: root })
  .filter((file) => !file.includes('.test.') && !file.startsWith('client/testing/'))
  .sort();

describe('text a person reads comes from a catalog', () => {
  it.each(components)('%s', (file) => {
    const found = literalTexts(file, readFileSync(path.join(root, file), 'utf8'));
    if (NOT_YET_CONVERTED.has(file))
      expect(found, 'converted: remove it from NOT_YET_CONVERTED').not.toEqual([]);
    else expect(found, 'render these through the catalogs (useI18n)').toEqual([]);
  });

  it('finds literal text in JSX and in the attributes people read', () => {
    const source =
      '<p title="Hi there" aria-label={x}>Sign in<b>{_("a")}</b> ✓ £0.99 <img alt="A photo" /></p>';
    expect(literalTexts('x.tsx', source)).toEqual(['title="Hi there"', 'Sign in', 'alt="A photo"']);
  });
});
