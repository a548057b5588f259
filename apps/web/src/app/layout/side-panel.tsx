import { useId, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import { ArrowRight, X } from 'lucide-react';
import type { Gender } from '@shop/core/constants';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { useCategories } from '../../lib/categories.ts';
import { imageSources } from '../../lib/image-sources.ts';
import { shopPath } from '../../lib/paths.ts';
import { localTitle, t } from '../../lib/i18n.ts';

const LABELS = { men: 'Men', women: 'Women' } as const satisfies Record<Gender, string>;

interface SidePanelProps {
  open: boolean;
  onClose: () => void;
  returnFocus: RefObject<HTMLElement | null>;
}

export function SidePanel({ open, onClose, returnFocus }: SidePanelProps) {
  const [active, setActive] = useState<Gender>('women');
  const categories = useCategories({ enabled: open });
  const baseId = useId();
  const tabOrder: readonly Gender[] = ['women', 'men'];

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next = tabOrder[(tabOrder.indexOf(active) + 1) % tabOrder.length]!;
    setActive(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  const list = categories.data?.filter((category) => category.gender === active) ?? [];
  const hero = imageSources(`/images/collection-${active}-800.webp`, 800);

  return (
    <ModalDialog open={open} onClose={onClose} className="side-panel" label={t('Menu')} returnFocus={returnFocus}>
      <div className="side-panel__inner">
        <div className="side-panel__head">
          <div className="side-panel__tabs" role="tablist" aria-label={t('Collections')}>
            {tabOrder.map((gender) => (
              <button
                key={gender}
                id={`${baseId}-tab-${gender}`}
                type="button"
                role="tab"
                className="side-panel__tab"
                aria-selected={active === gender}
                aria-controls={`${baseId}-panel`}
                tabIndex={active === gender ? 0 : -1}
                onMouseEnter={() => setActive(gender)}
                onClick={() => setActive(gender)}
                onKeyDown={onTabKey}
              >
                {t(LABELS[gender])}
              </button>
            ))}
          </div>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('Close menu')}>
            <X size={22} aria-hidden="true" />
          </button>
        </div>
        <div className="side-panel__body">
          <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-tab-${active}`} className="side-panel__panel">
            <Link className="side-panel__all" to={shopPath({ gender: active })} onClick={onClose}>
              {t(active === 'women' ? 'Shop all women' : 'Shop all men')}
              <ArrowRight className="flip-rtl" size={20} aria-hidden="true" />
            </Link>
            {categories.isLoading ? (
              <ul className="side-panel__list" aria-busy="true" aria-label={t('Loading categories')}>
                {Array.from({ length: 5 }, (_, index) => (
                  <li key={index}><span className="skeleton side-panel__skeleton" /></li>
                ))}
              </ul>
            ) : list.length > 0 ? (
              <ul className="side-panel__list">
                {list.map((category) => (
                  <li key={category._id}>
                    <Link to={shopPath({ gender: active, category: category.title })} onClick={onClose}>
                      {localTitle(category)}
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted side-panel__empty">{categories.error ? t('Categories could not be loaded.') : t('No categories yet.')}</p>
            )}
          </div>
          <Link to={shopPath({ gender: active })} className="side-panel__feature" onClick={onClose} tabIndex={-1} aria-hidden="true">
            <img src={hero.src} srcSet={hero.srcSet} sizes="40vw" alt="" width={600} height={800} loading="lazy" />
            <span>{t(active === 'women' ? 'Women collection' : 'Men collection')}</span>
          </Link>
        </div>
        <nav className="side-panel__more" aria-label={t('More')}>
          <Link to="/shop" onClick={onClose}>{t('All products')}</Link>
          <Link to="/about" onClick={onClose}>{t('About us')}</Link>
        </nav>
      </div>
    </ModalDialog>
  );
}
