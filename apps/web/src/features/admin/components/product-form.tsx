import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GENDERS, ONE_SIZE, type Gender } from '@shop/core/constants';
import { checkProductForm } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { DiscountSchema, PriceSchema } from '@shop/core/contract/fields';
import type { ProductFields, SizeStock } from '@shop/core/contract/catalog';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { Price } from '../../../components/price.tsx';
import { dashboardPath } from '../../../lib/paths.ts';
import { localTitle, sentence } from '../../../lib/i18n.ts';
import { roleOf } from '../../../lib/session.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { useCategories } from '../../../lib/categories.ts';
import { GENDER_LABELS } from './gender-labels.ts';
import { ImagePicker, type ChosenImage } from './image-picker.tsx';
import { SizesEditor, rowsFrom, type SizeRow } from './sizes-editor.tsx';
import { rowsOnStockNow, sizesToSave } from './sizes-to-save.ts';
import { useAdminUser } from './use-admin-user.ts';
import { formatNumber, t } from '../i18n.ts';

/**
 * The fields as typed, before the shared schema reads them. The Arabic ones (nameAr, descriptionAr) are optional:
 * left blank, the product has none (an update clears them), and the shop shows the English.
 */
export type ProductDraft = Record<Exclude<keyof ProductFields, 'gender' | 'sizes' | 'color' | 'returnable'>, string> & {
  gender: Gender | '';
  /** the colour's three parts; a colour without a name is no colour */
  colorName: string;
  colorNameAr: string;
  colorHex: string;
};

/** The draft's colour as the schema reads it: none when no name is given. */
function colourOf({ colorName, colorNameAr, colorHex }: ProductDraft) {
  return colorName.trim() === '' ? null : { name: colorName, nameAr: colorNameAr, hex: colorHex };
}

export interface ProductImages {
  files: File[];
  urls: string[];
}

interface ProductFormProps {
  initial?: { draft: ProductDraft; images: string[]; sizes: SizeStock[]; returnable?: boolean };
  allowFiles: boolean;
  /** already in the admin's language */
  submitLabel: string;
  /** saves the checked product, throwing the API's refusal; reports upload progress (0 to 1) when it sends files */
  onSave: (product: ProductFields, images: ProductImages, onProgress: (fraction: number) => void) => Promise<void>;
  /** reads the product's sizes again after a refused save (409), so the form carries on from the stock as it is now */
  reloadSizes?: () => Promise<SizeStock[]>;
  cancelTo?: string;
}

const EMPTY: ProductDraft = {
  name: '', description: '', nameAr: '', descriptionAr: '', price: '', disCountPrecent: '', gender: '', category: '', style: '', colorName: '', colorNameAr: '', colorHex: '',
};

