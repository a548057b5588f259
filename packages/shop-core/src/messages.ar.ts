// The Arabic of every sentence in messages.ts (PRODUCT section 7, "Arabic"). Typed by the English catalog: a key
// missing here, or one left over, fails the typecheck. Modern Standard Arabic as an Egyptian shop writes it.
import { GOVERNORATES, ONE_SIZE, type Governorate } from './constants.ts';

const GOVERNORATE_NAMES: readonly string[] = GOVERNORATES;
import { arabicDigits } from './locale.ts';
import { MESSAGES } from './messages.ts';
import { MOVE_LABELS } from './order-status.ts';
import { countedArabic, type ArabicForms } from './plural.ts';

export const MESSAGES_AR: Record<keyof typeof MESSAGES, string> = {
  pleaseLogIn: 'يُرجى تسجيل الدخول',
  invalidCredentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
  emailTaken: 'هذا البريد الإلكتروني مسجَّل بالفعل',
  usernameTaken: 'اسم المستخدم هذا مستخدَم بالفعل',
  registered: 'تم إنشاء حسابك، يُرجى تسجيل الدخول',
  tokenMissing: 'يُرجى تسجيل الدخول للمتابعة',
  tokenInvalid: 'انتهت جلستك، يُرجى تسجيل الدخول مرة أخرى',
  metricsTokenRequired: 'يلزم رمز صالح لقراءة المقاييس',
  adminOnly: 'هذا الإجراء متاح للمسؤول فقط',
  notYours: 'غير مسموح لك بهذا الإجراء',
  staffOnly: 'هذا الإجراء متاح لفريق المتجر فقط',
  lastAdmin: 'يحتاج المتجر إلى مسؤول واحد على الأقل: اجعل شخصًا آخر مسؤولًا أولًا',
  roleChanged: 'تم تحديث الدور',
  reportRangeBackwards: 'يجب أن يكون تاريخ البداية في يوم النهاية أو قبله',
  reportRangeTooLong: 'اختر مدة لا تزيد على ٣٦٧ يومًا',
  tooManyRequests: 'محاولات كثيرة، يُرجى المحاولة لاحقًا',
  serverError: 'حدث خطأ من جهتنا، يُرجى المحاولة مرة أخرى',
  unavailable: 'المتجر غير متاح مؤقتًا، يُرجى المحاولة بعد قليل',
  cannotSave: 'لا يستطيع المتجر الحفظ الآن، يُرجى المحاولة بعد قليل',
  busy: 'المتجر مشغول الآن، يُرجى المحاولة بعد لحظات',
  busyNothingSaved: 'المتجر مشغول الآن ولم يُحفظ شيء، يُرجى المحاولة بعد لحظات',
  notFound: 'غير موجود',
  productNotFound: 'المنتج غير موجود',
  categoryNotFound: 'القسم غير موجود',
  userNotFound: 'المستخدم غير موجود',
  orderNotFound: 'الطلب غير موجود',
  orderSearchNotNumber: 'ابحث عن الطلبات برقمها، مثل ١٠٠١',
  cartItemNotFound: 'هذا المنتج غير موجود في السلة',
  productNameTaken: 'يوجد منتج بهذا الاسم بالفعل',
  categoryTaken: 'هذا القسم موجود بالفعل لهذه الفئة',
  categoryMissing: 'يُرجى اختيار قسم موجود لهذه الفئة',
  pricesChanged: 'تغيّرت الأسعار، يُرجى مراجعة سلتك',
  cartEmpty: 'سلتك فارغة',
  cartChanged: 'تغيّرت سلتك، يُرجى مراجعتها',
  orderAlreadyCanceled: 'هذا الطلب ملغى بالفعل',
  fileTypeNotSupported: 'نوع الملف غير مدعوم',
  fileTooLarge: 'يجب ألا يزيد حجم كل صورة على ٥ ميجابايت',
  tooManyFiles: 'يمكن أن يكون للمنتج ٨ صور على الأكثر',
  fillRequired: 'يُرجى ملء جميع الحقول المطلوبة.',
  priceAboveZero: 'يجب أن يكون السعر أكبر من صفر.',
  discountRange: 'يجب أن يكون الخصم بين ٠ و٩٩.',
  chooseImages: 'يُرجى اختيار الصور',
  imageLinkRequired: 'رابط الصورة مطلوب',
  imageLinkInvalid: 'يجب أن تبدأ روابط الصور بـ http:// أو https://',
  cartItemAdded: 'تمت إضافة المنتج إلى سلتك',
  cartItemDeleted: 'تم حذف المنتج من سلتك',
  itemUpdated: 'تم تحديث المنتج',
  orderCanceled: 'تم إلغاء الطلب',
  orderCanceledRefunded: 'تم إلغاء الطلب واسترداد المبلغ إلى البطاقة',
  orderCanceledRefundPending: 'تم إلغاء الطلب؛ وسيُرد المبلغ إلى البطاقة قريبًا',
  orderCanceledCardRefund: 'تم إلغاء الطلب؛ وسيعود المبلغ إلى بطاقتك',
  orderPlaced: 'تم تسجيل طلبك',
  paymentSucceeded: 'تم الدفع بنجاح',
  profileUpdated: 'تم تحديث ملفك الشخصي',
  productCreated: 'تم إنشاء المنتج',
  productDeleted: 'تم حذف المنتج',
  categoryAdded: 'تمت إضافة القسم',
  categoryDeleted: 'تم حذف القسم',
  categoryUpdated: 'تم تحديث القسم',
  reviewNotReceived: 'يمكن فقط للعملاء الذين استلموا هذا المنتج تقييمه',
  reviewTwice: 'لقد قيّمت هذا المنتج بالفعل',
  reviewWritten: 'لقد قيّمت هذا المنتج',
  reviewAfterDelivery: 'يمكنك تقييم هذا المنتج بعد أن يصلك',
  reviewChooseRating: 'يُرجى اختيار تقييم من نجمة إلى ٥ نجوم',
  reviewChooseFit: 'يُرجى اختيار مدى ملاءمة المقاس',
  reviewWriteTitle: 'يُرجى كتابة عنوان لتقييمك',
  reviewWriteText: 'يُرجى كتابة تقييمك',
  reviewNotFound: 'التقييم غير موجود',
  reviewAdded: 'شكرًا لك، تم نشر تقييمك',
  reviewDeleted: 'تم حذف التقييم',
  backInStockAsked: 'سنراسلك مرة واحدة بالبريد الإلكتروني فور عودة هذا المقاس إلى المخزون',
  cartDeleted: 'تم حذف سلتك',
  chooseSize: 'يُرجى اختيار المقاس',
  soldOut: 'نفدت الكمية',
  lowStock: 'كمية محدودة',
  resetLinkSent: 'إن كان لهذا البريد حساب، فرابط إعادة التعيين في طريقه إليك',
  resetLinkInvalid: 'رابط إعادة التعيين هذا غير صالح أو انتهت صلاحيته',
  passwordReset: 'تم تغيير كلمة المرور، يُرجى تسجيل الدخول',
  passwordChanged: 'تم تغيير كلمة المرور',
  currentPasswordWrong: 'كلمة المرور الحالية غير صحيحة',
  currentPasswordRequired: 'كلمة المرور الحالية مطلوبة',
  emailChangeNeedsPassword: 'يُرجى إدخال كلمة المرور الحالية لتغيير بريدك الإلكتروني',
  samePassword: 'يُرجى اختيار كلمة مرور جديدة غير الحالية',
  settingsSaved: 'تم حفظ الإعدادات',
  logoUploaded: 'تم رفع الشعار',
  logoTooLarge: 'يجب ألا يزيد حجم الشعار على ٥ ميجابايت',
  chooseLogo: 'يُرجى اختيار ملف الشعار',
  jobNotFound: 'لم نجد هذه المهمة بين المهام المتعثرة',
  jobRetried: 'ستُعاد محاولة المهمة الآن',
  shippingSaved: 'تم حفظ أسعار التوصيل',
  couponNotValid: 'هذا الكود غير صالح',
  couponUsedByYou: 'لقد استخدمت هذا الكود من قبل',
  couponApplied: 'تم تطبيق الكود',
  couponRemoved: 'تمت إزالة الكود',
  couponCodeTaken: 'يوجد كود خصم بهذا الاسم بالفعل',
  couponNotFound: 'كود الخصم غير موجود',
  couponSaved: 'تم حفظ كود الخصم',
  couponDeleted: 'تم حذف كود الخصم',
  lineTooMany: 'يحتوي الطلب على ٩٩ قطعة على الأكثر من المقاس الواحد',
  guestLineTooMany: 'يحتوي الطلب بدون حساب على ١٠ قطع على الأكثر من المقاس الواحد؛ سجّل الدخول لطلب المزيد',
  guestOrderTooMany: 'يحتوي الطلب بدون حساب على ٢٠ قطعة على الأكثر؛ سجّل الدخول لطلب المزيد',
  heldTooMany: 'تحجز طلبات لم تُدفع بعد قطعًا كثيرة لهذا البريد الإلكتروني أو العنوان؛ ادفع ثمنها أو انتظر حتى يُفرج عنها',
  holdMinutesRange: 'يجب أن تكون مدة حجز الدفع عددًا صحيحًا من الدقائق بين ١٠ و١٢٠',
  kioskHoursRange: 'يجب أن تكون مدة حجز الدفع في منافذ الدفع عددًا صحيحًا من الساعات بين ١ و٤٨',
  staffStockOnly: 'يغيّر الفريق المخزون والمقاسات فقط: سعر المنتج وخصمه واسمه ووصفه من اختصاص المسؤول',
  guestPaysCash: 'يدفع الزوار نقدًا عند الاستلام؛ يُرجى تسجيل الدخول للدفع بالبطاقة',
  guestOrderOwned: 'هذا الطلب مرتبط بحساب بالفعل، يُرجى تسجيل الدخول',
  guestAccountCreated: 'تم إنشاء حسابك وأصبح هذا الطلب فيه',
  paymentWayNotOffered: 'طريقة الدفع هذه غير متاحة، يُرجى اختيار طريقة أخرى',
  paymentNotStarted: 'تعذّر فتح صفحة الدفع، يُرجى المحاولة بعد قليل؛ لم يُخصم أي مبلغ',
  paymentAwaited: 'طلبك في انتظار الدفع',
  orderPaid: 'تم استلام الدفع وتأكيد طلبك',
  paymentFailed: 'لم يتم الدفع ولم يُؤكَّد الطلب',
  chooseCsv: 'يُرجى اختيار ملف CSV',
  csvTooLarge: 'يجب ألا يزيد حجم الملف على ٢٠ ميجابايت',
  csvNotUtf8: 'يجب أن يكون الملف نصًا بترميز يونيكود: احفظه بصيغة «CSV UTF-٨»',
  csvEmpty: 'لا يحتوي الملف على منتجات',
  csvTooManyRows: 'يمكن أن يحتوي الملف على ٢٠٬٠٠٠ منتج على الأكثر',
  csvQuoteNotClosed: 'خلية بين علامتي تنصيص لم تُغلق',
  csvStrayQuote: 'تُكتب علامة التنصيص داخل الخلية مرتين ("")',
  sizesFormat: 'تُكتب المقاسات كما يكتبها التصدير: المقاس ثم نقطتان ثم المخزون، وبين كل مقاسين خط عمودي',
  productNeedsImage: 'يحتاج المنتج إلى صورة واحدة على الأقل',
  importChecked: 'تم فحص الملف؛ ولم يُحفظ شيء بعد',
  importDone: 'تم استيراد المنتجات',
  importRefused: 'لم يُستورد شيء: صحّح الخلايا المذكورة ثم حاول مرة أخرى',
  accountDeleted: 'حُذف حسابك وما كان يحمله من بياناتك الشخصية',
  deleteWhileOrderOpen: 'لديك طلب ما زال في الطريق: يمكنك حذف حسابك بعد توصيله أو إلغائه',
  deleteWhileReturnable: 'لديك طلب ما زال يمكن إرجاعه: يمكنك حذف حسابك بعد انقضاء أيام إرجاعه',
  passwordRequired: 'يُرجى كتابة كلمة المرور',
  consentsSaved: 'تم حفظ اختياراتك',
  formerCustomer: 'عميل سابق',
  twoFactorCodeWrong: 'هذا الرمز غير صحيح أو سبق استخدامه',
  twoFactorCodeRequired: 'يُرجى كتابة الرمز من تطبيقك، أو رمز استرداد',
  twoFactorTicketInvalid: 'انتهت مهلة تسجيل الدخول، يُرجى تسجيل الدخول مرة أخرى',
  twoFactorOn: 'تسجيل الدخول بخطوتين مفعَّل',
  twoFactorOff: 'تسجيل الدخول بخطوتين متوقف',
  twoFactorNotStarted: 'ابدأ إعداد تسجيل الدخول بخطوتين أولًا',
  twoFactorAlreadyOn: 'تسجيل الدخول بخطوتين مفعَّل بالفعل',
  twoFactorNotOn: 'تسجيل الدخول بخطوتين غير مفعَّل لهذا الحساب',
  twoFactorStaffOnly: 'تسجيل الدخول بخطوتين لفريق المتجر ومسؤوليه',
  twoFactorRequired: 'يطلب المتجر من فريقه تسجيل الدخول بخطوتين: فعّله لاستخدام لوحة التحكم',
  feedTokenWrong: 'رمز هذه القائمة مفقود أو غير صحيح: انسخ عنوانها مرة أخرى من إعدادات التسويق في لوحة التحكم',
  unsubscribed: 'لن تصلك عروض أو تذكيرات بالبريد الإلكتروني بعد الآن. يمكنك تشغيلها من جديد من حسابك',
  unsubscribeLinkWrong: 'رابط إلغاء الاشتراك هذا غير صالح: افتح الرابط الموجود في أحدث رسالة وصلتك، أو أوقف العروض من حسابك',
};

