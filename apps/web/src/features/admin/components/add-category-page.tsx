import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GENDERS } from '@shop/core/constants';
import { checkCategoryForm } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { addCategory } from '../api/add-category.ts';
import { t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { GENDER_LABELS } from './gender-labels.ts';
import { SizeGuideFields, sizeGuideDraft, sizeGuideOf, type SizeGuideDraft } from './size-guide-fields.tsx';
import { useAdminUser } from './use-admin-user.ts';

export function AddCategoryPage() {
  useDocumentTitle(t('Add category'));
  const admin = useAdminUser();
  const navigate = useNavigate();
  const [gender, setGender] = useState('');
  const [title, setTitle] = useState('');
  const [titleAr, setTitleAr] = useState('');
  const [guide, setGuide] = useState<SizeGuideDraft>(sizeGuideDraft(undefined));
  const fieldErrors = useFieldErrors<'gender' | 'title' | 'titleAr' | 'sizeGuide'>('category');

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept(checkCategoryForm({ gender, title, titleAr, sizeGuide: sizeGuideOf(guide) }));
    if (!check) return;
    try {
      await addCategory(check.title, check.gender, check.titleAr, check.sizeGuide);
      notify.success(MESSAGES.categoryAdded);
      navigate(dashboardPath(admin.username, 'categories'));
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });

  return (
    <>
      <AdminHeader title={t('Add category')} text={t('It appears in the menu of its collection at once.')} />
      <form className="admin-form admin-card" noValidate onSubmit={(event) => void submit(event)}>
        <FormField label={t('Gender')} field={fieldErrors.field('gender')}>
          {(control) => (
            <select
              {...control}
              className="select"
              required
              value={gender}
              onChange={(event) => {
                setGender(event.target.value);
                fieldErrors.clear('gender');
              }}
            >
              <option value="">{t('Choose a collection')}</option>
              {GENDERS.map((value) => <option key={value} value={value}>{t(GENDER_LABELS[value])}</option>)}
            </select>
          )}
        </FormField>
        <TextField
          label={t('Name')}
          field={fieldErrors.field('title')}
          // the shop's own name of the category, in English (the Arabic one has its field)
          dir="ltr"
          lang="en"
          required
          maxLength={60}
          autoComplete="off"
          placeholder={t('e.g. Linen shirts')}
          value={title}
          onValue={setTitle}
        />
        <TextField
          label={t('Name in Arabic')}
          hint={t('Optional: shown in the Arabic shop instead of the name')}
          field={fieldErrors.field('titleAr')}
          dir="rtl"
          lang="ar"
          maxLength={60}
          autoComplete="off"
          placeholder="مثال: قمصان كتان"
          value={titleAr}
          onValue={setTitleAr}
        />
        <SizeGuideFields
          value={guide}
          onChange={(next) => {
            setGuide(next);
            fieldErrors.clear('sizeGuide');
          }}
          field={fieldErrors.field('sizeGuide')}
        />
        <div className="admin-form__actions">
          <Button type="submit" busy={saving}>{t('Add category')}</Button>
        </div>
      </form>
    </>
  );
}
