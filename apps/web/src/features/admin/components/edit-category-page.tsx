import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FolderTree } from 'lucide-react';
import { checkCategoryUpdateForm } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import type { Category } from '@shop/core/contract/catalog';
import { Button, buttonClass } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useCategories } from '../../../lib/categories.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { updateCategory } from '../api/update-category.ts';
import { t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { SizeGuideFields, sizeGuideDraft, sizeGuideOf } from './size-guide-fields.tsx';
import { useAdminUser } from './use-admin-user.ts';

/** A category's Arabic title and size guide (its title and gender stay: its products are filed under them). */
export function EditCategoryPage() {
  const { categoryId = '' } = useParams();
  const categories = useCategories({ staleMs: 0 });
  const admin = useAdminUser();
  const category = categories.data?.find((one) => one._id === categoryId);
  useDocumentTitle(category ? t('Edit {title}', { title: category.title }) : t('Edit category'));
  const back = dashboardPath(admin.username, 'categories');

  if (!category) {
    return (
      <>
        <AdminHeader title={t('Edit category')} />
        {categories.data ? (
          <EmptyState
            icon={<FolderTree size={32} />}
            title={t('Category not found')}
            text={t('It may have been deleted.')}
            action={<Link to={back} className={buttonClass('secondary')}>{t('Back to categories')}</Link>}
          />
        ) : (
          <div className="skeleton admin-order__skeleton" aria-busy="true" aria-label={t('Loading categories…')} />
        )}
      </>
    );
  }
  return <CategoryForm key={category._id} category={category} back={back} />;
}

function CategoryForm({ category, back }: { category: Category; back: string }) {
  const navigate = useNavigate();
  const [titleAr, setTitleAr] = useState(category.titleAr ?? '');
  const [guide, setGuide] = useState(sizeGuideDraft(category.sizeGuide));
  const fieldErrors = useFieldErrors<'titleAr' | 'sizeGuide'>('category');

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = fieldErrors.accept(checkCategoryUpdateForm({ titleAr, sizeGuide: sizeGuideOf(guide) }));
    if (!check) return;
    try {
      await updateCategory(category._id, check);
      notify.success(MESSAGES.categoryUpdated);
      navigate(back);
    } catch (error) {
      notify.error(errorMessage(error));
      fieldErrors.showServerMessage(errorMessage(error));
    }
  });

  return (
    <>
      <AdminHeader title={t('Edit {title}', { title: category.title })} text={t('Its name and collection stay: its products are filed under them.')} />
      <form className="admin-form admin-card" noValidate onSubmit={(event) => void submit(event)}>
        <TextField
          label={t('Name in Arabic')}
          hint={t('Optional: shown in the Arabic shop instead of the name')}
          field={fieldErrors.field('titleAr')}
          dir="rtl"
          lang="ar"
          maxLength={60}
          autoComplete="off"
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
          <Link to={back} className="btn btn--quiet">{t('Cancel')}</Link>
          <Button type="submit" busy={saving}>{t('Save changes')}</Button>
        </div>
      </form>
    </>
  );
}