/** The Arabic of the forms' sentences (BILLING_FIELD_MESSAGES, the schemas' checks, the storefront's own), by their English. */
export const FORM_MESSAGES_AR: Record<string, string> = {
  // the delivery table and the discount codes (PRODUCT section 8)
  'the fastest delivery cannot be slower than the slowest': 'لا يمكن أن تكون أقل مدة للتوصيل أطول من أكبر مدة',
  'A percent must be a whole number from 1 to 100': 'يجب أن تكون النسبة عددًا صحيحًا من ١ إلى ١٠٠',
  'The amount must be more than zero': 'يجب أن يكون المبلغ أكبر من صفر',
  'The end must be after the start': 'يجب أن تكون النهاية بعد البداية',
  'A code has only letters, digits and dashes': 'يتكون الكود من حروف وأرقام وشرطات فقط',
  'The delivery table must be a list of governorates': 'يجب أن يكون جدول التوصيل قائمة بالمحافظات',
  'The delivery table has 27 governorates': 'يضم جدول التوصيل ٢٧ محافظة',
  'The delivery table must list at least one governorate': 'يجب أن يضم جدول التوصيل محافظة واحدة على الأقل',
  'Kind must be one of percent, fixed, free-shipping': 'يجب أن يكون النوع نسبة أو مبلغًا ثابتًا أو توصيلًا مجانيًا',
  'Please write your first name': 'يُرجى كتابة الاسم الأول',
  'Please write your second name': 'يُرجى كتابة اسم العائلة',
  'Please write your phone': 'يُرجى كتابة رقم الهاتف',
  'Please write your email': 'يُرجى كتابة البريد الإلكتروني',
  'Please write your governorate': 'يُرجى كتابة المحافظة',
  'Please write your city': 'يُرجى كتابة المدينة',
  'Please write your address': 'يُرجى كتابة العنوان',
  'Email is required': 'البريد الإلكتروني مطلوب',
  'Password is required': 'كلمة المرور مطلوبة',
  'Please enter a valid email': 'يُرجى إدخال بريد إلكتروني صحيح',
  'Please write a valid phone number': 'يُرجى كتابة رقم هاتف صحيح',
  'Please choose a governorate': 'يُرجى اختيار المحافظة',
  'Card number is required': 'رقم البطاقة مطلوب',
  'Your card number is invalid.': 'رقم بطاقتك غير صحيح.',
  'Your card was declined.': 'رُفضت بطاقتك.',
  'Your card payment was not completed, please try again': 'لم يكتمل الدفع بالبطاقة، يُرجى المحاولة مرة أخرى',
  'Order placed': 'تم تسجيل الطلب',
  Shipped: 'تم الشحن',
  Delivered: 'تم التوصيل',
  Canceled: 'ملغى',
  'This order has been shipped and can no longer be canceled': 'شُحن هذا الطلب ولم يعد من الممكن إلغاؤه',
  'An order must be shipped before it is delivered': 'يجب شحن الطلب قبل توصيله',
  'Username is required': 'اسم المستخدم مطلوب',
  'Something went wrong, please try again': 'حدث خطأ ما، يُرجى المحاولة مرة أخرى',
  'We could not reach the shop, please check your connection': 'تعذّر الوصول إلى المتجر، يُرجى التحقق من اتصالك',
  'The request contains a character that is not allowed': 'يحتوي الطلب على حرف غير مسموح به',
  'The card form is still loading, please try again': 'ما زال نموذج البطاقة قيد التحميل، يُرجى المحاولة مرة أخرى',
  'The card form could not be loaded. Please check your connection and reload the page, or pay with cash.': 'تعذّر تحميل نموذج البطاقة. يُرجى التحقق من اتصالك وإعادة تحميل الصفحة، أو الدفع نقدًا.',
  // the admin's product form (the schemas' checks of a price, a discount and the sizes)
  'Price must be at most 1,000,000': 'يجب ألا يزيد السعر على ١٬٠٠٠٬٠٠٠',
  'Price can have at most 2 decimals': 'لا يمكن أن يزيد السعر على رقمين بعد العلامة العشرية',
  'Discount must be a whole number': 'يجب أن يكون الخصم عددًا صحيحًا',
  'Stock must be a whole number of 0 or more, or not tracked': 'يجب أن يكون المخزون عددًا صحيحًا من ٠ فأكثر، أو بدون تتبع',
  'Stock must be a whole number': 'يجب أن يكون المخزون عددًا صحيحًا',
  'Stock cannot be negative': 'لا يمكن أن يكون المخزون سالبًا',
  'A product needs at least one size': 'يحتاج المنتج إلى مقاس واحد على الأقل',
  '"One size" cannot be combined with other sizes': 'لا يمكن الجمع بين «One size» ومقاسات أخرى',
  // finding the right piece (contract/catalog.ts ColorFieldSchema, ShopFilterQuerySchema)
  'Colour name is required': 'اسم اللون مطلوب',
  'Rating must be a whole number from 1 to 5': 'يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥',
  'Fit must be small, true or large': 'يجب أن يكون المقاس: small أو true أو large',
  'Review is required': 'نص التقييم مطلوب',
  'Send titleAr or sizeGuide to change': 'أرسل titleAr أو sizeGuide لتغييرهما',
  'A size guide needs at least one measurement': 'يحتاج دليل المقاسات إلى قياس واحد على الأقل',
  'A size guide needs at least one size': 'يحتاج دليل المقاسات إلى مقاس واحد على الأقل',
  'Measurement is required': 'اسم القياس مطلوب',
  'Colour must be a hex colour, like #1f2937': 'يجب أن يكون اللون رمز لون سداسيًا عشريًا: # وبعدها ستة أحرف أو أرقام',
  'Minimum price must not be more than the maximum price': 'يجب ألا يزيد أقل سعر على أعلى سعر',
  'Minimum price must be a number': 'يجب أن يكون أقل سعر رقمًا',
  'Maximum price must be a number': 'يجب أن يكون أعلى سعر رقمًا',
  'Minimum price cannot be negative': 'لا يمكن أن يكون أقل سعر سالبًا',
  'Maximum price cannot be negative': 'لا يمكن أن يكون أعلى سعر سالبًا',
  'Sort must be one of newest, price-asc, price-desc, discount': 'يجب أن يكون الترتيب أحد: newest أو price-asc أو price-desc أو discount',
  // the brand's settings (contract/settings.ts SettingsChangeSchema, brand.ts)
  'Accent colour must be a hex colour, like #a4461f': 'يجب أن يكون لون التمييز رمز لون سداسيًا عشريًا: # وبعدها ستة أحرف أو أرقام',
  'Contact email must be an email address, like hello@shop.example': 'يجب أن يكون بريد التواصل عنوان بريد إلكتروني، مثل hello@shop.example',
  'Phone must be a phone number, like +20 100 123 4567': 'يجب أن يكون الهاتف رقم هاتف، مثل ‎+٢٠ ١٠٠ ١٢٣ ٤٥٦٧',
  'WhatsApp number must be written with its country code, like +20 100 123 4567': 'يجب كتابة رقم واتساب مع مفتاح الدولة، مثل ‎+٢٠ ١٠٠ ١٢٣ ٤٥٦٧',
  'Logo must be an http or https link, or an uploaded image': 'يجب أن يكون الشعار رابطًا يبدأ بـ http أو https، أو صورة مرفوعة',
  'Announcement text is required to show the announcement': 'يلزم نص الإعلان لإظهار شريط الإعلان',
  'Announcement on or off must be true or false': 'يجب أن يكون تشغيل الإعلان true أو false',
  'Shop name is required': 'اسم المتجر مطلوب',
  'Contact must be an object': 'يجب أن تكون بيانات التواصل كائنًا',
  'Social links must be an object': 'يجب أن تكون روابط التواصل الاجتماعي كائنًا',
  'Announcement must be an object': 'يجب أن يكون الإعلان كائنًا',
  'Pages must be an object': 'يجب أن تكون الصفحات كائنًا',
  'Meta pixel ID must be the digits Meta gives, like 123456789012345': 'يجب أن يكون معرّف بكسل ميتا الأرقام التي تعطيها ميتا، مثل ١٢٣٤٥٦٧٨٩٠١٢٣٤٥',
  'Cart reminders on or off must be true or false': 'يجب أن يكون تشغيل تذكيرات السلة true أو false',
  'Marketing must be an object': 'يجب أن تكون إعدادات التسويق كائنًا',
  'Feed token must be 16 to 100 letters, digits, - or _': 'يجب أن يكون رمز القائمة من ١٦ إلى ١٠٠ حرف أو رقم أو - أو _',
  'Feeds must be an object': 'يجب أن تكون إعدادات القوائم كائنًا',
  'Home page must be an object': 'يجب أن تكون الصفحة الرئيسية كائنًا',
  'Hero must be an object': 'يجب أن تكون الواجهة كائنًا',
  'Tiles must be a list': 'يجب أن تكون البطاقات قائمة',
  'A tile must be an object': 'يجب أن تكون البطاقة كائنًا',
  // the product's fields as an import checks them (contract/catalog.ts ProductFieldsSchema)
  'Name is required': 'الاسم مطلوب',
  'Description is required': 'الوصف مطلوب',
  'Category is required': 'القسم مطلوب',
  'Price is required': 'السعر مطلوب',
  'Price must be a number': 'يجب أن يكون السعر رقمًا',
  'Gender must be men or women': 'يجب أن تكون الفئة men أو women',
};

