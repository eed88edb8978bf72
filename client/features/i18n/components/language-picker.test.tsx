import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Footer } from '../../../app/layout/footer';
import { Header } from '../../../app/layout/header';
import { HomePage } from '../../../app/pages/home-page';
import { activateLocale } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render';

const signedOut = () =>
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'Please sign in to continue' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
  // biome-ignore lint/suspicious/noDocumentCookie: the test forgets the picker's cookie
  document.cookie = 'locale=; max-age=0; path=/';
});

describe('LanguagePicker in the footer', () => {
  it('switches the page to the chosen language, marks it, and remembers it in a cookie', async () => {
    signedOut();
    renderWithProviders(
      <>
        <Header />
        <HomePage />
        <Footer />
      </>,
    );
    expect(screen.getByRole('heading', { name: "Swap What Ever You've Got!" })).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(document.documentElement.lang).toBe('de'));
    expect(screen.getByRole('heading', { name: 'Tausche, was du hast!' })).toBeVisible();
    expect(screen.getByLabelText('Sprache')).toHaveValue('de');
    expect(document.cookie).toContain('locale=de');
    expect(document.documentElement.dir).toBe('ltr');

    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'ar');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    expect(document.documentElement.lang).toBe('ar');
    expect(screen.getByRole('heading', { name: 'بادل كل ما لديك!' })).toBeVisible();
    expect(screen.getByRole('link', { name: /إلكترونيات/ })).toBeVisible();
  });

  it('keeps English, word for word, by default', () => {
    signedOut();
    renderWithProviders(<Footer />);
    expect(screen.getByText('© 2024 SwapMarket. All rights reserved.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Help centre' })).toBeVisible();
    expect(screen.getByLabelText('Language')).toHaveValue('en');
  });
});
