import { localText } from '@shop/core/brand';
import { getLang, t } from '../../lib/i18n.ts';
import { useBrand } from '../../lib/settings.ts';

/** The owner's announcement bar (settings), above the header while it is on. */
export function Announcement() {
  const { announcement } = useBrand();
  const text = localText(announcement.text, announcement.textAr, getLang());
  if (!announcement.enabled || !text) return null;
  return (
    <aside className="announcement" aria-label={t('Announcement')}>
      <p>{text}</p>
    </aside>
  );
}
