import type { Gender } from '@shop/core/constants';

/** The collections' names as the selects show them ('Men', 'Women'; in Arabic the storefront's own). */
export const GENDER_LABELS = { men: 'Men', women: 'Women' } as const satisfies Record<Gender, string>;
