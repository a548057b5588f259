import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FolderPlus, FolderTree } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import type { Category } from '@shop/core/contract/catalog';
import { formatDate } from '@shop/core/dates';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { QueryResult } from '../../../lib/query.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { getLang, localTitle } from '../../../lib/i18n.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { ADMIN_PAGE_SIZE, type ListPage } from '../api/date-sorted-page.ts';
import { deleteCategory } from '../api/delete-category.ts';
import { useCategories } from '../../../lib/categories.ts';
import { AdminHeader } from './admin-header.tsx';
import { AdminList } from './admin-list.tsx';
import { DateHeader } from './date-header.tsx';
import { useAdminUser } from './use-admin-user.ts';
import { useListParams } from './use-list-params.ts';
import { t } from '../i18n.ts';

const newestFirst = (a: Category, b: Category) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

export function CategoriesPage() {
  useDocumentTitle(t('Categories'));
  const admin = useAdminUser();
  const { page, order, hrefFor } = useListParams();
  const categories = useCategories({ staleMs: 0 });
  const [toDelete, setToDelete] = useState<Category | null>(null);
  const trigger = useRef<HTMLElement | null>(null);
  const closeDialog = useCallback(() => setToDelete(null), []);

  // The API answers every category at once (a shop has tens, not thousands): sorted and paged here.
  const sorted = useMemo(() => {
    if (!categories.data) return undefined;
    const list = [...categories.data].sort(newestFirst);
    return order === 'newest' ? list : list.reverse();
  }, [categories.data, order]);
  const pageResult: QueryResult<ListPage<Category>> = {
    ...categories,
    data: sorted ? { items: sorted.slice((page - 1) * ADMIN_PAGE_SIZE, page * ADMIN_PAGE_SIZE), total: sorted.length } : undefined,
  };

  const [confirmDelete, deleting] = useAction(async () => {
    if (!toDelete) return;
    try {
      await deleteCategory(toDelete._id);
      notify.success(MESSAGES.categoryDeleted);
    } catch (error) {
      // e.g. 409: the category still has products; the API's sentence says how many
      notify.error(errorMessage(error));
    }
    setToDelete(null);
  });

  const addAction = (
    <Link to={dashboardPath(admin.username, 'add-category')} className={buttonClass('primary')}>
      <FolderPlus size={18} aria-hidden="true" />
      {t('Add category')}
    </Link>
  );

  return (
    <>
      <AdminHeader title={t('Categories')} text={t("The categories of the men's and women's collections.")} action={addAction} />
      <AdminList
        label={t('Categories')}
        loading="Loading categories…"
        failed="Categories could not be loaded"
        result={pageResult}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        count="{count} categories"
        columns={4}
        head={
          <tr>
            <th scope="col">{t('TITLE')}</th>
            <th scope="col">{t('GENDER')}</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col"><span className="visually-hidden">{t('Actions')}</span></th>
          </tr>
        }
        renderRow={(category) => (
          <tr key={category._id}>
            <td className="admin-strong table__card-title">
              {localTitle(category) === category.title ? (
                category.title
              ) : (
                // in Arabic, the English title under the Arabic one: products name their category by it
                <span>
                  {localTitle(category)}
                  <span className="admin-sub" lang="en">{category.title}</span>
                </span>
              )}
            </td>
            <td className="admin-capitalize" data-label={t('GENDER')}>{t(category.gender)}</td>
            <td data-label={t('DATE')}>{formatDate(category.createdAt, getLang())}</td>
            <td className="table__card-actions">
              <div className="admin-actions">
                <Link
                  to={dashboardPath(admin.username, `categories/${category._id}`)}
                  className={buttonClass('secondary', { small: true })}
                  aria-label={t('Edit {title} ({gender})', { title: localTitle(category), gender: t(category.gender) })}
                >
                  {t('Edit')}
                </Link>
                <button
                  type="button"
                  className={buttonClass('danger', { small: true })}
                  aria-label={t('Delete {title} ({gender})', { title: localTitle(category), gender: t(category.gender) })}
                  onClick={(event) => {
                    trigger.current = event.currentTarget;
                    setToDelete(category);
                  }}
                >
                  {t('Delete')}
                </button>
              </div>
            </td>
          </tr>
        )}
        empty={{ icon: <FolderTree size={32} />, title: t('No categories yet'), text: t('Products need a category: add the first one.'), action: addAction }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('Delete this category?')}
        confirmLabel={t('Delete category')}
        cancelLabel={t('Keep category')}
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={closeDialog}
        returnFocus={trigger}
      >
        {toDelete ? (
          <p>
            {toDelete.gender === 'men'
              ? t("“{title}” leaves the men's collection and the menu. A category that still has products cannot be deleted.", { title: localTitle(toDelete) })
              : t("“{title}” leaves the women's collection and the menu. A category that still has products cannot be deleted.", { title: localTitle(toDelete) })}
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
