import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.rounds';
import { ROUND_DESCRIPTION_MAX_LENGTH, ROUND_TITLE_MAX_LENGTH } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { useCreateRound } from '../api/rounds';

addMessages('rounds', englishMessages);

const DAY = 24 * 3600 * 1000;

/** A `datetime-local` value (local time, to the minute) `days` from now. */
function localIn(days: number): string {
  const date = new Date(Date.now() + days * DAY);
  date.setSeconds(0, 0);
  const offset = date.getTimezoneOffset() * 60_000;
  return new Date(date.getTime() - offset).toISOString().slice(0, 16);
}

const toIso = (local: string) => (local ? new Date(local).toISOString() : '');

export function CreateRoundForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const create = useCreateRound();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [entriesCloseAt, setEntriesCloseAt] = useState(localIn(3));
  const [wantsCloseAt, setWantsCloseAt] = useState(localIn(5));
  const [shippingDeadline, setShippingDeadline] = useState(localIn(19));
  const [maxLoop, setMaxLoop] = useState('');
  const [joinPolicy, setJoinPolicy] = useState<'anyone' | 'verified'>('anyone');
  const descriptionId = useId();
  const joinId = useId();
  const errorId = useId();
  const { _ } = useI18n();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        title,
        description,
        entriesCloseAt: toIso(entriesCloseAt),
        wantsCloseAt: toIso(wantsCloseAt),
        shippingDeadline: toIso(shippingDeadline),
        maxLoopLength: maxLoop ? Number(maxLoop) : null,
        joinPolicy,
      },
      { onSuccess: (round) => navigate(`/rounds/${round.id}`) },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-describedby={create.error ? errorId : undefined}
    >
      <Field
        label={_('rounds.form.title')}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        required
        minLength={3}
        maxLength={ROUND_TITLE_MAX_LENGTH}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium">
          {_('rounds.form.description')}
        </label>
        <textarea
          id={descriptionId}
          className={cn(inputClass, 'h-24 py-2')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          maxLength={ROUND_DESCRIPTION_MAX_LENGTH}
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Field
          label={_('rounds.form.entriesClose')}
          type="datetime-local"
          value={entriesCloseAt}
          onChange={(e) => setEntriesCloseAt(e.target.value)}
          required
        />
        <Field
          label={_('rounds.form.wantsClose')}
          type="datetime-local"
          value={wantsCloseAt}
          onChange={(e) => setWantsCloseAt(e.target.value)}
          hint={_('rounds.form.wantsHint')}
          required
        />
        <Field
          label={_('rounds.form.shipping')}
          type="datetime-local"
          value={shippingDeadline}
          onChange={(e) => setShippingDeadline(e.target.value)}
          required
        />
      </div>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field
          label={_('rounds.form.maxLoop')}
          type="number"
          min={2}
          max={20}
          value={maxLoop}
          onChange={(e) => setMaxLoop(e.target.value)}
          hint={_('rounds.form.maxLoopHint')}
        />
        <div>
          <label htmlFor={joinId} className="mb-1.5 block text-sm font-medium">
            {_('rounds.form.join')}
          </label>
          <select
            id={joinId}
            className={cn(inputClass, 'appearance-auto')}
            value={joinPolicy}
            onChange={(e) => setJoinPolicy(e.target.value as 'anyone' | 'verified')}
          >
            <option value="anyone">{_('rounds.form.anyone')}</option>
            <option value="verified">{_('rounds.form.verified')}</option>
          </select>
        </div>
      </div>
      {create.error && (
        <p id={errorId} role="alert" className="font-medium text-danger">
          {create.error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? _('rounds.form.creating') : _('rounds.form.create')}
        </Button>
        <Button variant="outline" onClick={onCancel}>
          {_('rounds.cancel')}
        </Button>
      </div>
    </form>
  );
}
