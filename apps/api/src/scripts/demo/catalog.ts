// The demo catalog seeded into an empty embedded database. Images are drawn from these fields by garments.ts.
import { CLOTHING_SIZES, ONE_SIZE, SHOE_SIZES, type Gender } from '@shop/core/constants';
import type { CategoryFields } from '@shop/core/factories';
import type { ProductFields, SizeStock } from '@shop/core/contract/catalog';

export type GarmentKind =
  | 't-shirt'
  | 'shirt'
  | 'polo'
  | 'hoodie'
  | 'sweater'
  | 'jacket'
  | 'blazer'
  | 'jeans'
  | 'trousers'
  | 'shorts'
  | 'dress'
  | 'skirt'
  | 'blouse'
  | 'abaya'
  | 'sneakers'
  | 'loafers'
  | 'sandals';

export type DemoCategory = CategoryFields;

/** A product's own fields (shop-core's), plus what its drawn images are made from (`color`: the garment's paint). */
export interface DemoProduct extends Omit<ProductFields, 'color'> {
  garment: GarmentKind;
  color: string;
  accent?: string;
}

/**
 * The shop's colour of a demo product and the style it belongs to, read from its names: "Piqué Polo Shirt – Navy" is
 * the colour Navy («كحلي») of the style `men-pique-polo-shirt`, so the colours of one design (same name before the
 * dash, same gender) share a style. The swatch is the paint its pictures are drawn in.
 */
export function demoColorAndStyle(product: DemoProduct): Pick<ProductFields, 'style' | 'color'> {
  const [design, colorName] = product.name.split(' – ');
  const colorNameAr = product.nameAr?.split(' – ')[1] ?? '';
  if (!design || !colorName) return {};
  const style = `${product.gender}-${design.normalize('NFD').replace(/[^\w\s-]/g, '').trim().toLowerCase().replace(/[\s-]+/g, '-')}`;
  return { style, color: { name: colorName, nameAr: colorNameAr, hex: product.color } };
}

export const demoCategories: DemoCategory[] = [
  { title: 'Dresses', gender: 'women', titleAr: 'فساتين' },
  { title: 'Tops & Blouses', gender: 'women', titleAr: 'بلوزات وتوبات' },
  { title: 'Skirts', gender: 'women', titleAr: 'جيبات' },
  { title: 'Abayas', gender: 'women', titleAr: 'عبايات' },
  { title: 'Jeans & Trousers', gender: 'women', titleAr: 'جينز وبناطيل' },
  { title: 'Shoes', gender: 'women', titleAr: 'أحذية' },
  { title: 'Shirts', gender: 'men', titleAr: 'قمصان' },
  { title: 'T-Shirts & Polos', gender: 'men', titleAr: 'تيشيرتات وبولو' },
  { title: 'Hoodies & Sweaters', gender: 'men', titleAr: 'هوديز وبلوفرات' },
  { title: 'Jackets', gender: 'men', titleAr: 'جواكت' },
  { title: 'Trousers & Jeans', gender: 'men', titleAr: 'بناطيل وجينز' },
  { title: 'Shorts', gender: 'men', titleAr: 'شورتات' },
  { title: 'Shoes', gender: 'men', titleAr: 'أحذية' },
];

type Entry = Omit<DemoProduct, 'gender' | 'category'>;

const SHOES: ReadonlySet<GarmentKind> = new Set(['sneakers', 'loafers', 'sandals']);

// Stock levels the demo cycles through, so every state shows: plenty, low (1-3), sold out (0).
const STOCK_PATTERN = [12, 3, 0, 8, 1, 15, 6, 2, 0, 9, 20, 4, 7];
let demoIndex = 0;

/** Real sizes: XS-XXL for clothes, 38-45 for shoes, one size for abayas; stock from a fixed pattern. */
function demoSizes(garment: GarmentKind, index: number): SizeStock[] {
  if (garment === 'abaya') return [{ size: ONE_SIZE, stock: STOCK_PATTERN[index % STOCK_PATTERN.length]! }];
  const names = SHOES.has(garment) ? SHOE_SIZES : CLOTHING_SIZES;
  return names.map((size, position) => ({ size, stock: STOCK_PATTERN[(index * 5 + position * 3) % STOCK_PATTERN.length]! }));
}

function group(gender: Gender, category: string, entries: Entry[]): DemoProduct[] {
  return entries.map((e) => {
    demoIndex += 1;
    return { sizes: demoSizes(e.garment, demoIndex), ...e, gender, category };
  });
}

