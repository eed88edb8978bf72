import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportEntry } from '../../../../shared/admin';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { ReportsTab } from './reports-tab';

afterEach(() => vi.unstubAllGlobals());

const PHOTO = '/api/images/11111111-1111-4111-8111-111111111111';
const siteFlag: ReportEntry = {
  id: 4,
  itemId: 9,
  userId: null,
  reason: 'Photo reused',
  description: 'Photo also used by “Red bike” (listing 3) of alice',
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  item: { id: 9, title: 'Bike', isActive: true, images: [PHOTO] },
  reporter: null,
};

describe('ReportsTab: the site’s photo flags (issue 40 §3)', () => {
  it('says the site flagged it, names the other listing, and offers to block the photo', async () => {
    fakeApi({ 'GET /api/flagged-items': [siteFlag] });
    renderWithProviders(<ReportsTab />);
    const row = (await screen.findByText(/Flagged by the site/)).closest('li') as HTMLElement;
    expect(row).toHaveTextContent('Bike — Photo reused');
    expect(row).toHaveTextContent('Photo also used by “Red bike” (listing 3) of alice');
    expect(
      within(row).getByRole('button', { name: 'Block this photo (photo 1 of “Bike”)' }),
    ).toBeInTheDocument();
  });
});
