import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.admin';
import {
  MEETING_PLACE_ADDRESS_MAX,
  MEETING_PLACE_NAME_MAX,
} from '../../../../shared/meeting-place-limits';
import type { CreateMeetingPlace } from '../../../../shared/meeting-places';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field } from '../../../components/ui/field';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { addMessages } from '../../../lib/i18n';
import { richMessage } from '../../../lib/rich-text';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useAdminAction } from '../api/admin';
import { type MeetingPlace, meetingPlacesApi, useMeetingPlaces } from '../api/meeting-places';
import { useModeration } from '../moderation';
import { ModerationRow } from './moderation-row';

addMessages('admin', englishMessages);

type Draft = { name: string; address: string; latitude: string; longitude: string };

const EMPTY: Draft = { name: '', address: '', latitude: '', longitude: '' };

const draftOf = (place: MeetingPlace): Draft => ({
  name: place.name,
  address: place.address,
  latitude: String(place.latitude),
  longitude: String(place.longitude),
});

/**
 * The draft as the API takes it, or the first thing wrong with it (the API's own rules), else
 * `unknown` when the rules name nothing.
 */
async function parse(
  draft: Draft,
  unknown: string,
): Promise<{ place: CreateMeetingPlace } | { error: string }> {
  const number = (text: string) => (text.trim() === '' ? undefined : Number(text));
  // The schema (and zod) load when a place is saved, not with the admin page.
  const { createMeetingPlaceSchema } = await import('../../../../shared/meeting-places');
  const parsed = createMeetingPlaceSchema.safeParse({
    ...draft,
    latitude: number(draft.latitude),
    longitude: number(draft.longitude),
  });
  return parsed.success
    ? { place: parsed.data }
    : { error: parsed.error.issues[0]?.message ?? unknown };
}

/** Adds a place, or changes `place` when given; one form for both so they cannot drift apart. */
function PlaceForm({ place, onDone }: { place?: MeetingPlace; onDone?: () => void }) {
  const save = useAdminAction((input: CreateMeetingPlace) =>
    place ? meetingPlacesApi.change({ id: place.id, ...input }) : meetingPlacesApi.add(input),
  );
  const { _ } = useI18n();
  const [draft, setDraft] = useState<Draft>(place ? draftOf(place) : EMPTY);
  const [error, setError] = useState('');
  const headingId = place ? `edit-place-${place.id}` : 'add-place';
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = await parse(draft, _('admin.places.check'));
    if ('error' in parsed) return setError(parsed.error);
    setError('');
    try {
      await save.mutateAsync(parsed.place);
      toast.success(place ? _('admin.places.saved') : _('admin.places.added'));
      if (!place) setDraft(EMPTY);
      onDone?.();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('admin.places.notSaved'));
    }
  };
  return (
    <form
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3"
    >
      <h3 id={headingId} className="font-bold">
        {place ? _('admin.places.editTitle', { name: place.name }) : _('admin.places.addTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label={_('admin.places.name')}
          required
          maxLength={MEETING_PLACE_NAME_MAX}
          value={draft.name}
          onChange={set('name')}
        />
        <Field
          label={_('admin.places.address')}
          required
          maxLength={MEETING_PLACE_ADDRESS_MAX}
          value={draft.address}
          onChange={set('address')}
        />
        <Field
          label={_('admin.places.latitude')}
          hint={_('admin.places.latitudeHint')}
          inputMode="decimal"
          required
          value={draft.latitude}
          onChange={set('latitude')}
        />
        <Field
          label={_('admin.places.longitude')}
          hint={_('admin.places.longitudeHint')}
          inputMode="decimal"
          required
          value={draft.longitude}
          onChange={set('longitude')}
        />
      </div>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? _('admin.places.saving')
            : place
              ? _('admin.places.save')
              : _('admin.places.add')}
        </Button>
        {onDone && (
          <Button type="button" variant="outline" onClick={onDone}>
            {_('admin.cancel')}
          </Button>
        )}
      </div>
    </form>
  );
}

/** Safe places to meet (issue 40 §4): offers' chats suggest the three nearest both parties. */
export function MeetingPlacesTab() {
  const list = useMeetingPlaces();
  const [editing, setEditing] = useState<number>();
  const { _ } = useI18n();
  const remove = useModeration(
    meetingPlacesApi.remove,
    _('admin.places.deleted'),
    _('admin.places.deleteFailed'),
  );
  if (list.isPending) return <LoadingScreen label={_('header.loading')} />;
  if (list.isError)
    return <p role="alert">{_('admin.places.loadFailed', { error: list.error.message })}</p>;
  return (
    <>
      <p className="mb-3 text-sm text-muted">{_('admin.places.lead')}</p>
      <Card className="mb-4 p-4 sm:p-6">
        <PlaceForm />
      </Card>
      <ul className="flex flex-col gap-3" aria-label={_('admin.places.list')}>
        {list.data.map((place) =>
          editing === place.id ? (
            <li key={place.id} className="rounded-xl border border-line bg-white p-4">
              <PlaceForm place={place} onDone={() => setEditing(undefined)} />
            </li>
          ) : (
            <ModerationRow
              key={place.id}
              actions={
                <>
                  <Button variant="outline" size="sm" onClick={() => setEditing(place.id)}>
                    {richMessage(
                      _,
                      'admin.places.edit',
                      {},
                      { name: <span className="sr-only">{place.name}</span> },
                    )}
                  </Button>
                  <ConfirmDialog
                    trigger={
                      <Button variant="outline" size="sm" className="text-danger">
                        <Trash2 className="size-4" aria-hidden />{' '}
                        {richMessage(
                          _,
                          'admin.places.delete',
                          {},
                          { name: <span className="sr-only">{place.name}</span> },
                        )}
                      </Button>
                    }
                    title={_('admin.places.deleteTitle')}
                    text={_('admin.places.deleteText', { name: place.name })}
                    confirmLabel={_('admin.places.deleteConfirm')}
                    onConfirm={() => void remove(place.id)}
                  />
                </>
              }
            >
              <p className="break-words font-semibold">{place.name}</p>
              <p className="break-words text-sm">{place.address}</p>
              <p className="text-sm text-muted">
                {place.latitude}, {place.longitude}
              </p>
            </ModerationRow>
          ),
        )}
      </ul>
      {list.data.length === 0 && <p className="text-muted">{_('admin.places.none')}</p>}
    </>
  );
}