/** The settings' fields as their sentences name them (contract/settings.ts SettingsChangeSchema), for the patterns below. */
const SETTING_FIELDS_AR: Readonly<Record<string, string>> = {
  'Shop name': 'اسم المتجر',
  'Arabic shop name': 'اسم المتجر بالعربية',
  Tagline: 'الشعار النصي',
  'Arabic tagline': 'الشعار النصي بالعربية',
  'Contact email': 'بريد التواصل',
  Phone: 'الهاتف',
  'WhatsApp number': 'رقم واتساب',
  Address: 'العنوان',
  'Arabic address': 'العنوان بالعربية',
  'Instagram link': 'رابط إنستغرام',
  'Facebook link': 'رابط فيسبوك',
  'TikTok link': 'رابط تيك توك',
  Announcement: 'الإعلان',
  'Arabic announcement': 'الإعلان بالعربية',
  'About page': 'صفحة من نحن',
  'Arabic About page': 'صفحة من نحن بالعربية',
  'Delivery page': 'صفحة التوصيل',
  'Arabic Delivery page': 'صفحة التوصيل بالعربية',
  'Returns page': 'صفحة الاسترجاع',
  'Arabic Returns page': 'صفحة الاسترجاع بالعربية',
  'Privacy page': 'صفحة الخصوصية',
  'Arabic Privacy page': 'صفحة الخصوصية بالعربية',
  'Meta pixel ID': 'معرّف بكسل ميتا',
  'Feed token': 'رمز القائمة',
  // the home page (decision 054)
  'Hero title': 'عنوان الواجهة',
  'Arabic hero title': 'عنوان الواجهة بالعربية',
  'Hero text': 'سطر الواجهة',
  'Arabic hero text': 'سطر الواجهة بالعربية',
  'Hero button': 'زر الواجهة',
  'Arabic hero button': 'زر الواجهة بالعربية',
  'Hero link': 'رابط الواجهة',
  'Hero image': 'صورة الواجهة',
  'Tile title': 'عنوان البطاقة',
  'Arabic tile title': 'عنوان البطاقة بالعربية',
  'Tile text': 'سطر البطاقة',
  'Arabic tile text': 'سطر البطاقة بالعربية',
  'Tile link': 'رابط البطاقة',
  'Tile image': 'صورة البطاقة',
};
const SETTING_FIELD = `(${Object.keys(SETTING_FIELDS_AR).join('|')})`;
const settingFieldAr = (field = '') => SETTING_FIELDS_AR[field] ?? field;

