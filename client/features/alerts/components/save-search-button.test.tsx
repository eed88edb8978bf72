import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SavedSearch } from '../../../../shared/saved-searches';
import { currentTranslator } from '../../../lib/i18n';
import { fakeApi, member } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { describeSearch } from '../describe-search';
import { SaveSearchButton } from './save-search-button';

afterEach(() => vi.unstubAllGlobals());

const stored = (fields: Partial<SavedSearch>): SavedSearch => ({
  id: 1,
  search: 'bike',
  categoryId: null,
  category: null,
  near: null,
  radiusKm: null,
  mode: null,
  frequency: 'instant',
  scope: 'everywhere',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...fields,
});

describe('SaveSearchButton', () => {
  it('saves the current search, place and radius included, with the chosen frequency', async () => {
    const user = userEvent.setup();
    let alerts: SavedSearch[] = [];
    const calls = fakeApi({
      'GET /api/auth/user': member,
      'GET /api/saved-searches': () => alerts,
      'POST /api/saved-searches': ({ body }: { body: unknown }) => {
        alerts = [stored({ ...(body as object), id: 5 })];
        return { status: 201, body: alerts[0] };
      },
    });
    renderWithProviders(
      <SaveSearchButton
        search={{ search: 'bike', categoryId: 4, near: 'York', radiusKm: 10, sort: 'distance' }}
        categoryName="Sports"
      />,
    );
    await user.click(await screen.findByRole('button', { name: 'Alert me about new matches' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('“bike” in Sports within 10 km of York');
    await user.selectOptions(screen.getByLabelText('How often'), 'Once a day');
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/saved-searches')?.body).toEqual({
        search: 'bike',
        categoryId: 4,
        near: 'York',
        radiusKm: 10,
        frequency: 'daily',
        scope: 'everywhere',
      }),
    );
    expect(await screen.findByRole('link', { name: 'Alert saved' })).toHaveAttribute(
      'href',
      '/alerts',
    );
  });

  it('keeps a search of this community only to this community', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/auth/user': member,
      // The same words saved everywhere are another alert.
      'GET /api/saved-searches': [stored({ search: 'lamp' })],
      'POST /api/saved-searches': ({ body }: { body: unknown }) => ({
        status: 201,
        body: stored({ ...(body as object), id: 6 }),
      }),
    });
    renderWithProviders(<SaveSearchButton search={{ search: 'lamp', scope: 'local' }} />);
    await user.click(await screen.findByRole('button', { name: 'Alert me about new matches' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('“lamp” in this community only');
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/saved-searches')?.body).toMatchObject({
        search: 'lamp',
        scope: 'local',
      }),
    );
  });

  it('knows a search of this community only is saved', async () => {
    fakeApi({
      'GET /api/auth/user': member,
      'GET /api/saved-searches': [stored({ search: 'lamp', scope: 'local' })],
    });
    renderWithProviders(<SaveSearchButton search={{ search: 'lamp', scope: 'local' }} />);
    expect(await screen.findByRole('link', { name: 'Alert saved' })).toBeInTheDocument();
  });

  it('keeps the Type filter: an alert of give-aways hears of give-aways only', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      'GET /api/auth/user': member,
      // The same words saved for both kinds are another alert.
      'GET /api/saved-searches': [stored({ search: 'pram' })],
      'POST /api/saved-searches': ({ body }: { body: unknown }) => ({
        status: 201,
        body: stored({ ...(body as object), id: 8 }),
      }),
    });
    renderWithProviders(<SaveSearchButton search={{ search: 'pram', mode: 'giveaway' }} />);
    await user.click(await screen.findByRole('button', { name: 'Alert me about new matches' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('“pram” among give-aways');
    await user.click(screen.getByRole('button', { name: 'Save alert' }));
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/saved-searches')?.body).toEqual({
        search: 'pram',
        categoryId: null,
        near: null,
        radiusKm: null,
        frequency: 'instant',
        scope: 'everywhere',
        mode: 'giveaway',
      }),
    );
  });

  it('knows a search of one Type is saved, and that one of both kinds is another', async () => {
    fakeApi({
      'GET /api/auth/user': member,
      'GET /api/saved-searches': [stored({ search: 'pram', mode: 'swap' })],
    });
    const { unmount } = renderWithProviders(
      <SaveSearchButton search={{ search: 'pram', mode: 'swap' }} />,
    );
    expect(await screen.findByRole('link', { name: 'Alert saved' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<SaveSearchButton search={{ search: 'pram' }} />);
    expect(
      await screen.findByRole('button', { name: 'Alert me about new matches' }),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal, such as the limit of 50', async () => {
    const user = userEvent.setup();
    fakeApi({
      'GET /api/auth/user': member,
      'GET /api/saved-searches': [],
      'POST /api/saved-searches': {
        status: 409,
        body: { message: 'You can keep at most 50 saved searches.' },
      },
    });
    renderWithProviders(<SaveSearchButton search={{ search: 'lamp' }} />);
    await user.click(await screen.findByRole('button', { name: 'Alert me about new matches' }));
    await user.click(await screen.findByRole('button', { name: 'Save alert' }));
    expect(await screen.findByText('You can keep at most 50 saved searches.')).toBeInTheDocument();
  });

  it('asks a visitor to sign in, and needs search words', async () => {
    fakeApi({ 'GET /api/auth/user': { status: 401, body: { message: 'Not signed in' } } });
    const { unmount } = renderWithProviders(<SaveSearchButton search={{ search: 'lamp' }} />);
    expect(await screen.findByRole('link', { name: 'Sign in to get alerts' })).toBeInTheDocument();
    unmount();
    renderWithProviders(<SaveSearchButton search={{ near: 'York', radiusKm: 5 }} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('describes a search in words, a browser location as “your location”', () => {
    // English, with the alerts area the component's module brought.
    const { _ } = currentTranslator();
    expect(describeSearch(_, { search: 'kettle' })).toBe('“kettle”');
    expect(describeSearch(_, { search: 'kettle', near: '53.96,-1.08', radiusKm: 5 })).toBe(
      '“kettle” within 5 km of your location',
    );
    expect(describeSearch(_, { search: 'kettle', scope: 'local' })).toBe(
      '“kettle” in this community only',
    );
    expect(describeSearch(_, { search: 'kettle', scope: 'everywhere' })).toBe('“kettle”');
    expect(describeSearch(_, { search: 'kettle', mode: 'swap', category: { name: 'Home' } })).toBe(
      '“kettle” among swaps in Home',
    );
  });
});
