import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { GENDERS } from '@shop/core/constants';
import { checkCategoryForm } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { Button } from '../../../components/button.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { dashboardPath } from '../../../lib/paths.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { addCategory } from '../api/add-category.ts';
import { AdminHeader } from './admin-header.tsx';
import { GENDER_LABELS } from './gender-labels.ts';
import { useAdminUser } from './use-admin-user.ts';

export function AddCategoryPage() {
  useDocumentTitle('Add category');
  const admin = useAdminUser();
  const navigate = useNavigate();
  const [gender, setGender] = useState('');
  const [title, setTitle] = useState('');

  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkCategoryForm({ gender, title });
    if (!check.ok) {
      notify.error(check.message);
      return;
    }
    try {
      await addCategory(check.data.title, check.data.gender);
      notify.success(MESSAGES.categoryAdded);
      navigate(dashboardPath(admin.username, 'categories'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });

  return (
    <>
      <AdminHeader title="Add category" text="It appears in the menu of its collection at once." />
      <form className="admin-form admin-card" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor="category-gender">Gender</label>
          <select id="category-gender" className="select" required value={gender} onChange={(event) => setGender(event.target.value)}>
            <option value="">Choose a collection</option>
            {GENDERS.map((value) => <option key={value} value={value}>{GENDER_LABELS[value]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="category-title">Name</label>
          <input
            id="category-title"
            className="input"
            required
            maxLength={60}
            autoComplete="off"
            placeholder="e.g. Linen shirts"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div className="admin-form__actions">
          <Button type="submit" busy={saving}>Add category</Button>
        </div>
      </form>
    </>
  );
}
