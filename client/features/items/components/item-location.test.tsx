import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Item } from '../../../../shared/items';
import { ItemLocation, MAP_HOVER_DELAY_MS } from './item-location';

const loaded = vi.hoisted(() => ({ overlays: false }));
vi.mock('./item-location-overlays', async (original) => {
  loaded.overlays = true;
  return original();
});
// Leaflet does not run in happy-dom; the map's place is what matters here.
vi.mock('./location-map', () => ({
  default: ({ className }: { className: string }) => <div className={className}>map</div>,
}));

const item = { id: 3, location: 'York', area: { lat: 53.96, lon: -1.08 } } as unknown as Item;

afterEach(() => vi.useRealTimers());

describe('ItemLocation', () => {
  it('renders a plain button and loads no popover or dialog until it is used', () => {
    const { container } = render(<ItemLocation item={item} />);
    expect(screen.getByRole('button', { name: 'York: show on a map' })).toBeInTheDocument();
    expect(container.querySelectorAll('button')).toHaveLength(1);
    expect(loaded.overlays).toBe(false);
  });

  it('shows the small map 200 ms after the pointer enters (SPEC §4)', async () => {
    render(<ItemLocation item={item} />);
    vi.useFakeTimers();
    fireEvent.mouseEnter(screen.getByRole('button', { name: 'York: show on a map' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(MAP_HOVER_DELAY_MS - 50);
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('map')).not.toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    vi.useRealTimers();
    expect(await screen.findByText('map', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(loaded.overlays).toBe(true);
  });

  it('opens the full map on a tap and gives focus back to the button when closed', async () => {
    const user = userEvent.setup();
    render(<ItemLocation item={item} />);
    const button = screen.getByRole('button', { name: 'York: show on a map' });
    await user.click(button);
    expect(
      await screen.findByRole('dialog', { name: 'Location: York' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close map' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });
});