export const demoProducts: DemoProduct[] = [
  ...group('women', 'Dresses', [
    {
      name: 'Linen Wrap Midi Dress – Terracotta',
      description:
        'A wrap midi dress in washed Egyptian-grown linen with flutter sleeves and a self-tie waist. Relaxed through the skirt, so it moves with you on hot days. Machine wash cold, line dry.',
      nameAr: 'فستان ميدي ملفوف من الكتان – تيراكوتا',
      descriptionAr:
        'فستان ميدي بقصة ملفوفة من كتان مصري مغسول، بأكمام متطايرة وحزام يُربط عند الخصر. واسع من ناحية التنورة ليتحرك معكِ بخفة في الأيام الحارة. يُغسل في الغسالة بماء بارد ويُجفف منشورًا.',
      price: 1499, disCountPrecent: 0, garment: 'dress', color: '#b8603e',
    },
    {
      name: 'Satin Slip Dress – Champagne',
      description:
        'A bias-cut slip dress in fluid satin with adjustable straps and a soft cowl-free neckline. Falls just below the knee. Hand wash cold or dry clean.',
      nameAr: 'فستان ساتان بحمالات – شامبين',
      descriptionAr:
        'فستان بحمالات من الساتان الانسيابي بقصة مائلة (بياس)، بحمالات قابلة للتعديل وفتحة رقبة ناعمة. يصل إلى أسفل الركبة بقليل. يُغسل يدويًا بماء بارد أو تنظيف جاف.',
      price: 1299, disCountPrecent: 20, garment: 'dress', color: '#dcc7a1',
    },
    {
      name: 'Cotton Shirt Dress – Olive',
      description:
        'A belted shirt dress in crisp cotton poplin with a classic collar and full button front. Side seam pockets and a midi length that works from office to evening. Machine wash 30°.',
      nameAr: 'فستان قميص قطن – زيتي',
      descriptionAr:
        'فستان بقصة القميص من قماش البوبلين القطني المتماسك، بياقة كلاسيكية وأزرار على طول الأمام وحزام للخصر. جيوب في الجانبين وطول ميدي يناسب العمل والسهرة. يُغسل في الغسالة على 30 درجة.',
      price: 1199, disCountPrecent: 0, garment: 'dress', color: '#6f7548',
    },
    {
      name: 'Tiered Maxi Dress – Dusty Rose',
      description:
        'A floaty maxi dress in lightweight viscose with short sleeves and a gathered waist. Fully lined bodice. Machine wash cold on a gentle cycle.',
      nameAr: 'فستان ماكسي بطبقات – وردي مطفي',
      descriptionAr:
        'فستان ماكسي خفيف من الفسكوز بأكمام قصيرة وخصر مكشكش، والجزء العلوي مبطن بالكامل. يُغسل في الغسالة بماء بارد على دورة لطيفة.',
      price: 1649, disCountPrecent: 15, garment: 'dress', color: '#c98f8f',
    },
    {
      name: 'Ribbed Knit Midi Dress – Black',
      description:
        'A fitted rib-knit dress with a round neck and short sleeves, cut to mid-calf. Soft stretch cotton blend that keeps its shape. Wash inside out at 30°.',
      nameAr: 'فستان ميدي تريكو مضلع – أسود',
      descriptionAr:
        'فستان محدد للجسم من التريكو المضلع برقبة مستديرة وأكمام قصيرة، يصل إلى منتصف الساق. خليط قطن مرن وناعم يحافظ على شكله. يُغسل مقلوبًا على 30 درجة.',
      price: 999, disCountPrecent: 0, garment: 'dress', color: '#222222',
    },
    {
      name: 'Gingham A-Line Dress – Navy',
      description:
        'A sleeveless-look A-line dress in yarn-dyed cotton gingham with a fitted waist and a full skirt. Hidden side zip. Machine wash 30°, iron on medium.',
      nameAr: 'فستان كاروه بقصة A – كحلي',
      descriptionAr:
        'فستان بقصة A من قطن كاروه مصبوغ الخيوط، بخصر محدد وتنورة واسعة وسوستة مخفية في الجانب. يُغسل في الغسالة على 30 درجة ويُكوى على حرارة متوسطة.',
      price: 1349, disCountPrecent: 0, garment: 'dress', color: '#2e3f66', accent: '#f3efe6',
    },
  ]),
  ...group('women', 'Tops & Blouses', [
    {
      name: 'Tie-Neck Blouse – Ivory',
      description:
        'A soft crepe blouse with a tie neck and gathered balloon sleeves. Tuck it into tailored trousers or wear it loose. Hand wash cold, cool iron.',
      nameAr: 'بلوزة بفيونكة عند الرقبة – عاجي',
      descriptionAr:
        'بلوزة من الكريب الناعم بفيونكة تُربط عند الرقبة وأكمام منفوخة مكشكشة. ادخليها في بنطلون كلاسيكي أو البسيها على راحتها. تُغسل يدويًا بماء بارد وتُكوى على حرارة منخفضة.',
      price: 849, disCountPrecent: 0, garment: 'blouse', color: '#f1ebdf',
    },
    {
      name: 'Poplin V-Neck Blouse – Sky Blue',
      description:
        'A relaxed V-neck blouse in breathable cotton poplin with long sleeves and button cuffs. Slightly longer at the back. Machine wash 30°.',
      nameAr: 'بلوزة بوبلين برقبة V – أزرق سماوي',
      descriptionAr:
        'بلوزة واسعة برقبة V من البوبلين القطني الذي يسمح بمرور الهواء، بأكمام طويلة وأساور بأزرار، وأطول قليلًا من الخلف. تُغسل في الغسالة على 30 درجة.',
      price: 749, disCountPrecent: 25, garment: 'blouse', color: '#9cb8d6',
    },
    {
      name: 'Striped Oxford Shirt – Blue',
      description:
        'An oversized oxford shirt with fine blue stripes, a button-down collar and a curved hem. Made from soft brushed cotton. Machine wash 40°.',
      nameAr: 'قميص أكسفورد مقلم – أزرق',
      descriptionAr:
        'قميص أكسفورد بقصة واسعة وخطوط زرقاء رفيعة، بياقة بأزرار وحافة سفلية مستديرة. مصنوع من قطن ناعم مصقول. يُغسل في الغسالة على 40 درجة.',
      price: 899, disCountPrecent: 0, garment: 'shirt', color: '#f4f4f2', accent: '#6b8fc4',
    },
    {
      name: 'Essential Cotton Tee – White',
      description:
        'Our everyday crew-neck tee in heavyweight combed cotton with a soft hand feel and a relaxed fit. Pre-shrunk, so it keeps its size wash after wash.',
      nameAr: 'تيشيرت قطن أساسي – أبيض',
      descriptionAr:
        'تيشيرتنا اليومي برقبة مستديرة من القطن الممشط الثقيل، ملمسه ناعم وقصته مريحة. معالج ضد الانكماش فيحافظ على مقاسه غسلة بعد غسلة.',
      price: 399, disCountPrecent: 0, garment: 't-shirt', color: '#f7f6f2',
    },
    {
      name: 'Breton Stripe Tee – Navy',
      description:
        'A classic Breton-stripe tee in thick cotton jersey with a boat-friendly straight fit. Machine wash 30°, dry flat to keep the stripes sharp.',
      nameAr: 'تيشيرت مقلم بريتون – كحلي',
      descriptionAr:
        'تيشيرت كلاسيكي بخطوط بريتون من الجيرسيه القطني السميك بقصة مستقيمة. يُغسل في الغسالة على 30 درجة ويُجفف مفرودًا لتبقى الخطوط واضحة.',
      price: 499, disCountPrecent: 10, garment: 't-shirt', color: '#f3efe6', accent: '#26355c',
    },
    {
      name: 'Soft Knit Sweater – Oat',
      description:
        'A light crew-neck sweater in a cotton and wool blend, loose through the body with ribbed cuffs and hem. Hand wash cold and dry flat.',
      nameAr: 'بلوفر تريكو ناعم – شوفاني',
      descriptionAr:
        'بلوفر خفيف برقبة مستديرة من خليط القطن والصوف، واسع عند الجسم بأساور وحافة مضلعة. يُغسل يدويًا بماء بارد ويُجفف مفرودًا.',
      price: 1099, disCountPrecent: 0, garment: 'sweater', color: '#d8c7a8',
    },
    {
      name: 'Linen Blend Blouse – Sage',
      description:
        'A round-neck blouse in a linen and cotton blend with a keyhole button at the back of the neck and soft gathered sleeves. Machine wash cold.',
      nameAr: 'بلوزة كتان مخلوط – أخضر مريمية',
      descriptionAr:
        'بلوزة برقبة مستديرة من خليط الكتان والقطن، بزر وفتحة صغيرة خلف الرقبة وأكمام مكشكشة ناعمة. تُغسل في الغسالة بماء بارد.',
      price: 799, disCountPrecent: 0, garment: 'blouse', color: '#9fae8f',
    },
  ]),
  ...group('women', 'Skirts', [
    {
      name: 'Pleated Midi Skirt – Mocha',
      description:
        'A knife-pleated midi skirt in a light satin-finish fabric with an elastic back waistband. Moves beautifully when you walk. Hand wash cold.',
      nameAr: 'جيبة ميدي بليسيه – موكا',
      descriptionAr:
        'جيبة ميدي بكسرات بليسيه حادة من قماش خفيف بلمعة الساتان، بأستك في الخصر من الخلف. تتحرك بجمال مع كل خطوة. تُغسل يدويًا بماء بارد.',
      price: 949, disCountPrecent: 0, garment: 'skirt', color: '#8a6a55',
    },
    {
      name: 'Denim Mini Skirt – Mid Blue',
      description:
        'A five-pocket A-line mini in rigid cotton denim with contrast topstitching. Sits at the natural waist. Wash inside out at 30°.',
      nameAr: 'جيبة جينز قصيرة – أزرق متوسط',
      descriptionAr:
        'جيبة قصيرة بقصة A وخمسة جيوب من جينز قطني متين، بخياطة ظاهرة بلون مختلف. تستقر عند الخصر الطبيعي. تُغسل مقلوبة على 30 درجة.',
      price: 699, disCountPrecent: 15, garment: 'skirt', color: '#5b7fa8', accent: '#d2a04e',
    },
    {
      name: 'Satin Slip Skirt – Emerald',
      description:
        'A bias-cut slip skirt in liquid satin with a slim elastic waistband and a midi hem. Pair it with a knit or a crisp shirt. Hand wash or dry clean.',
      nameAr: 'جيبة ساتان ميدي – أخضر زمردي',
      descriptionAr:
        'جيبة بقصة مائلة من الساتان اللامع الانسيابي، بأستك رفيع في الخصر وطول ميدي. نسقيها مع بلوفر تريكو أو قميص مكوي. تُغسل يدويًا أو تنظيف جاف.',
      price: 849, disCountPrecent: 0, garment: 'skirt', color: '#2f6b55',
    },
    {
      name: 'Linen A-Line Skirt – Sand',
      description:
        'An easy A-line midi skirt in pure linen with a flat front waistband and side pockets. Gets softer with every wash. Machine wash cold.',
      nameAr: 'جيبة كتان بقصة A – رملي',
      descriptionAr:
        'جيبة ميدي مريحة بقصة A من الكتان الخالص، بحزام خصر مسطح من الأمام وجيوب جانبية. تزداد نعومة مع كل غسلة. تُغسل في الغسالة بماء بارد.',
      price: 799, disCountPrecent: 0, garment: 'skirt', color: '#d3bb96',
    },
  ]),
  ...group('women', 'Abayas', [
    {
      name: 'Classic Crepe Abaya – Black',
      description:
        'A flowing open abaya in Nida crepe with wide sleeves and a fine gold-tone trim along the front and cuffs. Comes with a matching belt. Hand wash cold, hang to dry.',
      nameAr: 'عباية كريب كلاسيك – أسود',
      descriptionAr:
        'عباية مفتوحة انسيابية من كريب الندى بأكمام واسعة وشريط رفيع بلون ذهبي على الأمام والأساور، ومعها حزام من نفس القماش. تُغسل يدويًا بماء بارد وتُعلق لتجف.',
      price: 1899, disCountPrecent: 0, garment: 'abaya', color: '#1d1c1f', accent: '#b89a5e',
    },
    {
      name: 'Linen Kimono Abaya – Stone',
      description:
        'A relaxed kimono-sleeve abaya in a breathable linen blend, ideal for summer. Tonal embroidered trim on the front opening. Machine wash cold, gentle cycle.',
      nameAr: 'عباية كيمونو كتان – حجري',
      descriptionAr:
        'عباية مريحة بأكمام كيمونو من خليط الكتان الذي يسمح بمرور الهواء، مثالية للصيف، مع تطريز بنفس اللون على الفتحة الأمامية. تُغسل في الغسالة بماء بارد على دورة لطيفة.',
      price: 1699, disCountPrecent: 20, garment: 'abaya', color: '#c9bcaa', accent: '#8c7a62',
    },
    {
      name: 'Embroidered Abaya – Navy',
      description:
        'A long navy abaya in soft crepe with hand-finished embroidery on the front and sleeves. Full length with wide cuffs. Dry clean recommended.',
      nameAr: 'عباية مطرزة – كحلي',
      descriptionAr:
        'عباية طويلة باللون الكحلي من الكريب الناعم، بتطريز مشغول يدويًا على الأمام والأكمام، بطول كامل وأساور واسعة. يُنصح بالتنظيف الجاف.',
      price: 2499, disCountPrecent: 0, garment: 'abaya', color: '#263150', accent: '#c8b79a',
    },
    {
      name: 'Everyday Jersey Abaya – Taupe',
      description:
        'A lightweight jersey abaya that does not crease, cut with a gentle A-line and tapered sleeves. Travels well and dries quickly. Machine wash 30°.',
      nameAr: 'عباية جيرسيه يومية – بيج رمادي',
      descriptionAr:
        'عباية خفيفة من الجيرسيه لا تتكسر، بقصة A هادئة وأكمام تضيق عند المعصم. مناسبة للسفر وتجف بسرعة. تُغسل في الغسالة على 30 درجة.',
      price: 1299, disCountPrecent: 0, garment: 'abaya', color: '#8d7b6c', accent: '#6e5f53',
    },
  ]),
  ...group('women', 'Jeans & Trousers', [
    {
      name: 'High-Rise Wide Jeans – Light Wash',
      description:
        'High-rise wide-leg jeans in rigid cotton denim with a full-length leg and classic five-pocket styling. Wash inside out at 30°.',
      nameAr: 'جينز واسع بخصر عالٍ – غسيل فاتح',
      descriptionAr:
        'جينز بخصر عالٍ ورجل واسعة من جينز قطني متين، بطول كامل وخمسة جيوب كلاسيكية. يُغسل مقلوبًا على 30 درجة.',
      price: 1199, disCountPrecent: 0, garment: 'jeans', color: '#8eaac8', accent: '#c9954a',
    },
    {
      name: 'Straight Mom Jeans – Indigo',
      description:
        'Straight-leg mom jeans with a high waist and a relaxed hip, in a soft comfort-stretch denim. Machine wash cold, inside out.',
      nameAr: 'جينز مام مستقيم – نيلي',
      descriptionAr:
        'جينز مام برجل مستقيمة وخصر عالٍ وراحة عند الأرداف، من جينز ناعم مرن. يُغسل في الغسالة بماء بارد مقلوبًا.',
      price: 1099, disCountPrecent: 10, garment: 'jeans', color: '#34466e', accent: '#c9954a',
    },
    {
      name: 'Pleated Wide Trousers – Camel',
      description:
        'Tailored wide-leg trousers with front pleats, slanted pockets and a clean hook-and-bar waistband. Crease-resistant woven fabric. Machine wash 30°.',
      nameAr: 'بنطلون واسع بكسرات – جملي',
      descriptionAr:
        'بنطلون كلاسيكي برجل واسعة وكسرات أمامية وجيوب مائلة، وحزام خصر بمشبك معدني. قماش منسوج مقاوم للتكسير. يُغسل في الغسالة على 30 درجة.',
      price: 1249, disCountPrecent: 0, garment: 'trousers', color: '#b88c5c',
    },
    {
      name: 'Linen Drawstring Trousers – White',
      description:
        'Relaxed linen trousers with an elasticated drawstring waist and straight legs, made for long summer days. Machine wash cold, tumble dry low.',
      nameAr: 'بنطلون كتان برباط – أبيض',
      descriptionAr:
        'بنطلون كتان مريح بخصر من الأستك ورباط، ورجل مستقيمة، مصنوع لأيام الصيف الطويلة. يُغسل في الغسالة بماء بارد ويُجفف في المجفف على حرارة منخفضة.',
      price: 899, disCountPrecent: 0, garment: 'trousers', color: '#f2efe7',
    },
  ]),
  ...group('women', 'Shoes', [
    {
      name: 'Leather Court Sneakers – White',
      description:
        'Minimal low-top sneakers in smooth genuine leather with a cushioned footbed and a stitched rubber sole. Wipe clean with a damp cloth.',
      nameAr: 'سنيكرز جلد بسيط – أبيض',
      descriptionAr:
        'حذاء سنيكرز منخفض بتصميم بسيط من الجلد الطبيعي الناعم، بفرشة مبطنة ونعل مطاطي مخيط. يُنظف بقطعة قماش مبللة.',
      price: 1899, disCountPrecent: 0, garment: 'sneakers', color: '#f5f3ee', accent: '#c9a27a',
    },
    {
      name: 'Crossover Flat Sandals – Tan',
      description:
        'Flat sandals with soft crossover leather straps and a padded, contoured footbed. Made in Egypt with a non-slip rubber sole.',
      nameAr: 'صندل فلات بسيور متقاطعة – جملي فاتح',
      descriptionAr:
        'صندل مسطح بسيور جلدية ناعمة متقاطعة وفرشة مبطنة تتبع شكل القدم. صناعة مصرية بنعل مطاطي مانع للانزلاق.',
      price: 949, disCountPrecent: 15, garment: 'sandals', color: '#b7835a',
    },
    {
      name: 'Suede Penny Loafers – Taupe',
      description:
        'Slip-on loafers in soft suede with a classic penny strap and a low stacked heel. Leather lined for all-day comfort. Brush to clean.',
      nameAr: 'لوفر شامواه بيني – بيج رمادي',
      descriptionAr:
        'حذاء لوفر بدون رباط من الشامواه الناعم، بشريط بيني كلاسيكي وكعب منخفض. مبطن بالجلد للراحة طوال اليوم. يُنظف بالفرشاة.',
      price: 1699, disCountPrecent: 0, garment: 'loafers', color: '#9a8573',
    },
    {
      name: 'Slide Sandals – Black',
      description:
        'Easy leather slides with a wide padded strap and a contoured cork-look footbed. Light, flexible and made for everyday wear.',
      nameAr: 'شبشب جلد – أسود',
      descriptionAr:
        'شبشب جلد سهل اللبس بسير عريض مبطن وفرشة تتبع شكل القدم بمظهر الفلين. خفيف ومرن ومصنوع للاستخدام اليومي.',
      price: 799, disCountPrecent: 0, garment: 'sandals', color: '#2a2727',
    },
  ]),
  ...group('men', 'Shirts', [
    {
      name: 'Linen Relaxed Shirt – Sand',
      description:
        'A relaxed-fit shirt in pure washed linen with a point collar and a chest pocket. Breathable and soft from the first wear. Machine wash cold, hang to dry.',
      nameAr: 'قميص كتان واسع – رملي',
      descriptionAr:
        'قميص بقصة مريحة من الكتان الخالص المغسول، بياقة مدببة وجيب على الصدر. يسمح بمرور الهواء وناعم من أول لبسة. يُغسل في الغسالة بماء بارد ويُعلق ليجف.',
      price: 899, disCountPrecent: 0, garment: 'shirt', color: '#d5c09c',
    },
    {
      name: 'Oxford Button-Down Shirt – White',
      description:
        'A regular-fit oxford shirt with a button-down collar and a box pleat at the back. Sturdy cotton that softens with every wash. Machine wash 40°.',
      nameAr: 'قميص أكسفورد بياقة بأزرار – أبيض',
      descriptionAr:
        'قميص أكسفورد بقصة عادية وياقة بأزرار وكسرة في الظهر. قطن متين يزداد نعومة مع كل غسلة. يُغسل في الغسالة على 40 درجة.',
      price: 799, disCountPrecent: 0, garment: 'shirt', color: '#f6f5f1',
    },
    {
      name: 'Poplin Stripe Shirt – Sky',
      description:
        'A crisp cotton poplin shirt with fine vertical stripes, a cutaway collar and a slim fit through the body. Iron while slightly damp for a sharp finish.',
      nameAr: 'قميص بوبلين مقلم – سماوي',
      descriptionAr:
        'قميص من البوبلين القطني المتماسك بخطوط طولية رفيعة وياقة مفتوحة وقصة ضيقة عند الجسم. يُكوى وهو رطب قليلًا للحصول على مظهر أنيق.',
      price: 849, disCountPrecent: 20, garment: 'shirt', color: '#eef2f6', accent: '#6f94c4',
    },
    {
      name: 'Flannel Check Shirt – Forest',
      description:
        'A soft brushed-cotton flannel shirt in a green check, with two chest pockets and a regular fit. Great as a light layer on cooler evenings. Machine wash 30°.',
      nameAr: 'قميص فلانيل كاروه – أخضر غامق',
      descriptionAr:
        'قميص فلانيل من القطن المصقول الناعم بمربعات خضراء، بجيبين على الصدر وقصة عادية. مثالي كطبقة خفيفة في الأمسيات الباردة. يُغسل في الغسالة على 30 درجة.',
      price: 949, disCountPrecent: 0, garment: 'shirt', color: '#3f5b45', accent: '#1f2b24',
    },
    {
      name: 'Denim Work Shirt – Indigo',
      description:
        'A washed denim shirt with a point collar, two flap pockets and contrast stitching. Wears in beautifully over time. Machine wash cold, inside out.',
      nameAr: 'قميص جينز عملي – نيلي',
      descriptionAr:
        'قميص من الجينز المغسول بياقة مدببة وجيبين بغطاء وخياطة بلون مختلف. يكتسب طابعًا أجمل مع الوقت. يُغسل في الغسالة بماء بارد مقلوبًا.',
      price: 999, disCountPrecent: 0, garment: 'shirt', color: '#3f557f', accent: '#c9954a',
    },
  ]),
  ...group('men', 'T-Shirts & Polos', [
    {
      name: 'Heavyweight Tee – Black',
      description:
        'A boxy crew-neck tee in 240 gsm combed Egyptian cotton with a tight rib collar. Keeps its shape wash after wash. Machine wash 30°.',
      nameAr: 'تيشيرت ثقيل – أسود',
      descriptionAr:
        'تيشيرت بقصة مربعة ورقبة مستديرة من القطن المصري الممشط بوزن 240 جرامًا، بياقة مضلعة محكمة. يحافظ على شكله غسلة بعد غسلة. يُغسل في الغسالة على 30 درجة.',
      price: 449, disCountPrecent: 0, garment: 't-shirt', color: '#242424',
    },
    {
      name: 'Everyday Crew Tee – Heather Grey',
      description:
        'A soft, regular-fit tee in a cotton-rich jersey. The one you will reach for every morning. Pre-shrunk and machine washable.',
      nameAr: 'تيشيرت يومي برقبة مستديرة – رمادي مموج',
      descriptionAr:
        'تيشيرت ناعم بقصة عادية من جيرسيه غني بالقطن، القطعة التي ستختارها كل صباح. معالج ضد الانكماش ويُغسل في الغسالة.',
      price: 349, disCountPrecent: 0, garment: 't-shirt', color: '#a7a8a6',
    },
    {
      name: 'Pocket Tee – Olive',
      description:
        'A garment-dyed crew tee with a chest pocket and a lived-in feel. Relaxed through the body. Wash with similar colours at 30°.',
      nameAr: 'تيشيرت بجيب – زيتي',
      descriptionAr:
        'تيشيرت برقبة مستديرة مصبوغ بعد الخياطة، بجيب على الصدر وملمس مريح كأنه معك من زمان. واسع عند الجسم. يُغسل مع الألوان المشابهة على 30 درجة.',
      price: 399, disCountPrecent: 25, garment: 't-shirt', color: '#6e7452',
    },
    {
      name: 'Piqué Polo Shirt – Navy',
      description:
        'A classic polo in breathable cotton piqué with a two-button placket and ribbed collar and cuffs. Machine wash 30°, dry flat.',
      nameAr: 'قميص بولو بيكيه – كحلي',
      descriptionAr:
        'قميص بولو كلاسيكي من قطن البيكيه الذي يسمح بمرور الهواء، بزرين عند الرقبة وياقة وأساور مضلعة. يُغسل في الغسالة على 30 درجة ويُجفف مفرودًا.',
      price: 649, disCountPrecent: 0, garment: 'polo', color: '#27324f', accent: '#f1ede4',
    },
    {
      name: 'Knitted Polo – Cream',
      description:
        'A fine-knit polo in soft cotton with an open collar and ribbed hem. Smart enough for dinner, easy enough for the weekend. Hand wash cold.',
      nameAr: 'بولو تريكو – كريمي',
      descriptionAr:
        'قميص بولو من تريكو القطن الناعم الرفيع بياقة مفتوحة وحافة مضلعة. أنيق بما يكفي للعشاء ومريح لعطلة نهاية الأسبوع. يُغسل يدويًا بماء بارد.',
      price: 899, disCountPrecent: 0, garment: 'polo', color: '#eee5d2',
    },
    {
      name: 'Piqué Polo Shirt – Bottle Green',
      description:
        'Our classic cotton piqué polo in a deep green with tipped collar and cuffs. Regular fit with side vents. Machine wash 30°.',
      nameAr: 'قميص بولو بيكيه – أخضر زجاجي',
      descriptionAr:
        'قميص البولو الكلاسيكي من قطن البيكيه بلون أخضر غامق، بياقة وأساور بأطراف ملونة. قصة عادية بفتحات جانبية. يُغسل في الغسالة على 30 درجة.',
      price: 649, disCountPrecent: 15, garment: 'polo', color: '#28503f', accent: '#e9dfc8',
    },
  ]),
  ...group('men', 'Hoodies & Sweaters', [
    {
      name: 'Fleece Hoodie – Charcoal',
      description:
        'A midweight hoodie in brushed-back cotton fleece with a kangaroo pocket and flat drawcords. Relaxed fit. Machine wash 30°, inside out.',
      nameAr: 'هودي فليس – رمادي فحمي',
      descriptionAr:
        'هودي متوسط السُمك من فليس القطن المصقول من الداخل، بجيب كانجارو وأربطة مسطحة للكابيشون. قصة مريحة. يُغسل في الغسالة على 30 درجة مقلوبًا.',
      price: 1199, disCountPrecent: 0, garment: 'hoodie', color: '#4a4c50', accent: '#d9d6cf',
    },
    {
      name: 'Garment-Dyed Hoodie – Clay',
      description:
        'A heavyweight hoodie garment-dyed for a soft, slightly faded colour. Double-layer hood and ribbed cuffs. Wash with similar colours.',
      nameAr: 'هودي مصبوغ بعد الخياطة – طيني',
      descriptionAr:
        'هودي ثقيل مصبوغ بعد الخياطة بلون ناعم باهت قليلًا، بكابيشون بطبقتين وأساور مضلعة. يُغسل مع الألوان المشابهة.',
      price: 1299, disCountPrecent: 20, garment: 'hoodie', color: '#b0735a',
    },
    {
      name: 'Merino Crew Sweater – Navy',
      description:
        'A fine-gauge crew-neck sweater in extra-fine merino wool. Light, warm and breathable. Hand wash cold and dry flat.',
      nameAr: 'بلوفر ميرينو برقبة مستديرة – كحلي',
      descriptionAr:
        'بلوفر رفيع النسج برقبة مستديرة من صوف الميرينو فائق النعومة. خفيف ودافئ ويسمح بمرور الهواء. يُغسل يدويًا بماء بارد ويُجفف مفرودًا.',
      price: 1499, disCountPrecent: 0, garment: 'sweater', color: '#25304c',
    },
    {
      name: 'Cotton Knit Sweater – Ecru',
      description:
        'A textured crew-neck sweater in chunky cotton knit with ribbed trims. Ideal for Cairo winters. Hand wash cold, dry flat.',
      nameAr: 'بلوفر تريكو قطن – أوف وايت',
      descriptionAr:
        'بلوفر برقبة مستديرة من تريكو القطن السميك بملمس بارز وأطراف مضلعة. مثالي لشتاء القاهرة. يُغسل يدويًا بماء بارد ويُجفف مفرودًا.',
      price: 1199, disCountPrecent: 0, garment: 'sweater', color: '#ece3d1',
    },
    {
      name: 'Stripe Knit Sweater – Rust',
      description:
        'A relaxed cotton sweater with bold horizontal stripes and a ribbed crew neck. Hand wash cold and dry flat.',
      nameAr: 'بلوفر تريكو مقلم – صدئي',
      descriptionAr:
        'بلوفر قطني مريح بخطوط عرضية جريئة ورقبة مستديرة مضلعة. يُغسل يدويًا بماء بارد ويُجفف مفرودًا.',
      price: 1249, disCountPrecent: 30, garment: 'sweater', color: '#a85a36', accent: '#efe4cf',
    },
  ]),
  ...group('men', 'Jackets', [
    {
      name: 'Nylon Bomber Jacket – Olive',
      description:
        'A lightweight bomber in water-repellent nylon with a ribbed collar, cuffs and hem, and a quilted lining. Two welt pockets. Wipe clean or machine wash cold.',
      nameAr: 'جاكيت بومبر نايلون – زيتي',
      descriptionAr:
        'جاكيت بومبر خفيف من النايلون الطارد للماء، بياقة وأساور وحافة مضلعة وبطانة مبطنة، وجيبين مشقوقين. يُمسح بقطعة قماش أو يُغسل في الغسالة بماء بارد.',
      price: 2199, disCountPrecent: 0, garment: 'jacket', color: '#5c6440', accent: '#2d2f25',
    },
    {
      name: 'Denim Trucker Jacket – Indigo',
      description:
        'A classic trucker jacket in rigid indigo denim with chest flap pockets and copper-tone buttons. Fades with wear. Wash inside out, cold.',
      nameAr: 'جاكيت جينز تراكر – نيلي',
      descriptionAr:
        'جاكيت تراكر كلاسيكي من الجينز النيلي المتين، بجيبين على الصدر بغطاء وأزرار بلون النحاس. يبهت لونه بجمال مع اللبس. يُغسل مقلوبًا بماء بارد.',
      price: 1899, disCountPrecent: 15, garment: 'jacket', color: '#33466d', accent: '#c9954a',
    },
    {
      name: 'Unstructured Blazer – Navy',
      description:
        'A soft, unlined blazer in a cotton-linen blend with notch lapels and patch pockets. Throw it on over a tee or a shirt. Dry clean.',
      nameAr: 'بليزر خفيف بدون حشو – كحلي',
      descriptionAr:
        'بليزر ناعم بدون بطانة من خليط القطن والكتان، بياقة مشقوقة وجيوب خارجية. البسه فوق تيشيرت أو قميص. تنظيف جاف.',
      price: 3299, disCountPrecent: 0, garment: 'blazer', color: '#2a3552',
    },
    {
      name: 'Linen Blazer – Beige',
      description:
        'A single-breasted summer blazer in pure linen with a half lining, two buttons and flap pockets. Breathable and light. Dry clean only.',
      nameAr: 'بليزر كتان – بيج',
      descriptionAr:
        'بليزر صيفي بصف أزرار واحد من الكتان الخالص، بنصف بطانة وزرين وجيوب بغطاء. خفيف ويسمح بمرور الهواء. تنظيف جاف فقط.',
      price: 3499, disCountPrecent: 20, garment: 'blazer', color: '#cdb894',
    },
  ]),
  ...group('men', 'Trousers & Jeans', [
    {
      name: 'Slim Stretch Jeans – Dark Indigo',
      description:
        'Slim-fit five-pocket jeans in a comfort-stretch denim with a clean dark wash. Wash inside out at 30° to keep the colour.',
      nameAr: 'جينز سليم مرن – نيلي غامق',
      descriptionAr:
        'جينز بقصة ضيقة وخمسة جيوب من جينز مرن مريح بغسلة داكنة نظيفة. يُغسل مقلوبًا على 30 درجة ليحافظ على لونه.',
      price: 1199, disCountPrecent: 0, garment: 'jeans', color: '#283a5e', accent: '#c9954a',
    },
    {
      name: 'Straight Jeans – Stone Wash',
      description:
        'Straight-leg jeans in rigid cotton denim with a stone-washed finish and copper-tone rivets. Machine wash cold, inside out.',
      nameAr: 'جينز مستقيم – ستون واش',
      descriptionAr:
        'جينز برجل مستقيمة من جينز قطني متين بغسلة ستون واش ومسامير بلون النحاس. يُغسل في الغسالة بماء بارد مقلوبًا.',
      price: 1099, disCountPrecent: 10, garment: 'jeans', color: '#7d97b8', accent: '#c9954a',
    },
    {
      name: 'Cotton Chinos – Khaki',
      description:
        'Regular-fit chinos in soft cotton twill with slanted pockets and a tapered leg. A smart everyday essential. Machine wash 30°.',
      nameAr: 'بنطلون تشينو قطن – كاكي',
      descriptionAr:
        'بنطلون تشينو بقصة عادية من تويل القطن الناعم، بجيوب مائلة ورجل تضيق للأسفل. قطعة أساسية أنيقة لكل يوم. يُغسل في الغسالة على 30 درجة.',
      price: 899, disCountPrecent: 0, garment: 'trousers', color: '#bca37a',
    },
    {
      name: 'Tailored Trousers – Charcoal',
      description:
        'Slim tailored trousers in a wool-feel stretch fabric with a pressed crease and a hook-and-bar waistband. Machine wash cold.',
      nameAr: 'بنطلون كلاسيكي – رمادي فحمي',
      descriptionAr:
        'بنطلون كلاسيكي ضيق من قماش مرن بملمس الصوف، بكسرة مكوية وحزام خصر بمشبك معدني. يُغسل في الغسالة بماء بارد.',
      price: 1299, disCountPrecent: 0, garment: 'trousers', color: '#3c3e43',
    },
    {
      name: 'Linen Drawstring Trousers – Olive',
      description:
        'Easy-going linen trousers with an elasticated drawstring waist and a relaxed straight leg. Perfect for the coast. Machine wash cold.',
      nameAr: 'بنطلون كتان برباط – زيتي',
      descriptionAr:
        'بنطلون كتان مريح بخصر من الأستك ورباط ورجل مستقيمة واسعة. مثالي للساحل. يُغسل في الغسالة بماء بارد.',
      price: 849, disCountPrecent: 25, garment: 'trousers', color: '#747a55',
    },
  ]),
  ...group('men', 'Shorts', [
    {
      name: 'Chino Shorts – Navy',
      description:
        'Cotton twill chino shorts with a 7-inch inseam, slanted front pockets and a button-through back pocket. Machine wash 30°.',
      nameAr: 'شورت تشينو – كحلي',
      descriptionAr:
        'شورت تشينو من تويل القطن بطول داخلي 7 بوصات، وجيوب أمامية مائلة وجيب خلفي بزر. يُغسل في الغسالة على 30 درجة.',
      price: 599, disCountPrecent: 0, garment: 'shorts', color: '#2d3854',
    },
    {
      name: 'Linen Drawstring Shorts – Sand',
      description:
        'Relaxed linen shorts with an elasticated drawstring waist and side pockets. Light and breathable for the hottest days. Machine wash cold.',
      nameAr: 'شورت كتان برباط – رملي',
      descriptionAr:
        'شورت كتان مريح بخصر من الأستك ورباط وجيوب جانبية. خفيف ويسمح بمرور الهواء لأشد الأيام حرارة. يُغسل في الغسالة بماء بارد.',
      price: 549, disCountPrecent: 15, garment: 'shorts', color: '#d2bd98',
    },
    {
      name: 'Denim Shorts – Mid Wash',
      description:
        'Five-pocket denim shorts cut from rigid cotton denim with a straight leg and a rolled hem. Wash inside out, cold.',
      nameAr: 'شورت جينز – غسيل متوسط',
      descriptionAr:
        'شورت جينز بخمسة جيوب من جينز قطني متين، برجل مستقيمة وحافة مثنية. يُغسل مقلوبًا بماء بارد.',
      price: 649, disCountPrecent: 0, garment: 'shorts', color: '#6486ae', accent: '#c9954a',
      sizes: CLOTHING_SIZES.map((size) => ({ size, stock: 0 })), // sold out in every size
    },
  ]),
  ...group('men', 'Shoes', [
    {
      name: 'Leather Low-Top Sneakers – White',
      description:
        'Clean low-top sneakers in full-grain leather with a padded collar and a stitched cupsole. Wipe clean with a damp cloth.',
      nameAr: 'سنيكرز جلد منخفض – أبيض',
      descriptionAr:
        'سنيكرز منخفض بتصميم نظيف من الجلد الطبيعي الكامل، بحافة مبطنة ونعل مخيط. يُنظف بقطعة قماش مبللة.',
      price: 2199, disCountPrecent: 0, garment: 'sneakers', color: '#f5f4f0', accent: '#2f3a4f',
    },
    {
      name: 'Suede Sneakers – Sand',
      description:
        'Low-top sneakers in soft suede with a gum rubber sole and cotton laces. Treat with a suede protector before the first wear.',
      nameAr: 'سنيكرز شامواه – رملي',
      descriptionAr:
        'سنيكرز منخفض من الشامواه الناعم بنعل من المطاط الطبيعي وأربطة قطنية. يُعالج ببخاخ حماية الشامواه قبل أول لبسة.',
      price: 1799, disCountPrecent: 20, garment: 'sneakers', color: '#c8ab84', accent: '#a46c3c',
    },
    {
      name: 'Leather Penny Loafers – Brown',
      description:
        'Hand-finished penny loafers in polished calf leather with a leather sole and rubber heel. Made in Egypt. Polish regularly.',
      nameAr: 'لوفر جلد بيني – بني',
      descriptionAr:
        'حذاء لوفر بيني مشطب يدويًا من جلد العجل اللامع، بنعل جلدي وكعب مطاطي. صناعة مصرية. يُلمع بانتظام.',
      price: 2499, disCountPrecent: 0, garment: 'loafers', color: '#5a3826',
    },
    {
      name: 'Leather Strap Sandals – Cognac',
      description:
        'Two-strap leather sandals with an adjustable buckle and a moulded footbed. Built for summer in the city. Keep away from prolonged water.',
      nameAr: 'صندل جلد بسيرين – كونياك',
      descriptionAr:
        'صندل جلد بسيرين وإبزيم قابل للتعديل وفرشة مشكّلة على القدم. مصنوع لصيف المدينة. يُبعد عن الماء لفترات طويلة.',
      price: 1099, disCountPrecent: 0, garment: 'sandals', color: '#9a5a32',
      sizes: SHOE_SIZES.map((size) => ({ size, stock: null })), // stock not tracked
    },
  ]),
];