/** The API's answer to an admin moving an order on (MOVE_LABELS' `done`), by the status it moved to. */
export const MOVE_DONE_AR: Record<keyof typeof MOVE_LABELS, string> = {
  shipped: 'تم تسجيل شحن الطلب',
  delivered: 'تم تسجيل توصيل الطلب',
  canceled: MESSAGES_AR.orderCanceled,
};

/** "Only N left in size S" (messages.ts onlyLeft), in each of Arabic's plural forms; the storefront says it too. */
export const ONLY_LEFT_AR: ArabicForms = {
  zero: 'نفدت الكمية من المقاس {size}',
  one: 'بقيت قطعة واحدة فقط من المقاس {size}',
  two: 'بقيت قطعتان فقط من المقاس {size}',
  few: 'بقيت {count} قطع فقط من المقاس {size}',
  many: 'بقيت {count} قطعة فقط من المقاس {size}',
  other: 'بقيت {count} قطعة فقط من المقاس {size}',
};

/** "This category is used by N products; move or delete them first" (messages.ts categoryInUse). */
export const CATEGORY_IN_USE_AR: ArabicForms = {
  zero: 'لا يستخدم أي منتج هذا القسم',
  one: 'هذا القسم مستخدَم في منتج واحد؛ انقله أو احذفه أولًا',
  two: 'هذا القسم مستخدَم في منتجين؛ انقلهما أو احذفهما أولًا',
  few: 'هذا القسم مستخدَم في {count} منتجات؛ انقلها أو احذفها أولًا',
  many: 'هذا القسم مستخدَم في {count} منتجًا؛ انقلها أو احذفها أولًا',
  other: 'هذا القسم مستخدَم في {count} منتج؛ انقلها أو احذفها أولًا',
};

