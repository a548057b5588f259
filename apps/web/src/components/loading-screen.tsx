import { t } from '../lib/i18n.ts';

export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-label={t('Loading the shop')}>
      <span className="loading-screen__bar" />
    </div>
  );
}
