// A size guide's measurements in the page's language (issue 42: an Arabic page said "Chest (سم)"). The admin names the
// columns in English ("Chest", "Waist"); the ones a clothing shop uses have their Arabic name here. A name the shop
// does not know is shown as the admin wrote it. Zod-free and small: the product page's size guide imports it.
import type { Lang } from './locale.ts';

const ARABIC: Readonly<Record<string, string>> = {
  chest: 'الصدر',
  bust: 'الصدر',
  waist: 'الخصر',
  hips: 'الأرداف',
  hip: 'الأرداف',
  length: 'الطول',
  'body length': 'طول الجسم',
  'dress length': 'طول الفستان',
  'skirt length': 'طول التنورة',
  shoulder: 'الكتف',
  shoulders: 'الكتفان',
  'shoulder width': 'عرض الكتفين',
  sleeve: 'الكم',
  'sleeve length': 'طول الكم',
  neck: 'الرقبة',
  collar: 'الياقة',
  inseam: 'طول الساق الداخلي',
  'leg length': 'طول الساق',
  thigh: 'الفخذ',
  rise: 'ارتفاع الخصر',
  height: 'الطول',
  width: 'العرض',
  'foot length': 'طول القدم',
  foot: 'القدم',
  'eu size': 'المقاس الأوروبي',
  'uk size': 'المقاس البريطاني',
  'us size': 'المقاس الأمريكي',
  eu: 'أوروبي',
  uk: 'بريطاني',
  us: 'أمريكي',
  weight: 'الوزن',
  age: 'العمر',
};

/** A measurement's name in the page's language: "Chest" is "الصدر" in Arabic; a name not known stays as written. */
export function measurementName(column: string, lang: Lang): string {
  if (lang !== 'ar') return column;
  return ARABIC[column.trim().toLowerCase().replace(/\s+/g, ' ')] ?? column;
}