/** "Password must be at least N characters" (the forms' length checks), in each of Arabic's plural forms. */
export const AT_LEAST_CHARACTERS_AR: ArabicForms = {
  zero: '{field} يجب ألا تقل عن {count} حرف',
  one: '{field} يجب ألا تقل عن حرف واحد',
  two: '{field} يجب ألا تقل عن حرفين',
  few: '{field} يجب ألا تقل عن {count} أحرف',
  many: '{field} يجب ألا تقل عن {count} حرفًا',
  other: '{field} يجب ألا تقل عن {count} حرف',
};

const FIELDS_AR: Readonly<Record<string, string>> = { Username: 'اسم المستخدم', Password: 'كلمة المرور', 'New password': 'كلمة المرور الجديدة' };

/** The product's fields as the schemas' sentences name them. */
const PRODUCT_FIELDS_AR: Readonly<Record<string, string>> = {
  Name: 'الاسم', Description: 'الوصف', 'Arabic name': 'الاسم بالعربية', 'Arabic description': 'الوصف بالعربية', Category: 'القسم',
  'Colour name': 'اسم اللون', 'Arabic colour name': 'اسم اللون بالعربية', Style: 'الطراز',
};

/** A size inside an Arabic sentence after «المقاس»: "One size" is «المقاس الواحد», the others as written (M, 42). */
function sizeAr(size: string): string {
  return size === ONE_SIZE ? 'الواحد' : size;
}

