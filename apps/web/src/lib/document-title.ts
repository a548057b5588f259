import { useEffect } from 'react';

export const SHOP_NAME = 'Nile Clothing';

/** Sets the tab title for the screen being shown. */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title === null || title === undefined) return;
    document.title = title ? `${title} · ${SHOP_NAME}` : `${SHOP_NAME} · Clothing for men and women in Egypt`;
  }, [title]);
}
