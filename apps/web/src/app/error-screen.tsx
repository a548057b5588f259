import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { buttonClass } from '../components/button.tsx';
import { useDocumentTitle } from '../lib/document-title.ts';
import './error-screen.css';
import { t } from '../lib/i18n.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return error.status === 404 ? t('404 Not Found') : `${error.status} ${error.statusText || (typeof error.data === 'string' ? error.data : '')}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return t('Something went wrong.');
}

/** SPEC's router error screen: the heading, then the error's message or status text. */
export function ErrorScreen() {
  const error = useRouteError();
  useDocumentTitle(t('Unexpected Application Error!'));
  return (
    <section className="error-screen page page--narrow" aria-labelledby="error-title">
      <h1 id="error-title" className="error-screen__title">{t('Unexpected Application Error!')}</h1>
      <p className="error-screen__detail">{describe(error)}</p>
      <div className="error-screen__actions">
        <Link to="/" className={buttonClass('primary')} reloadDocument>{t('Back to home')}</Link>
        <Link to="/shop" className={buttonClass('secondary')} reloadDocument>{t('Browse the shop')}</Link>
      </div>
    </section>
  );
}
