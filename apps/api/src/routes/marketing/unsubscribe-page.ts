// The one-click unsubscribe's own small page (PRODUCT section 9): reached from a mail without signing in, so it stands
// alone, in the mail's language: a button that posts the unsubscribe (a link opened by a mail scanner changes nothing),
// then the sentence that says it is done. RFC 8058's POST from a mail program gets the same page.
import { shopNameIn, type Settings } from '@shop/core/brand';
import type { Lang } from '@shop/core/locale';

const WORDS = {
  en: {
    title: 'Unsubscribe',
    ask: 'Stop offers and cart reminders by email? Mails about your orders still come.',
    button: 'Unsubscribe',
    back: 'Back to the shop',
  },
  ar: {
    title: 'إلغاء الاشتراك',
    ask: 'إيقاف العروض وتذكيرات السلة بالبريد الإلكتروني؟ ستظل رسائل طلباتك تصلك.',
    button: 'إلغاء الاشتراك',
    back: 'العودة إلى المتجر',
  },
} satisfies Record<Lang, unknown>;

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** The page: the question and its button (`action`: the link itself), or the sentence that answers it (`said`). */
export function unsubscribePage(settings: Settings, lang: Lang, publicUrl: string, content: { action: string } | { said: string }): string {
  const words = WORDS[lang];
  const shop = escape(shopNameIn(settings, lang));
  const accent = escape(settings.accentColor);
  const main =
    'action' in content
      ? `<p>${escape(words.ask)}</p>
<form method="post" action="${escape(content.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="min-height:44px;padding:10px 24px;border:0;border-radius:8px;background:${accent};color:#fff;font:inherit;font-weight:600;cursor:pointer">${escape(words.button)}</button></form>`
      : `<p role="status">${escape(content.said)}</p>`;
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escape(words.title)} · ${shop}</title></head>
<body style="margin:0;background:#fbfaf8;color:#1c1917;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<main style="max-width:480px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e4dfd8;border-radius:12px">
<p style="margin:0 0 8px;font-weight:800;letter-spacing:2px;text-transform:uppercase">${shop}</p>
<h1 style="font-size:22px;margin:0 0 16px">${escape(words.title)}</h1>
${main}
<p><a href="${escape(publicUrl)}/" style="color:#625c56">${escape(words.back)}</a></p>
</main>
</body>
</html>
`;
}