/** The labels of the delivery table's and the discount codes' fields, in the sentences their checks write. */
const CHECKOUT_FIELDS_AR: Readonly<Record<string, string>> = {
  'Delivery fee': 'رسوم التوصيل',
  'Cash fee': 'رسوم الدفع عند الاستلام',
  'Fastest delivery in days': 'أقل مدة للتوصيل بالأيام',
  'Slowest delivery in days': 'أطول مدة للتوصيل بالأيام',
  'Free delivery from': 'حد التوصيل المجاني',
  Enabled: 'التفعيل',
  Code: 'الكود',
  Value: 'القيمة',
  'Minimum subtotal': 'الحد الأدنى للمجموع',
  Start: 'البداية',
  End: 'النهاية',
  'Total uses': 'عدد مرات الاستخدام',
  'Uses per customer': 'مرات الاستخدام لكل عميل',
  Active: 'التفعيل',
};
const CHECKOUT_FIELD = `(${Object.keys(CHECKOUT_FIELDS_AR).join('|')})`;
const checkoutFieldAr = (field = '') => CHECKOUT_FIELDS_AR[field] ?? field;
/** A row of the delivery table as its refusals name it: a governorate, or "Row N" when it has none. */
const TABLE_ROW = `(${GOVERNORATE_NAMES.join('|')}|Row \\d+)`;
const tableRowAr = (row = '') => (GOVERNORATE_NAMES.includes(row) ? GOVERNORATES_AR[row as Governorate] : `الصف ${arabicDigits(row.replace('Row ', ''))}`);

