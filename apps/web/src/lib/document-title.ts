import { useEffect } from 'react';
import { shopNameIn } from '@shop/core/brand';
import { announce } from './announce.ts';
import { getLang, t } from './i18n.ts';
import { shopName, useBrand } from './settings.ts';

// A page change is said once, with the new page's title: the layout marks the change, and the first title set
// after it (now, or once the page's data has come) is announced. A page that never sets one gets the tab's title.
let pendingAnnouncement: number | null = null;

export function announceNextTitle({ onlyIfChanged = false } = {}): void {
  if (pendingAnnouncement !== null) window.clearTimeout(pendingAnnouncement);
  const before = document.title;
  pendingAnnouncement = window.setTimeout(() => {
    pendingAnnouncement = null;
    // another page of the same list, another sort: nothing new to say
    if (onlyIfChanged && document.title === before) return;
    announce(document.title);
  }, 3000);
}

/**
 * The tab's title for a screen's title, with the shop's name (its settings, in the page's language); the home page (an
 * empty title) gets the name and what the shop sells. The server writes a page's <title> with it too
 * (app/server/pages.ts), so taking the page over changes nothing.
 */
export function documentTitle(title: string, name = shopName()): string {
  return title ? `${title} · ${name}` : `${name} · ${t('Clothing for men and women in Egypt')}`;
}

/** Sets the tab title for the screen being shown (again when the shop's name changes). */
export function useDocumentTitle(title: string | null | undefined): void {
  const name = shopNameIn(useBrand(), getLang());
  useEffect(() => {
    if (title === null || title === undefined) return;
    document.title = documentTitle(title, name);
    if (pendingAnnouncement !== null) {
      window.clearTimeout(pendingAnnouncement);
      pendingAnnouncement = null;
      announce(document.title);
    }
  }, [title, name]);
}
