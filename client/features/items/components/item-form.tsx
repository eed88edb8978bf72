import { type FormEvent, type ReactNode, useId } from 'react';
import { Controller, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { messages as englishMessages } from '../../../../shared/i18n/compiled/en.listing-form';
import type { Translate } from '../../../../shared/i18n/translator';
import {
  CONDITIONS,
  FAIR_CHANCE_HOURS,
  ITEM_LIMITS,
  ITEM_NOT_ALLOWED,
  type ListingMode,
} from '../../../../shared/item-display';
import { Button } from '../../../components/ui/button';
import { Field, inputClass } from '../../../components/ui/field';
import { cn } from '../../../lib/cn';
import { addMessages } from '../../../lib/i18n';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { useI18n } from '../../../lib/use-i18n';
import { useCategories } from '../api/items';
import { categoryName, conditionName } from '../display-names';
import type { ItemFormValues } from '../item-form-model';
import { PhotoPicker, type RefusedPhoto } from './photo-picker';

addMessages('listing-form', englishMessages);

/**
 * The schema's messages (item-form-schema.ts, English like the server's) in the reader's
 * language. They are matched by their English text: the schema loads only on the first check,
 * and importing its constants here would bring zod with the page. Any other message shows as
 * it is.
 */
function checkMessage(_: Translate, message: string | undefined): string | undefined {
  if (!message) return message;
  const tooLong = /^Must be at most (\d+) characters$/.exec(message);
  if (tooLong) return _('listingForm.error.tooLong', { max: Number(tooLong[1]) });
  const hours = /^Enter whole hours from (\d+) to (\d+)$/.exec(message);
  if (hours) return _('listingForm.error.fairChance', { min: hours[1], max: hours[2] });
  const known: Record<string, Parameters<Translate>[0]> = {
    'Title is required': 'listingForm.error.title',
    'Description is required': 'listingForm.error.description',
    'Please select a category': 'listingForm.error.category',
    'Please select a condition': 'listingForm.error.condition',
    [ITEM_NOT_ALLOWED]: 'listingForm.error.notAllowed',
  };
  const id = known[message];
  return id ? _(id) : message;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-line bg-white p-5 sm:p-6">
      <h2 className="mb-4 text-lg font-bold">{title}</h2>
      <div className="flex flex-col gap-4">{children}</div>
    </section>
  );
}

/**
 * Swap or give away: a radio group (one tab stop, arrow keys move between the two), each choice
 * a card with a line of explanation.
 */
