import { lazy, Suspense, useState } from 'react';
import { Ruler } from 'lucide-react';
import type { SizeGuide as Guide } from '@shop/core/contract/catalog';
import { t } from '../../../lib/i18n.ts';
import './size-guide.css';

// the dialog is its own chunk, loaded on the first click: most visits never open it
const SizeGuideDialog = lazy(() => import('./size-guide-dialog.tsx').then((module) => ({ default: module.SizeGuideDialog })));

/** The "Size guide" button of the product page, and the category's size chart it opens. */
export function SizeGuide({ guide, category }: { guide: Guide; category: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  return (
    <>
      <button
        type="button"
        className="size-guide__open"
        aria-haspopup="dialog"
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Ruler size={16} aria-hidden="true" />
        {t('Size guide')}
      </button>
      {wanted ? (
        <Suspense fallback={null}>
          <SizeGuideDialog guide={guide} category={category} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
