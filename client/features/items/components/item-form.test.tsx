import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { EMPTY_ITEM_FORM, type ItemFormValues } from '../item-form-model';
import { ItemForm } from './item-form';

afterEach(() => vi.unstubAllGlobals());

const filled: ItemFormValues = {
  ...EMPTY_ITEM_FORM,
  title: 'Rocking horse',
  description: 'Wooden, repainted',
  categoryId: '7',
  condition: 'good',
  wantedItems: 'A sledge',
};

function renderForm(defaultValues: ItemFormValues = filled) {
  fakeApi({ 'GET /api/categories': [{ id: 7, name: 'Toys & Games', description: null }] });
  const onSubmit = vi.fn(async (_values: ItemFormValues) => {});
  renderWithProviders(
    <ItemForm
      defaultValues={defaultValues}
      submitLabel="LIST MY ITEM FOR SWAP"
      pendingLabel="Creating Your Listing..."
      pending={false}
      onSubmit={onSubmit}
    />,
  );
  return onSubmit;
}

describe('ItemForm: swap or give away', () => {
  it('offers the two as a labelled radio group, a swap chosen, with its wanted items', async () => {
    renderForm();
    const group = screen.getByRole('radiogroup', { name: 'How will it change hands?' });
    const swap = within(group).getByRole('radio', { name: 'Swap' });
    const free = within(group).getByRole('radio', { name: 'Give away for free' });
    expect(swap).toBeChecked();
    expect(free).not.toBeChecked();
    expect(free).toHaveAccessibleDescription('Nothing in return');
    expect(screen.getByLabelText('Specific items you want')).toHaveValue('A sledge');
    expect(screen.getByLabelText("I'm open to offers")).toBeInTheDocument();
    expect(screen.queryByLabelText('Fair chance (hours)')).toBeNull();
  });

  it('gives away with a fair chance of 12 hours unless changed, and no wanted items', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Give away for free' }));
    const hours = screen.getByLabelText('Fair chance (hours)');
    expect(hours).toHaveValue(12);
    expect(hours).toHaveAttribute('min', '0');
    expect(hours).toHaveAttribute('max', '72');
    expect(hours).toHaveAccessibleDescription(
      'Requests stay open this long so everyone has a fair chance (0 to 72 hours).',
    );
    expect(screen.queryByLabelText('Specific items you want')).toBeNull();
    expect(screen.queryByLabelText("I'm open to offers")).toBeNull();
    await user.clear(hours);
    await user.type(hours, '24');
    // (happy-dom leaves the selects' default values unset: chosen as a member would.)
    await screen.findByRole('option', { name: 'Toys & Games' });
    await user.selectOptions(screen.getByLabelText('Category *'), '7');
    await user.selectOptions(screen.getByLabelText('Condition *'), 'good');
    await user.click(screen.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ mode: 'giveaway', fairChanceHours: '24' });
  });

  it('refuses hours out of range with a message tied to the field', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm({ ...filled, mode: 'giveaway' });
    const hours = screen.getByLabelText('Fair chance (hours)');
    await user.clear(hours);
    await user.type(hours, '80');
    await user.click(screen.getByRole('button', { name: 'LIST MY ITEM FOR SWAP' }));
    const error = await screen.findByText('Enter whole hours from 0 to 72');
    expect(error).toHaveAttribute('role', 'alert');
    expect(hours).toHaveAttribute('aria-invalid', 'true');
    expect(hours).toHaveAccessibleDescription(
      expect.stringContaining('Enter whole hours from 0 to 72'),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('fills an edited give-away back, and a swap again brings the wanted field back', async () => {
    const user = userEvent.setup();
    renderForm({ ...filled, mode: 'giveaway', fairChanceHours: '0', wantedItems: '' });
    expect(screen.getByRole('radio', { name: 'Give away for free' })).toBeChecked();
    expect(screen.getByLabelText('Fair chance (hours)')).toHaveValue(0);
    await user.click(screen.getByRole('radio', { name: 'Swap' }));
    expect(screen.getByLabelText('Specific items you want')).toBeInTheDocument();
    expect(screen.queryByLabelText('Fair chance (hours)')).toBeNull();
  });
});
