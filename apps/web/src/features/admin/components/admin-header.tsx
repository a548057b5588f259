import type { ReactNode } from 'react';

/** The title row of an admin screen, with its main action at the end of the line. */
export function AdminHeader({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <header className="admin-head">
      <div>
        <h1 className="page-title admin-head__title">{title}</h1>
        {text ? <p className="muted admin-head__text">{text}</p> : null}
      </div>
      {action}
    </header>
  );
}