/** The sentences made from numbers and names (messages.ts functions), matched on their English. */
export const PATTERNS_AR: ReadonlyArray<[RegExp, (...parts: string[]) => string]> = [
  [/^Only (\d+) left in size (.+)$/, (left, size) => countedArabic(ONLY_LEFT_AR, Number(left), { size })],
  [/^(Password|New password|Username) must be at least (\d+) characters$/, (field = '', count) => countedArabic(AT_LEAST_CHARACTERS_AR, Number(count), { field: FIELDS_AR[field] ?? field })],
  [/^Unknown size: (.+)$/, (size) => `مقاس غير معروف: ${size}`],
  [/^This product does not come in size (.+)$/, (size) => `هذا المنتج غير متوفر بالمقاس ${size}`],
  [/^Size (.+) is in stock now: you can add it to your cart$/, (size = '') => `المقاس ${sizeAr(size)} متوفر الآن: يمكنك إضافته إلى سلتك`],
  [/^This category is used by (\d+) products?; move or delete them first$/, (count) => countedArabic(CATEGORY_IN_USE_AR, Number(count))],
  [/^Stock must be at most (\d+)$/, (most) => `يجب ألا يزيد المخزون على ${most}`],
  [new RegExp(`^${SETTING_FIELD} must be at most (\\d+) characters$`), (field, most = '') => `يجب ألا يزيد ${settingFieldAr(field)} على ${arabicDigits(most)} حرف`],
  [new RegExp(`^${SETTING_FIELD} must be an http or https link$`), (field) => `يجب أن يكون ${settingFieldAr(field)} رابطًا يبدأ بـ http أو https`],
  [new RegExp(`^${SETTING_FIELD} must be text$`), (field) => `يجب أن يكون ${settingFieldAr(field)} نصًا`],
  [new RegExp(`^${SETTING_FIELD} is required$`), (field) => `${settingFieldAr(field)} مطلوب`],
  [new RegExp(`^${SETTING_FIELD} must be an http or https link, or an uploaded image$`), (field) => `يجب أن تكون ${settingFieldAr(field)} رابطًا يبدأ بـ http أو https، أو صورة يحتفظ بها المتجر`],
  [
    new RegExp(`^${SETTING_FIELD} must be a page of the shop, like /shop\\?gender=women, or an http or https link$`),
    (field) => `يجب أن يكون ${settingFieldAr(field)} صفحة من المتجر، مثل ‎/shop?gender=women، أو رابطًا يبدأ بـ http أو https`,
  ],
  [/^The home page shows at most (\d+) tiles$/, (most = '') => `تعرض الصفحة الرئيسية ${arabicDigits(most)} بطاقات على الأكثر`],
  [new RegExp(`^${SETTING_FIELD} contains a character that is not allowed$`), (field) => `يحتوي ${settingFieldAr(field)} على حرف غير مسموح به`],
  [
    /^Accent colour (#[0-9a-f]{6}) is too light: white text on it has a contrast of ([\d.]+):1, it needs ([\d.]+):1$/,
    (colour, ratio = '', needed = '') => `لون التمييز ${colour} فاتح جدًا: تباين النص الأبيض عليه ${arabicDigits(ratio)}:١ والمطلوب ${arabicDigits(needed)}:١`,
  ],
  [
    /^Accent colour (#[0-9a-f]{6}) is too light: as text on the page it has a contrast of ([\d.]+):1, it needs ([\d.]+):1$/,
    (colour, ratio = '', needed = '') => `لون التمييز ${colour} فاتح جدًا: تباينه كنص على الصفحة ${arabicDigits(ratio)}:١ والمطلوب ${arabicDigits(needed)}:١`,
  ],
  [/^We do not deliver to (.+) yet$/, (governorate = '') => `لا نوصّل إلى ${GOVERNORATES_AR[governorate as Governorate] ?? governorate} بعد`],
  [/^Spend EGP ([\d,.]+) to use this code$/, (amount = '') => `أنفق ${arabicDigits(amount.replace(/,/g, '٬').replace('.', '٫'))} ج.م. لاستخدام هذا الكود`],
  [/^Total uses cannot be fewer than the (\d+) uses so far$/, (uses = '') => `لا يمكن أن يقل عدد مرات الاستخدام عن ${arabicDigits(uses)} مرة استُخدم فيها الكود حتى الآن`],
  [new RegExp(`^${CHECKOUT_FIELD} is required$`), (field) => `${checkoutFieldAr(field)} مطلوب`],
  [new RegExp(`^${CHECKOUT_FIELD} must be a number$`), (field) => `يجب أن يكون ${checkoutFieldAr(field)} رقمًا`],
  [new RegExp(`^${CHECKOUT_FIELD} must be a whole number$`), (field) => `يجب أن يكون ${checkoutFieldAr(field)} عددًا صحيحًا`],
  [new RegExp(`^${CHECKOUT_FIELD} cannot be negative$`), (field) => `لا يمكن أن يكون ${checkoutFieldAr(field)} سالبًا`],
  [new RegExp(`^${CHECKOUT_FIELD} can have at most 2 decimals$`), (field) => `لا يمكن أن يزيد ${checkoutFieldAr(field)} على رقمين بعد العلامة العشرية`],
  [new RegExp(`^${CHECKOUT_FIELD} must be at most ([\\d,]+)$`), (field, most = '') => `يجب ألا يزيد ${checkoutFieldAr(field)} على ${arabicDigits(most.replace(/,/g, '٬'))}`],
  [new RegExp(`^${CHECKOUT_FIELD} must be at least (\\d+)$`), (field, least = '') => `يجب ألا يقل ${checkoutFieldAr(field)} عن ${arabicDigits(least)}`],
  [new RegExp(`^${CHECKOUT_FIELD} must be more than zero$`), (field) => `يجب أن يكون ${checkoutFieldAr(field)} أكبر من صفر`],
  [new RegExp(`^${CHECKOUT_FIELD} must be a date and time$`), (field) => `يجب أن تكون ${checkoutFieldAr(field)} تاريخًا ووقتًا`],
  [new RegExp(`^${CHECKOUT_FIELD} must be true or false$`), (field) => `يجب أن يكون ${checkoutFieldAr(field)} نعم أو لا`],
  [new RegExp(`^${TABLE_ROW} is listed twice$`), (row) => `${tableRowAr(row)} مذكورة مرتين`],
  [new RegExp(`^${TABLE_ROW}: (.+)$`), (row, rest = '') => `${tableRowAr(row)}: ${arabicOf(rest)}`],
  [/^(Name|Description|Arabic name|Arabic description|Category|Colour name|Arabic colour name|Style) must be at most (\d+) characters$/, (field = '', most = '') => `يجب ألا يزيد ${PRODUCT_FIELDS_AR[field] ?? field} على ${arabicDigits(most)} حرف`],
  [/^(Name|Description|Arabic name|Arabic description|Category|Colour name|Arabic colour name|Style) contains a character that is not allowed$/, (field = '') => `يحتوي ${PRODUCT_FIELDS_AR[field] ?? field} على حرف غير مسموح به`],
  [/^Column "(.+)" is missing$/, (column) => `العمود «${column}» غير موجود`],
  [/^Column "(.+)" is listed twice$/, (column) => `العمود «${column}» مذكور مرتين`],
  [/^This row has (\d+) cells; the header has (\d+)$/, (found = '', expected = '') => `في هذا الصف ${arabicDigits(found)} خلايا، وفي صف العناوين ${arabicDigits(expected)}`],
  [/^This name is also on row (\d+)$/, (row = '') => `هذا الاسم موجود أيضًا في الصف ${arabicDigits(row)}`],
  [/^There is no (men|women) category called "(.+)"$/, (gender = '', title) => `لا يوجد قسم باسم «${title}» في ${gender === 'men' ? 'الرجال' : 'النساء'}`],
  [/^Size (.+) is listed twice$/, (size) => `المقاس ${size} مذكور مرتين`],
  [/^Size (.+) needs (\d+) measurements, one for each column$/, (size = '', count = '') => `يحتاج المقاس ${sizeAr(size)} إلى ${arabicDigits(count)} قياسات، واحد لكل عمود`],
  [
    /^Stock of size (.+) changed to (\d+) since you opened this form; check it and save again$/,
    (size = '', stock = '') => `تغيّر مخزون المقاس ${sizeAr(size)} إلى ${arabicDigits(stock)} منذ أن فتحت هذا النموذج؛ راجعه ثم احفظ مرة أخرى`,
  ],
  [
    /^Stock of size (.+) stopped being tracked since you opened this form; check it and save again$/,
    (size = '') => `توقف تتبع مخزون المقاس ${sizeAr(size)} منذ أن فتحت هذا النموذج؛ راجعه ثم احفظ مرة أخرى`,
  ],
];

const BY_ENGLISH: ReadonlyMap<string, string> = new Map([
  ...(Object.keys(MESSAGES) as (keyof typeof MESSAGES)[]).map((key): [string, string] => [MESSAGES[key], MESSAGES_AR[key]]),
  ...Object.entries(FORM_MESSAGES_AR),
  ...(Object.keys(MOVE_LABELS) as (keyof typeof MOVE_LABELS)[]).map((to): [string, string] => [MOVE_LABELS[to].done, MOVE_DONE_AR[to]]),
]);

/** The Arabic of one of the shop's English sentences; a sentence it does not know stays as it is. */
export function arabicOf(message: string): string {
  const known = BY_ENGLISH.get(message);
  if (known !== undefined) return known;
  for (const [pattern, write] of PATTERNS_AR) {
    const match = pattern.exec(message);
    if (match) return write(...match.slice(1));
  }
  return message;
}

/** Each governorate's Arabic name, for showing; the wire keeps the English one (here, so English pages never load it). */
export const GOVERNORATES_AR: Record<Governorate, string> = {
  Cairo: 'القاهرة', Alexandria: 'الإسكندرية', Aswan: 'أسوان', Asyut: 'أسيوط', Beheira: 'البحيرة', 'Beni Suef': 'بني سويف',
  Dakahlia: 'الدقهلية', Damietta: 'دمياط', Faiyum: 'الفيوم', Gharbia: 'الغربية', Giza: 'الجيزة', Ismailia: 'الإسماعيلية',
  'Kafr El Sheikh': 'كفر الشيخ', Luxor: 'الأقصر', Matruh: 'مطروح', Minya: 'المنيا', Monufia: 'المنوفية',
  'New Valley': 'الوادي الجديد', 'North Sinai': 'شمال سيناء', 'Port Said': 'بورسعيد', Qalyubia: 'القليوبية', Qena: 'قنا',
  'Red Sea': 'البحر الأحمر', Sharqia: 'الشرقية', Sohag: 'سوهاج', 'South Sinai': 'جنوب سيناء', Suez: 'السويس',
};
