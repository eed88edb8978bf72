import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { BrowseSearchForm, roundedPosition } from './browse-search-form';

afterEach(() => vi.unstubAllGlobals());

describe('BrowseSearchForm', () => {
  it('sends words, place, radius and nearest-first as one search, keeping the category', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithProviders(<BrowseSearchForm value={{ categoryId: 3 }} onSearch={onSearch} />);
    const sort = screen.getByLabelText('Sort');
    expect(sort).toBeDisabled(); // nearest-first needs a place
    await user.type(screen.getByLabelText('Search for items'), 'bike');
    await user.type(screen.getByLabelText('Near'), 'York');
    await user.selectOptions(screen.getByLabelText('Within'), '10 km');
    await user.selectOptions(sort, 'Nearest first');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith({
      search: 'bike',
      categoryId: 3,
      near: 'York',
      radiusKm: 10,
      sort: 'distance',
    });
  });

  it('searches by place alone; without a place, no radius or sort is sent', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithProviders(<BrowseSearchForm value={{}} onSearch={onSearch} />);
    const submit = screen.getByRole('button', { name: 'Search' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Near'), 'Leeds');
    await user.click(submit);
    expect(onSearch).toHaveBeenLastCalledWith({
      search: undefined,
      categoryId: undefined,
      near: 'Leeds',
      radiusKm: 25,
      sort: undefined,
    });
    await user.clear(screen.getByLabelText('Near'));
    await user.type(screen.getByLabelText('Search for items'), 'lamp');
    await user.click(submit);
    expect(onSearch).toHaveBeenLastCalledWith({
      search: 'lamp',
      categoryId: undefined,
      near: undefined,
      radiusKm: undefined,
      sort: undefined,
    });
  });

  it('searches for what the field holds when submitted before React saw the typing (Enter during hydration)', () => {
    const onSearch = vi.fn();
    renderWithProviders(<BrowseSearchForm value={{}} onSearch={onSearch} />);
    const field = screen.getByLabelText<HTMLInputElement>('Search for items');
    // Typed into the pre-rendered page: the DOM holds the words, no change event reached React.
    field.value = 'zephyr';
    fireEvent.submit(field.form as HTMLFormElement);
    expect(onSearch).toHaveBeenCalledWith({
      search: 'zephyr',
      categoryId: undefined,
      near: undefined,
      radiusKm: undefined,
      sort: undefined,
    });
  });

  it('uses the browser’s location, rounded, after consent', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const getCurrentPosition = vi.fn((ok: PositionCallback) =>
      ok({ coords: { latitude: 53.958_32, longitude: -1.080_27 } } as GeolocationPosition),
    );
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    renderWithProviders(<BrowseSearchForm value={{}} onSearch={onSearch} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ near: '53.96,-1.08' }));
    expect(screen.getByLabelText('Near')).toHaveValue('53.96,-1.08');
  });

  it('explains a refused location', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (_ok: PositionCallback, fail: PositionErrorCallback) =>
          fail({ code: 1 } as GeolocationPositionError),
      },
    });
    renderWithProviders(<BrowseSearchForm value={{}} onSearch={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your location is not available');
    expect(roundedPosition({ coords: { latitude: 1.234_56, longitude: 2 } })).toBe('1.23,2.00');
  });

  it('looks in this community only, at once, and keeps that choice when cleared', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithProviders(<BrowseSearchForm value={{ categoryId: 3 }} onSearch={onSearch} />);
    const scope = screen.getByLabelText('Listings from');
    expect(scope).toHaveValue('everywhere');
    // Everywhere, the default, sends no parameter, so plain form posts keep their old address.
    expect(scope).not.toHaveAttribute('name');
    await user.selectOptions(scope, 'This community only');
    expect(onSearch).toHaveBeenLastCalledWith({
      search: undefined,
      categoryId: 3,
      near: undefined,
      radiusKm: undefined,
      sort: undefined,
      scope: 'local',
    });
    expect(scope).toHaveAttribute('name', 'scope');
    await user.type(screen.getByLabelText('Search for items'), 'bike');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ scope: 'local' }));
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ search: undefined }));
    await user.selectOptions(scope, 'Everywhere');
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ scope: undefined }));
  });

  it('shows the scope the URL asks for', () => {
    renderWithProviders(<BrowseSearchForm value={{ scope: 'local' }} onSearch={vi.fn()} />);
    expect(screen.getByLabelText('Listings from')).toHaveValue('local');
  });

  it('offers no choice of scope on a site that does not federate', async () => {
    fakeApi({
      'GET /api/config': {
        siteName: 'Island Swaps',
        socialUrl: 'https://example.org/',
        tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
        federation: false,
      },
    });
    renderWithProviders(<BrowseSearchForm value={{}} onSearch={vi.fn()} />);
    await waitFor(() => expect(screen.queryByLabelText('Listings from')).toBeNull());
    expect(screen.getByLabelText('Search for items')).toBeInTheDocument();
    // What kind of listing is still everyone's choice.
    expect(screen.getByLabelText('Type')).toBeInTheDocument();
  });

  const config = () =>
    fakeApi({
      'GET /api/config': {
        siteName: 'Swaps',
        socialUrl: 'https://example.org/',
        tileUrl: 'https://tile.example.org/{z}/{x}/{y}.png',
        federation: true,
      },
    });

  it('filters by type at once, All by default unsaid, and keeps the type when cleared', async () => {
    config();
    const user = userEvent.setup();
    const onSearch = vi.fn();
    renderWithProviders(<BrowseSearchForm value={{ categoryId: 3 }} onSearch={onSearch} />);
    const type = screen.getByLabelText('Type');
    expect(type).toHaveValue('all');
    expect(type).not.toHaveAttribute('name');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(
      expect.arrayContaining(['All', 'Swaps', 'Free']),
    );
    await user.selectOptions(type, 'Free');
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ categoryId: 3, mode: 'giveaway' }),
    );
    expect(type).toHaveAttribute('name', 'mode');
    await user.type(screen.getByLabelText('Search for items'), 'lamp');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: 'lamp', mode: 'giveaway' }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onSearch).toHaveBeenLastCalledWith(
      expect.objectContaining({ search: undefined, mode: 'giveaway' }),
    );
    await user.selectOptions(type, 'Swaps');
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ mode: 'swap' }));
    await user.selectOptions(type, 'All');
    expect(onSearch).toHaveBeenLastCalledWith(expect.objectContaining({ mode: undefined }));
  });

  it('shows the type the URL asks for', () => {
    config();
    renderWithProviders(<BrowseSearchForm value={{ mode: 'giveaway' }} onSearch={vi.fn()} />);
    expect(screen.getByLabelText('Type')).toHaveValue('giveaway');
  });
});
