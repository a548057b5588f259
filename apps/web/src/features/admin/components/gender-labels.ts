import type { Gender } from '@shop/core/constants';

export const GENDER_LABELS: Record<Gender, string> = { men: 'Men', women: 'Women' };
