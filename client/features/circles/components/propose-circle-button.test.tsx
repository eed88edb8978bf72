import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '../../../lib/i18n';
import { renderWithProviders } from '../../../testing/render';
import { CircleMatchAction } from './propose-circle-button';

afterEach(async () => {
  await activateLocale('en');
});

describe('CircleMatchAction', () => {
  it('says where a proposal stands, with a link to the circle', () => {
    renderWithProviders(
      <CircleMatchAction
        itemIds={[1, 2, 3]}
        proposal={{ id: 9, status: 'proposed', accepted: false }}
      />,
    );
    expect(screen.getByText('Proposed')).toBeInTheDocument();
    expect(screen.getByText('Your answer is needed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open circle' })).toHaveAttribute('href', '/circles/9');
  });

  it('speaks the language in use (pt-BR, de)', async () => {
    await activateLocale('pt-BR');
    const { unmount } = renderWithProviders(
      <CircleMatchAction
        itemIds={[1, 2, 3]}
        proposal={{ id: 9, status: 'accepted', accepted: true }}
      />,
    );
    expect(screen.getByText('Aceito')).toBeInTheDocument();
    expect(
      screen.getByText('Todos aceitaram: este círculo está em andamento.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir círculo' })).toBeInTheDocument();
    unmount();
    await activateLocale('de');
    renderWithProviders(<CircleMatchAction itemIds={[1, 2, 3]} proposal={null} />);
    expect(
      screen.getByRole('button', { name: 'Diesen Tauschring vorschlagen' }),
    ).toBeInTheDocument();
  });
});
