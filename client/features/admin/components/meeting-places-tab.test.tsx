import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MeetingPlace } from '../../../../shared/meeting-places';
import { fakeApi } from '../../../testing/fake-api';
import { renderWithProviders } from '../../../testing/render';
import { MeetingPlacesTab } from './meeting-places-tab';

afterEach(() => vi.unstubAllGlobals());

const LIBRARY: MeetingPlace = {
  id: 4,
  name: 'Central Library',
  address: '1 Library Way',
  latitude: 51.5,
  longitude: -0.12,
};

describe('MeetingPlacesTab (issue 40 §4)', () => {
  it('lists the places with their address and point', async () => {
    fakeApi({ 'GET /api/admin/meeting-places': [LIBRARY] });
    renderWithProviders(<MeetingPlacesTab />);
    const list = await screen.findByRole('list', { name: 'Meeting places' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Central Library');
    expect(row).toHaveTextContent('1 Library Way');
    expect(row).toHaveTextContent('51.5, -0.12');
  });

  it('says so when there are none', async () => {
    fakeApi({ 'GET /api/admin/meeting-places': [] });
    renderWithProviders(<MeetingPlacesTab />);
    expect(await screen.findByText('No meeting places yet.')).toBeInTheDocument();
  });

  it('adds a place with numbers for its point', async () => {
    const calls = fakeApi({
      'GET /api/admin/meeting-places': [],
      'POST /api/admin/meeting-places': { status: 201, body: LIBRARY },
    });
    renderWithProviders(<MeetingPlacesTab />);
    const form = await screen.findByRole('form', { name: 'Add a meeting place' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'Central Library');
    await user.type(within(form).getByLabelText('Address'), '1 Library Way');
    await user.type(within(form).getByLabelText('Latitude'), '51.5');
    await user.type(within(form).getByLabelText('Longitude'), '-0.12');
    await user.click(within(form).getByRole('button', { name: 'Add place' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        route: 'POST /api/admin/meeting-places',
        body: {
          name: 'Central Library',
          address: '1 Library Way',
          latitude: 51.5,
          longitude: -0.12,
        },
      }),
    );
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue(''));
  });

  it('says what is wrong before sending, and shows the server’s refusal', async () => {
    const calls = fakeApi({
      'GET /api/admin/meeting-places': [],
      'POST /api/admin/meeting-places': { status: 400, body: { message: 'Too many places' } },
    });
    renderWithProviders(<MeetingPlacesTab />);
    const form = await screen.findByRole('form', { name: 'Add a meeting place' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Name'), 'Library');
    await user.type(within(form).getByLabelText('Address'), 'Main St');
    await user.type(within(form).getByLabelText('Latitude'), '95');
    await user.type(within(form).getByLabelText('Longitude'), '0');
    await user.click(within(form).getByRole('button', { name: 'Add place' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'latitude must be between -90 and 90',
    );
    expect(calls.map((call) => call.route)).not.toContain('POST /api/admin/meeting-places');

    await user.clear(within(form).getByLabelText('Latitude'));
    await user.type(within(form).getByLabelText('Latitude'), '45');
    await user.click(within(form).getByRole('button', { name: 'Add place' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert')).toHaveTextContent('Too many places'),
    );
  });

  it('edits a place in its row', async () => {
    const calls = fakeApi({
      'GET /api/admin/meeting-places': [LIBRARY],
      'PATCH /api/admin/meeting-places/4': { ...LIBRARY, name: 'Police exchange zone' },
    });
    renderWithProviders(<MeetingPlacesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Central Library' }));
    const form = screen.getByRole('form', { name: 'Edit “Central Library”' });
    expect(within(form).getByLabelText('Latitude')).toHaveValue('51.5');
    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Police exchange zone');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        route: 'PATCH /api/admin/meeting-places/4',
        body: { ...LIBRARY, id: undefined, name: 'Police exchange zone' },
      }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: /^Edit/ })).not.toBeInTheDocument(),
    );
  });

  it('deletes a place only after a confirmation', async () => {
    const calls = fakeApi({
      'GET /api/admin/meeting-places': [LIBRARY],
      'DELETE /api/admin/meeting-places/4': { message: 'Meeting place removed' },
    });
    renderWithProviders(<MeetingPlacesTab />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Central Library' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this meeting place?' });
    expect(calls.map((call) => call.route)).not.toContain('DELETE /api/admin/meeting-places/4');
    await user.click(within(dialog).getByRole('button', { name: 'Delete meeting place' }));
    await waitFor(() =>
      expect(calls.map((call) => call.route)).toContain('DELETE /api/admin/meeting-places/4'),
    );
  });
});
