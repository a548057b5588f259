import { t, type UiText } from '../../../lib/i18n.ts';

// shop-core's REVIEW_FITS, here so the page needs no schema module (zod stays out of the bundle)
export const REVIEW_FITS_LIST = ['small', 'true', 'large'] as const;
const FIT_LABELS: Record<(typeof REVIEW_FITS_LIST)[number], UiText> = { small: 'Runs small', true: 'True to size', large: 'Runs large' };

export const reviewFitLabel = (fit: (typeof REVIEW_FITS_LIST)[number]) => t(FIT_LABELS[fit]);
