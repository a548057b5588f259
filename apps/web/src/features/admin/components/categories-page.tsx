import { useCallback, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { FolderPlus, FolderTree } from 'lucide-react';
import { MESSAGES } from '@shop/core/messages';
import type { Category } from '@shop/core/schemas';
import { formatDate } from '@shop/core/text';
import { buttonClass } from '../../../components/button.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { QueryResult } from '../../../lib/query.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
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

const newestFirst = (a: Category, b: Category) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

export function CategoriesPage() {
  useDocumentTitle('Categories');
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
      Add category
    </Link>
  );

  return (
    <>
      <AdminHeader title="Categories" text="The categories of the men's and women's collections." action={addAction} />
      <AdminList
        label="Categories"
        result={pageResult}
        page={page}
        hrefFor={(next) => hrefFor(next)}
        noun={['category', 'categories']}
        columns={4}
        head={
          <tr>
            <th scope="col">TITLE</th>
            <th scope="col">GENDER</th>
            <DateHeader order={order} toggleHref={hrefFor(1, order === 'newest' ? 'oldest' : 'newest')} />
            <th scope="col"><span className="visually-hidden">Actions</span></th>
          </tr>
        }
        renderRow={(category) => (
          <tr key={category._id}>
            <td className="admin-strong table__card-title">{category.title}</td>
            <td className="admin-capitalize" data-label="GENDER">{category.gender}</td>
            <td data-label="DATE">{formatDate(category.createdAt)}</td>
            <td className="table__card-actions">
              <div className="admin-actions">
                <button
                  type="button"
                  className={buttonClass('danger', { small: true })}
                  aria-label={`Delete ${category.title} (${category.gender})`}
                  onClick={(event) => {
                    trigger.current = event.currentTarget;
                    setToDelete(category);
                  }}
                >
                  Delete
                </button>
              </div>
            </td>
          </tr>
        )}
        empty={{ icon: <FolderTree size={32} />, title: 'No categories yet', text: 'Products need a category: add the first one.', action: addAction }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete this category?"
        confirmLabel="Delete category"
        cancelLabel="Keep category"
        danger
        busy={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={closeDialog}
        returnFocus={trigger}
      >
        {toDelete ? (
          <p>
            “{toDelete.title}” leaves the {toDelete.gender === 'men' ? "men's" : "women's"} collection and the menu. A category that still
            has products cannot be deleted.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