function ModeChoice({
  name,
  register,
  options,
}: {
  name: string;
  register: UseFormRegisterReturn<'mode'>;
  options: Array<{ value: ListingMode; label: string; hint: string }>;
}) {
  const { _ } = useI18n();
  return (
    <div role="radiogroup" aria-labelledby={`${name}-label`}>
      <p id={`${name}-label`} className="mb-1.5 text-sm font-medium">
        {_('listingForm.howChange')}
      </p>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option.value}
            className={cn(
              'flex cursor-pointer items-start gap-3 rounded-xl border border-line bg-white p-3',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50',
              'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
            )}
          >
            <input
              type="radio"
              value={option.value}
              className="mt-0.5 size-5 shrink-0 accent-brand-700"
              aria-labelledby={`${name}-${option.value}`}
              aria-describedby={`${name}-${option.value}-hint`}
              {...register}
            />
            <span>
              <span id={`${name}-${option.value}`} className="block font-medium">
                {option.label}
              </span>
              <span id={`${name}-${option.value}-hint`} className="block text-sm text-muted">
                {option.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}

/** zod and the schema load on the first validation (SPEC §5's checks, then the submit). */
const resolver = lazyZodResolver<ItemFormValues>(() =>
  import('../item-form-schema').then((module) => module.itemFormSchema),
);

const selectClass = cn(inputClass, 'appearance-auto');
const textareaClass = cn(inputClass, 'h-auto py-2');

export function ItemForm({
  defaultValues,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  aside,
  footer,
  refusedPhoto,
}: {
  /** A photo the last save refused, shown on that photo (issue 40 §3). */
  refusedPhoto?: RefusedPhoto | undefined;
  defaultValues: ItemFormValues;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: ItemFormValues) => Promise<void>;
  aside?: ReactNode;
  footer?: (values: ItemFormValues) => ReactNode;
}) {
  const i18n = useI18n();
  const { _ } = i18n;
  const form = useForm<ItemFormValues>({ resolver, defaultValues });
  const { errors } = form.formState;
  const { data: categories = [] } = useCategories();
  const isOpenToOffers = form.watch('isOpenToOffers');
  const giveaway = form.watch('mode') === 'giveaway';
  const ids = {
    category: useId(),
    condition: useId(),
    description: useId(),
    wanted: useId(),
    open: useId(),
    mode: useId(),
    hours: useId(),
  };

  // SPEC §5: the submit button checks the trimmed title and description first.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { title, description } = form.getValues();
    if (!title.trim()) {
      toast.error(_('listingForm.missingTitle'), {
        description: _('listingForm.missingTitleText'),
      });
      return;
    }
    if (!description.trim()) {
      toast.error(_('listingForm.missingDescription'), {
        description: _('listingForm.missingDescriptionText'),
      });
      return;
    }
    void form.handleSubmit(onSubmit)(event);
  };

  const errorText = (id: string, message: string | undefined) =>
    message && (
      <p id={id} role="alert" className="mt-1 text-sm font-medium text-danger">
        {checkMessage(_, message)}
      </p>
    );

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6">
      <Section title={_('listingForm.basic')}>
        <Field
          label={_('listingForm.title')}
          maxLength={ITEM_LIMITS.title}
          error={checkMessage(_, errors.title?.message)}
          {...form.register('title')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label htmlFor={ids.category} className="mb-1.5 block text-sm font-medium">
              {_('listingForm.category')}
            </label>
            <select
              id={ids.category}
              className={selectClass}
              aria-invalid={errors.categoryId ? true : undefined}
              aria-describedby={errors.categoryId ? `${ids.category}-e` : undefined}
              {...form.register('categoryId')}
            >
              <option value="">{_('listingForm.selectCategory')}</option>
              {categories.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {categoryName(i18n, c)}
                </option>
              ))}
            </select>
            {errorText(`${ids.category}-e`, errors.categoryId?.message)}
          </div>
          <div>
            <label htmlFor={ids.condition} className="mb-1.5 block text-sm font-medium">
              {_('listingForm.condition')}
            </label>
            <select
              id={ids.condition}
              className={selectClass}
              aria-invalid={errors.condition ? true : undefined}
              aria-describedby={errors.condition ? `${ids.condition}-e` : undefined}
              {...form.register('condition')}
            >
              <option value="">{_('listingForm.selectCondition')}</option>
              {CONDITIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {conditionName(i18n, c.value)}
                </option>
              ))}
            </select>
            {errorText(`${ids.condition}-e`, errors.condition?.message)}
          </div>
        </div>
        <div>
          <label htmlFor={ids.description} className="mb-1.5 block text-sm font-medium">
            {_('listingForm.description')}
          </label>
          <textarea
            id={ids.description}
            rows={5}
            maxLength={ITEM_LIMITS.description}
            className={textareaClass}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? `${ids.description}-e` : undefined}
            {...form.register('description')}
          />
          {errorText(`${ids.description}-e`, errors.description?.message)}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={_('listingForm.location')}
            placeholder={_('listingForm.locationPlaceholder')}
            hint={_('listingForm.locationHint')}
            maxLength={ITEM_LIMITS.location}
            {...form.register('location')}
          />
          <Field
            label={_('listingForm.value')}
            placeholder={_('listingForm.valuePlaceholder')}
            maxLength={ITEM_LIMITS.estimatedValue}
            {...form.register('estimatedValue')}
          />
        </div>
      </Section>

      <Section title={_('listingForm.photos')}>
        <Controller
          control={form.control}
          name="images"
          render={({ field }) => (
            <PhotoPicker value={field.value} onChange={field.onChange} refused={refusedPhoto} />
          )}
        />
      </Section>

      <Section title={_('listingForm.inReturn')}>
        <ModeChoice
          name={ids.mode}
          register={form.register('mode')}
          options={[
            {
              value: 'swap',
              label: _('listingForm.swap'),
              hint: _('listingForm.swapHint'),
            },
            {
              value: 'giveaway',
              label: _('listingForm.giveaway'),
              hint: _('listingForm.giveawayHint'),
            },
          ]}
        />
        {giveaway ? (
          <div>
            <label htmlFor={ids.hours} className="mb-1.5 block text-sm font-medium">
              {_('listingForm.fairChance')}
            </label>
            <input
              id={ids.hours}
              type="number"
              inputMode="numeric"
              min={FAIR_CHANCE_HOURS.min}
              max={FAIR_CHANCE_HOURS.max}
              step={1}
              className={cn(inputClass, 'max-w-32')}
              aria-invalid={errors.fairChanceHours ? true : undefined}
              aria-describedby={cn(`${ids.hours}-hint`, errors.fairChanceHours && `${ids.hours}-e`)}
              {...form.register('fairChanceHours')}
            />
            <p id={`${ids.hours}-hint`} className="mt-1 text-sm text-muted">
              {_('listingForm.fairChanceHint', FAIR_CHANCE_HOURS)}
            </p>
            {errorText(`${ids.hours}-e`, errors.fairChanceHours?.message)}
          </div>
        ) : (
          <label htmlFor={ids.open} className="flex items-center gap-3">
            <input
              id={ids.open}
              type="checkbox"
              className="size-5 accent-brand-700"
              {...form.register('isOpenToOffers')}
            />
            <span className="font-medium">{_('listingForm.openToOffers')}</span>
          </label>
        )}
        {!giveaway && !isOpenToOffers && (
          <div>
            <label htmlFor={ids.wanted} className="mb-1.5 block text-sm font-medium">
              {_('listingForm.wanted')}
            </label>
            <textarea
              id={ids.wanted}
              rows={3}
              maxLength={ITEM_LIMITS.wantedItems}
              placeholder={_('listingForm.wantedPlaceholder')}
              className={textareaClass}
              {...form.register('wantedItems')}
            />
          </div>
        )}
      </Section>

      {aside}

      <Button type="submit" size="lg" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {footer?.(form.watch())}
    </form>
  );
}
