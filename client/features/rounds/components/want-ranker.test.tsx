import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoundEntry } from '../../../../shared/rounds';
import { renderWithProviders } from '../../../testing/render';
import { WantRanker } from './want-ranker';

const owner = (id: string, nickname: string) => ({
  id,
  nickname,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  isMember: true,
});
const entry = (id: number, title: string, who = owner('bob', 'bob')): RoundEntry => ({
  id,
  item: { id: id * 10, title, thumbnail: null, mode: 'swap', owner: who },
});

const mine = entry(1, 'Lamp', owner('ann', 'ann'));
const others = [
  entry(2, 'Tent'),
  entry(3, 'Stove'),
  entry(4, 'Chess set', owner('cat', 'cat')),
  entry(5, 'Go board', owner('cat', 'cat')),
];

function ranked() {
  const list = screen.getByRole('heading', { name: /best first/ }).parentElement as HTMLElement;
  return within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/^\d+\./, '').trim());
}

afterEach(() => vi.unstubAllGlobals());

describe('WantRanker', () => {
  it('adds, reorders by buttons and Alt+arrows, groups and saves the list', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      Response.json(JSON.parse(String(init?.body))),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<WantRanker roundId={9} entry={mine} others={others} initial={[3]} />);
    expect(ranked()).toEqual(['Stove']);

    await user.type(screen.getByLabelText('Search the other entries'), 'cat');
    await user.click(screen.getByRole('button', { name: 'Want all by cat' }));
    expect(ranked()).toEqual(['Stove', 'Chess set', 'Go board']);
    await user.clear(screen.getByLabelText('Search the other entries'));
    await user.click(screen.getByRole('button', { name: 'Add Tent' }));
    expect(ranked()).toEqual(['Stove', 'Chess set', 'Go board', 'Tent']);

    await user.click(screen.getByRole('button', { name: 'Move Tent up' }));
    expect(ranked()).toEqual(['Stove', 'Chess set', 'Tent', 'Go board']);
    screen.getByRole('button', { name: 'Move Stove down' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(ranked()).toEqual(['Chess set', 'Stove', 'Tent', 'Go board']);
    expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('Stove is now number 2');

    await user.click(screen.getByRole('checkbox', { name: 'Select Chess set' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Go board' }));
    await user.click(screen.getByRole('button', { name: /Group selected/ }));
    expect(ranked()[0]).toMatch(/^Any of: Chess set, Go board/);
    await user.click(screen.getByRole('button', { name: 'Remove Stove' }));

    await user.click(screen.getByRole('button', { name: 'Save wants for Lamp' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
    expect(url).toBe('/api/rounds/9/entries/1/wants');
    expect(JSON.parse(String(init?.body))).toEqual({ wants: [[4, 5], 2] });
  });

  it('moves an entry by dragging it onto another row', () => {
    vi.stubGlobal('fetch', vi.fn());
    renderWithProviders(
      <WantRanker roundId={9} entry={mine} others={others} initial={[2, 3, 4]} />,
    );
    const rows = () =>
      within(
        screen.getByRole('heading', { name: /best first/ }).parentElement as HTMLElement,
      ).getAllByRole('listitem');
    fireEvent.dragStart(rows()[2] as HTMLElement);
    fireEvent.dragOver(rows()[0] as HTMLElement);
    fireEvent.drop(rows()[0] as HTMLElement);
    expect(ranked()).toEqual(['Chess set', 'Tent', 'Stove']);
  });
});
