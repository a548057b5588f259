// The demo shop's brand (PRODUCT section 8: "the demo seeds Nile Clothing"): its name, tagline, contact and the
// texts of its About, Delivery & payment, Returns and Privacy pages, in English and Arabic. The logo is its name
// (no image) and the accent the storefront's own.
import { DEFAULT_HOME, DEFAULT_SETTINGS } from '@shop/core/brand';
import type { Settings } from '@shop/core/contract/settings';

const EMAIL = 'hello@nileclothing.example';

export const DEMO_SETTINGS: Settings = {
  ...DEFAULT_SETTINGS,
  name: 'Nile Clothing',
  nameAr: 'نايل كلوذينج',
  tagline: 'Everyday clothing for women and men, chosen in Cairo and delivered across Egypt. Prices in EGP, cash on delivery.',
  taglineAr: 'ملابس يومية للنساء والرجال، نختارها في القاهرة ونوصّلها في أنحاء مصر. الأسعار بالجنيه المصري، والدفع عند الاستلام.',
  contact: { ...DEFAULT_SETTINGS.contact, email: EMAIL },
  // the home page (decision 054): the headline and the two collections every shop starts with, in the brand's words
  home: {
    hero: {
      ...DEFAULT_HOME.hero,
      text: 'Everyday pieces chosen in Cairo, in sizes from XS to XXL. Delivery to all 27 governorates, cash on delivery.',
      textAr: 'قطع يومية نختارها في القاهرة، بمقاسات من XS إلى XXL. توصيل إلى المحافظات الـ٢٧ كلها، والدفع عند الاستلام.',
    },
    tiles: DEFAULT_HOME.tiles,
  },
  pages: {
    about: [
      'Nile Clothing is an online shop for women and men. We keep a small, considered range of shirts, dresses, abayas, denim, knitwear, jackets and shoes, so that finding something you like takes minutes, not an afternoon.',
      '## How we work',
      'Every product on the site shows its real price in Egyptian pounds. When a piece is on sale you see the old price, the new one and the exact discount, and the price you see is the price you pay: the shop checks your total again before your order is accepted.',
    ].join('\n\n'),
    aboutAr: [
      'نايل كلوذينج متجر إلكتروني للنساء والرجال. نحتفظ بتشكيلة صغيرة مختارة بعناية من القمصان والفساتين والعبايات والجينز والتريكو والجواكت والأحذية، حتى تجد ما يعجبك في دقائق لا في ساعات.',
      '## كيف نعمل',
      'كل منتج في الموقع يظهر بسعره الحقيقي بالجنيه المصري. وعندما تكون القطعة عليها تخفيض ترى السعر القديم والجديد ونسبة الخصم بالضبط، والسعر الذي تراه هو ما تدفعه: يراجع المتجر إجمالي طلبك مرة أخرى قبل قبوله.',
    ].join('\n\n'),
    delivery: [
      '- Delivery is priced by governorate: the table below says what it costs and how long it takes, and the checkout charges exactly that.',
      '- Pay by card when you order, or with cash when your parcel arrives.',
      '- Follow every order from **My Orders** in your account: when it was placed, shipped and delivered. Until it ships you can cancel it there yourself, and a card payment goes back to your card.',
    ].join('\n'),
    deliveryAr: [
      '- تكلفة التوصيل حسب المحافظة: يوضح الجدول أدناه تكلفته ومدته، وهذا بالضبط ما يُحسب عند إتمام الطلب.',
      '- ادفع بالبطاقة عند الطلب، أو نقدًا عند وصول طردك.',
      '- تابع كل طلب من **طلباتي** في حسابك: متى سُجّل ومتى شُحن ومتى وصل. وحتى يُشحن يمكنك إلغاؤه بنفسك من هناك، ويعود المبلغ المدفوع بالبطاقة إلى بطاقتك.',
    ].join('\n'),
    returns: [
      'If something does not fit or is not what you expected, contact us with your order number and we will help you exchange it or send it back.',
      `Write to us at [${EMAIL}](mailto:${EMAIL}). We answer every message, usually within one working day.`,
    ].join('\n\n'),
    returnsAr: [
      'إن لم يناسبك شيء أو لم يكن كما توقعت، تواصل معنا برقم طلبك وسنساعدك على استبداله أو إرجاعه.',
      `راسلنا على [${EMAIL}](mailto:${EMAIL}). نرد على كل رسالة، عادةً خلال يوم عمل واحد.`,
    ].join('\n\n'),
    privacy: [
      'Nile Clothing keeps only what it needs to take and deliver your orders.',
      '## What we keep',
      [
        '- Your account: your username, your email and your password, stored only as a protected hash.',
        '- Your orders: what you ordered, your name, phone and delivery address.',
        '- Card payments go through our payment provider: the shop never sees or keeps your card number.',
      ].join('\n'),
      '## Who sees it',
      'Only the people who prepare and deliver your order. We never sell your details or share them for advertising.',
      '## Your choices',
      `Write to us at [${EMAIL}](mailto:${EMAIL}) to see, correct or delete what we keep about you.`,
    ].join('\n\n'),
    privacyAr: [
      'لا تحتفظ نايل كلوذينج إلا بما تحتاجه لتسجيل طلباتك وتوصيلها.',
      '## ما نحتفظ به',
      [
        '- حسابك: اسم المستخدم وبريدك الإلكتروني وكلمة المرور، محفوظة فقط في صورة مشفّرة لا تُقرأ.',
        '- طلباتك: ما طلبته، واسمك ورقم هاتفك وعنوان التوصيل.',
        '- الدفع بالبطاقة يتم عبر مزوّد الدفع: لا يرى المتجر رقم بطاقتك ولا يحتفظ به.',
      ].join('\n'),
      '## من يطّلع عليها',
      'فقط من يجهّزون طلبك ويوصّلونه. لا نبيع بياناتك أبدًا ولا نشاركها لأغراض الإعلان.',
      '## اختياراتك',
      `راسلنا على [${EMAIL}](mailto:${EMAIL}) لتطّلع على ما نحتفظ به عنك أو تصحّحه أو تحذفه.`,
    ].join('\n\n'),
  },
};