/** Add product and Update product: the same fields, the same rules (SPEC section 5), checked in SPEC's order. */
export function ProductForm({ initial, allowFiles, submitLabel, onSave, reloadSizes, cancelTo }: ProductFormProps) {
  const id = useId();
  const admin = useAdminUser();
  const stockOnly = roleOf(admin) !== 'admin';
  const categories = useCategories({ staleMs: 0 });
  const [draft, setDraft] = useState<ProductDraft>(initial?.draft ?? EMPTY);
  // PRODUCT section 9: a piece can be returned or exchanged unless the admin says otherwise (its page then says so)
  const [returnable, setReturnable] = useState(initial?.returnable ?? true);
  const [images, setImages] = useState<ChosenImage[]>(
    () => initial?.images.map((url, index) => ({ key: `initial-${index}`, kind: 'link' as const, url })) ?? [],
  );
  const [progress, setProgress] = useState<number | null>(null);
  const fieldErrors = useFieldErrors<keyof ProductDraft | 'images' | 'color'>();
  const [sizeRows, setSizeRows] = useState<SizeRow[]>(() => rowsFrom(initial?.sizes ?? [{ size: ONE_SIZE, stock: null }]));
  // the stock of each size as the form last read it: sent with the save, so sales made meanwhile are not undone
  const [loadedSizes, setLoadedSizes] = useState<readonly SizeStock[]>(initial?.sizes ?? []);

  const set = <K extends keyof ProductDraft>(field: K, value: ProductDraft[K]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    fieldErrors.clear(field.startsWith('color') ? 'color' : field);
  };
  const changeImages = (next: ChosenImage[]) => {
    setImages(next);
    fieldErrors.clear('images');
  };
  const choices = draft.gender ? (categories.data ?? []).filter((category) => category.gender === draft.gender) : [];
  // the product's own category stays selectable while the list loads or if it was renamed meanwhile
  const showsCurrent = draft.category !== '' && !choices.some((category) => category.title === draft.category);

  const chooseGender = (gender: Gender | '') => {
    setDraft((current) => {
      const fits = (categories.data ?? []).some((category) => category.gender === gender && category.title === current.category);
      return { ...current, gender, category: fits ? current.category : '' };
    });
    fieldErrors.clear('gender');
  };

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { colorName: _name, colorNameAr: _nameAr, colorHex: _hex, ...fields } = draft;
    const checked = fieldErrors.accept(checkProductForm({ ...fields, color: colourOf(draft), returnable, images, sizes: sizesToSave(sizeRows, loadedSizes) }));
    if (!checked) return;
    const { images: _images, ...product } = checked;
    const files = images.flatMap((image) => (image.kind === 'file' ? [image.file] : []));
    const urls = images.flatMap((image) => (image.kind === 'link' ? [image.url] : []));
    setProgress(files.length > 0 ? 0 : null);
    try {
      await onSave(product, { files, urls }, setProgress);
    } catch (error) {
      // 415 is the server refusing a file by its bytes; anything else is said in the server's words
      const message = error instanceof ApiError && error.status === 415 ? MESSAGES.fileTypeNotSupported : errorMessage(error);
      notify.error(message);
      fieldErrors.showServerMessage(message);
      if (reloadSizes && error instanceof ApiError && error.status === 409) {
        const now = await reloadSizes().catch(() => null);
        if (now) {
          setSizeRows((rows) => rowsOnStockNow(rows, loadedSizes, now));
          setLoadedSizes(now);
        }
      }
    } finally {
      setProgress(null);
    }
  });

  const price = PriceSchema.safeParse(draft.price);
  const discount = DiscountSchema.safeParse(draft.disCountPrecent);

  return (
    <form className="admin-product-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      {stockOnly ? <p className="admin-note" role="note">{sentence(MESSAGES.staffStockOnly)}</p> : null}
      {/* staff change sizes and stock alone (decision 051): the rest is shown, and cannot be changed */}
      <fieldset className="admin-product-form__locked" disabled={stockOnly}>
      <section className="admin-card admin-form" aria-labelledby={`${id}-details`}>
        <h2 id={`${id}-details`} className="admin-card__title">{t('Details')}</h2>
        {/* the shop's own name and description, in English (the Arabic ones have their fields) */}
        <FormField label={t('Name')} field={fieldErrors.field('name')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="ltr"
              lang="en"
              required
              maxLength={120}
              autoComplete="off"
              value={draft.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('Description')} field={fieldErrors.field('description')}>
          {(control) => (
            <textarea
              {...control}
              className="input admin-textarea"
              dir="ltr"
              lang="en"
              required
              rows={5}
              maxLength={5000}
              value={draft.description}
              onChange={(event) => set('description', event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('Name in Arabic')} hint={t('Optional: shown in the Arabic shop instead of the name')} field={fieldErrors.field('nameAr')}>
          {(control) => (
            <input
              {...control}
              className="input"
              dir="rtl"
              lang="ar"
              maxLength={120}
              autoComplete="off"
              value={draft.nameAr}
              onChange={(event) => set('nameAr', event.target.value)}
            />
          )}
        </FormField>
        <FormField label={t('Description in Arabic')} hint={t('Optional')} field={fieldErrors.field('descriptionAr')}>
          {(control) => (
            <textarea
              {...control}
              className="input admin-textarea"
              dir="rtl"
              lang="ar"
              rows={5}
              maxLength={5000}
              value={draft.descriptionAr}
              onChange={(event) => set('descriptionAr', event.target.value)}
            />
          )}
        </FormField>
        <div className="admin-form__row">
          <FormField label={t('Price (EGP)')} field={fieldErrors.field('price')}>
            {(control) => (
              <input
                {...control}
                className="input tabular"
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                required
                value={draft.price}
                onChange={(event) => set('price', event.target.value)}
              />
            )}
          </FormField>
          <FormField label={t('Discount (%)')} hint={t('0 to 99')} field={fieldErrors.field('disCountPrecent')}>
            {(control) => (
              <input
                {...control}
                className="input tabular"
                type="number"
                inputMode="numeric"
                min={0}
                max={99}
                step={1}
                placeholder="0"
                value={draft.disCountPrecent}
                onChange={(event) => set('disCountPrecent', event.target.value)}
              />
            )}
          </FormField>
        </div>
        <div className="admin-form__row">
          <FormField label={t('Gender')} field={fieldErrors.field('gender')}>
            {(control) => (
              <select {...control} className="select" required value={draft.gender} onChange={(event) => chooseGender(event.target.value as Gender | '')}>
                <option value="">{t('Choose a collection')}</option>
                {GENDERS.map((gender) => <option key={gender} value={gender}>{t(GENDER_LABELS[gender])}</option>)}
              </select>
            )}
          </FormField>
          <FormField label={t('Category')} field={fieldErrors.field('category')}>
            {(control) => (
              <select
                {...control}
                className="select"
                required
                disabled={!draft.gender}
                value={draft.category}
                onChange={(event) => set('category', event.target.value)}
              >
                <option value="">{draft.gender ? t('Choose a category') : t('Choose a gender first')}</option>
                {showsCurrent ? <option value={draft.category}>{draft.category}</option> : null}
                {choices.map((category) => <option key={category._id} value={category.title}>{localTitle(category)}</option>)}
              </select>
            )}
          </FormField>
        </div>
        {draft.gender && categories.data && choices.length === 0 ? (
          <p className="admin-note">
            {draft.gender === 'men' ? t('The men collection has no categories yet.') : t('The women collection has no categories yet.')}{' '}
            <Link to={dashboardPath(admin.username, 'add-category')}>{t('Add a category')}</Link> {t('first.')}
          </p>
        ) : null}
        {price.success && discount.success ? (
          <div className="admin-preview">
            <span className="muted">{t('Shoppers see')}</span>
            <Price price={price.data} discount={discount.data} />
          </div>
        ) : null}
      </section>

      <section className="admin-card admin-form" aria-labelledby={`${id}-colour`}>
        <h2 id={`${id}-colour`} className="admin-card__title">{t('Colour and style')}</h2>
        <div className="admin-form__row">
          <FormField label={t('Colour')} hint={t('Optional: the shop filters by it')} field={fieldErrors.field('color')}>
            {(control) => (
              <input {...control} className="input" dir="ltr" lang="en" maxLength={40} autoComplete="off" value={draft.colorName} onChange={(event) => set('colorName', event.target.value)} />
            )}
          </FormField>
          <FormField label={t('Colour in Arabic')} hint={t('Optional')} field={fieldErrors.field('colorNameAr')}>
            {(control) => (
              <input {...control} className="input" dir="rtl" lang="ar" maxLength={40} autoComplete="off" value={draft.colorNameAr} onChange={(event) => set('colorNameAr', event.target.value)} />
            )}
          </FormField>
        </div>
        <div className="admin-form__row">
          <FormField label={t('Colour (hex)')} field={fieldErrors.field('colorHex')}>
            {(control) => (
              <span className="admin-colour">
                <input {...control} className="input tabular" dir="ltr" maxLength={7} autoComplete="off" value={draft.colorHex} onChange={(event) => set('colorHex', event.target.value)} />
                <span className="swatch" style={{ background: /^#[0-9a-f]{6}$/i.test(draft.colorHex) ? draft.colorHex : 'transparent' }} aria-hidden="true" />
              </span>
            )}
          </FormField>
          <FormField label={t('Style')} hint={t('Optional: products of one design in several colours share this key, and each page shows the others as swatches')} field={fieldErrors.field('style')}>
            {(control) => (
              <input {...control} className="input" dir="ltr" maxLength={80} autoComplete="off" value={draft.style} onChange={(event) => set('style', event.target.value)} />
            )}
          </FormField>
        </div>
        <label className="settings__check">
          <input type="checkbox" checked={returnable} onChange={(event) => setReturnable(event.target.checked)} />
          {t('Can be returned or exchanged')}
        </label>
      </section>
      </fieldset>

      <section className="admin-card admin-form">
        <SizesEditor id={id} rows={sizeRows} onChange={setSizeRows} disabled={saving} />
      </section>

      <section className="admin-card admin-form">
        <ImagePicker images={images} onChange={changeImages} allowFiles={allowFiles} disabled={saving || stockOnly} field={fieldErrors.field('images')} />
        {progress !== null ? (
          <div className="upload-progress" role="status">
            <span>
              {progress < 1 ? t('Uploading images… {percent}', { percent: formatNumber(progress, { style: 'percent' }) }) : t('Saving the product…')}
            </span>
            <progress max={1} value={progress} aria-label={t('Upload progress')} />
          </div>
        ) : null}
      </section>

      <div className="admin-form__actions admin-product-form__actions">
        {cancelTo ? <Link to={cancelTo} className="btn btn--quiet">{t('Cancel')}</Link> : null}
        <Button type="submit" busy={saving}>{submitLabel}</Button>
      </div>
    </form>
  );
}
