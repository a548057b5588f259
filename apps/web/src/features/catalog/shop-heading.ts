// The shop page's heading, for the page and for the <title> the server writes: one function, so the title the
// browser sets once it has taken the page over is the one the server wrote, in either language.
import type { Gender } from '@shop/core/constants';
import type { Category } from '@shop/core/contract/catalog';
import { localTitle, t, type UiText } from '../../lib/i18n.ts';

export const GENDER_LABEL = { men: 'Men', women: 'Women' } as const satisfies Record<Gender, UiText>;

export interface ShopHeading {
  genderLabel?: string | undefined;
  categoryLabel?: string | undefined;
  /** the heading as one line: "Women > Dresses", "Dresses", "Women" or "Shop" */
  title: string;
}

/**
 * SPEC's heading: gender > category, or category alone, or gender alone, or Shop. In Arabic the category shows its
 * Arabic title when the shop has one (the address keeps the English title), found in the categories the page has.
 */
export function shopHeading({ gender, category }: { gender?: Gender | undefined; category?: string | undefined }, categories: readonly Category[] | undefined): ShopHeading {
  const found = category ? categories?.find((c) => c.title === category && (!gender || c.gender === gender)) : undefined;
  const categoryLabel = category ? localTitle(found ?? { title: category }) : undefined;
  const genderLabel = gender ? t(GENDER_LABEL[gender]) : undefined;
  const title = genderLabel && categoryLabel ? `${genderLabel} > ${categoryLabel}` : categoryLabel ?? genderLabel ?? t('Shop');
  return { genderLabel, categoryLabel, title };
}
