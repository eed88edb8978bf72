import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReportEntry } from '../../../../shared/admin';
import { activateLocale } from '../../../lib/i18n';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { FederationTab } from './federation-tab';
import { ReportsTab } from './reports-tab';

afterEach(async () => {
  vi.unstubAllGlobals();
  await activateLocale('en');
});

const flag: ReportEntry = {
  id: 4,
  itemId: 9,
  userId: null,
  reason: 'Photo reused',
  description: null,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00.000Z',
  item: { id: 9, title: 'Bike', isActive: true, images: ['/api/images/1'] },
  reporter: null,
};

describe('the admin tabs in another language (issue 41)', () => {
  it('shows the reports tab in German, dates and hidden words too', async () => {
    await activateLocale('de');
    fakeApi({ 'GET /api/flagged-items': [flag] });
    renderWithProviders(<ReportsTab />);
    const row = (await screen.findByText(/Von der Website markiert am/)).closest(
      'li',
    ) as HTMLElement;
    expect(row).toHaveTextContent('Von der Website markiert am 20. Nov. 2026');
    expect(row).toHaveTextContent('Bike — Photo reused');
    expect(within(row).getByRole('button', { name: 'Verwerfen' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Erledigen' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Artikel entfernen' })).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Sperren dieses Foto (Foto 1 von „Bike“)' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('list', { name: 'Fotos von „Bike“' })).toBeInTheDocument();
  });

  it('shows the federation tab in Arabic', async () => {
    await activateLocale('ar');
    fakeApi({ 'GET /api/admin/federation/instances': [] });
    renderWithProviders(<FederationTab />);
    expect(await screen.findByText('لا مجتمعات أخرى بعد')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'متابعة مجتمع آخر' })).toBeInTheDocument();
    expect(screen.getByLabelText(/عنوان المجتمع/)).toBeInTheDocument();
  });
});
