import type { SavedEntry } from '../../../shared/items.js';
import { presentItem } from '../items/items.presenter.js';
import type { SavedRow } from './saved.service.js';

export function presentSavedEntry(row: SavedRow, userId: string): SavedEntry {
  return {
    id: row.saved.id,
    userId,
    itemId: row.item.id,
    createdAt: row.saved.createdAt.toISOString(),
    item: presentItem(row, { summary: true }),
  };
}
