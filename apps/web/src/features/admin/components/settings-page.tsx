import { useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { AA_CONTRAST, PAGE_BACKGROUND, accentProblem, contrast, isHexColour, nearestAccent, normalizeHex } from '@shop/core/colour';
import { IMAGE_MAX_BYTES } from '@shop/core/constants';
import { DEFAULT_ORDER_SETTINGS, DEFAULT_RETURN_SETTINGS } from '@shop/core/brand';
import { checkSettingsForm } from '@shop/core/forms';
import { MESSAGES } from '@shop/core/messages';
import { ANNOUNCEMENT_MAX, ADDRESS_MAX, CONFIRM_WITHIN_HOURS_MAX, DEFECTIVE_RETURN_DAYS, HOLD_MINUTES, KIOSK_HOLD_HOURS, LINK_MAX, PAGE_TEXT_MAX, RETURN_DAYS, SHOP_NAME_MAX, TAGLINE_MAX, type Settings } from '@shop/core/contract/settings';
import { Button } from '../../../components/button.tsx';
import { FieldMessage, FormField } from '../../../components/form-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { sentence } from '../../../lib/i18n.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { useSettings } from '../api/get-settings.ts';
import { useMarketing } from '../api/marketing.ts';
import { updateSettings } from '../api/update-settings.ts';
import { uploadLogo } from '../api/upload-logo.ts';
import { formatNumber, t } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';
import { FileButton } from './file-button.tsx';
import { HomeSettings, type HomeForm } from './home-settings.tsx';

type Group = 'contact' | 'social' | 'announcement' | 'pages' | 'security' | 'holds';
/** A field of the form by its path in the settings (`contact.email`), as the shared check names it. */
type Path = Exclude<keyof Settings, Group | 'logoUrl' | 'home'> | 'logo' | { [G in Group]: `${G}.${Extract<keyof Settings[G], string>}` }[Group];

function valueAt(settings: Settings, path: Path): unknown {
  const [first, second] = path.split('.') as [keyof Settings, string | undefined];
  const value = settings[first];
  return second === undefined ? value : (value as unknown as Record<string, unknown>)[second];
}

function withValue(settings: Settings, path: Path, value: string | boolean): Settings {
  const [first, second] = path.split('.') as [keyof Settings, string | undefined];
  if (second === undefined) return { ...settings, [first]: value };
  return { ...settings, [first]: { ...(settings[first] as object), [second]: value } };
}

/** The white and page-background contrasts of a colour, as the accent rule measures them. */
function ratios(colour: string) {
  return { onAccent: contrast('#ffffff', colour), asText: contrast(colour, PAGE_BACKGROUND) };
}
const ratio = (value: number) => `${formatNumber(Math.floor(value * 10) / 10, { maximumFractionDigits: 1 })}:${formatNumber(1)}`;

interface TextProps {
  path: Path;
  label: string;
  hint?: string;
  max: number;
  lang?: 'en' | 'ar';
  rows?: number;
  type?: 'text' | 'email' | 'tel' | 'url';
  required?: boolean;
}

/** The settings form and its state, shared by its sections. */
function useSettingsForm(initial: Settings) {
  const [draft, setDraft] = useState(initial);
  const fieldErrors = useFieldErrors<Path>('settings');
  const set = (path: Path, value: string | boolean) => {
    setDraft((current) => withValue(current, path, value));
    fieldErrors.clear(path);
  };
  return { draft, setDraft, fieldErrors, set };
}
type Form = ReturnType<typeof useSettingsForm>;

function Text({ form, path, label, hint, max, lang, rows, type = 'text', required }: TextProps & { form: Form }) {
  const value = String(valueAt(form.draft, path) ?? '');
  const common = {
    value,
    maxLength: max,
    required,
    // a text in one language is written in its direction; links, emails and numbers left to right
    dir: lang === 'ar' ? 'rtl' : 'ltr',
    ...(lang ? { lang } : {}),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => form.set(path, event.target.value),
  } as const;
  return (
    <FormField label={label} hint={hint} field={form.fieldErrors.field(path)}>
      {(control) =>
        rows ? (
          <textarea {...control} {...common} className="input admin-textarea" rows={rows} />
        ) : (
          <input {...control} {...common} className="input" type={type} autoComplete="off" />
        )
      }
    </FormField>
  );
}

function Section({ title, text, children }: { title: string; text?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card admin-form" aria-labelledby={id}>
      <div>
        <h2 id={id} className="admin-card__title">{title}</h2>
        {text ? <p className="muted settings__text">{text}</p> : null}
      </div>
      {children}
    </section>
  );
}

function LogoSection({ form, busy }: { form: Form; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const field = form.fieldErrors.field('logo');
  const { logoUrl } = form.draft;
  const [upload, uploading] = useAction(async (file: File) => {
    if (file.size > IMAGE_MAX_BYTES) {
      form.fieldErrors.show({ logo: MESSAGES.logoTooLarge }, 'logo');
      notify.error(MESSAGES.logoTooLarge);
      return;
    }
    try {
      const saved = await uploadLogo(file);
      form.setDraft((current) => ({ ...current, logoUrl: saved.logoUrl }));
      form.fieldErrors.clear('logo');
      notify.success(MESSAGES.logoUploaded);
    } catch (error) {
      // 415 is the server refusing the file by its bytes; anything else in the server's words
      const message = error instanceof ApiError && error.status === 415 ? MESSAGES.fileTypeNotSupported : errorMessage(error);
      form.fieldErrors.show({ logo: message }, 'logo');
      notify.error(message);
    } finally {
      if (input.current) input.current.value = '';
    }
  });
  return (
    <Section title={t('Logo')} text={t('Shown in the header, the footer and the mail, and where a page is shared without a picture of its own.')}>
      <div className="settings-logo">
        <div className="settings-logo__preview">
          {logoUrl ? <img src={logoUrl} alt={t('The logo now')} height={48} /> : <span className="muted">{t('No logo: the shop’s name is written in its place.')}</span>}
        </div>
        <div className="field">
          <label htmlFor={field.id}>{t('Upload a logo')}</label>
          <FileButton
            inputRef={(element) => {
              input.current = element;
              field.controlRef(element);
            }}
            id={field.id}
            accept="image/png,image/jpeg,image/webp,image/gif,image/svg+xml"
            aria-describedby={[`${field.id}-hint`, field.error ? `${field.id}-error` : ''].filter(Boolean).join(' ')}
            aria-invalid={field.error ? true : undefined}
            disabled={busy || uploading}
            onFile={(file) => void upload(file)}
          />
          <span id={`${field.id}-hint`} className="field__hint">
            {t('PNG, JPEG, WebP, GIF or SVG, up to {size}. It is saved as a picture at once.', { size: t('{size} MB', { size: formatNumber(5) }) })}
          </span>
          <FieldMessage id={`${field.id}-error`} message={field.error} />
        </div>
        {logoUrl ? (
          <Button
            type="button"
            variant="quiet"
            busy={uploading}
            onClick={() => {
              form.setDraft((current) => ({ ...current, logoUrl: null }));
              notify.info(t('The logo goes when you save the settings.'));
            }}
          >
            {t('Remove the logo')}
          </Button>
        ) : null}
        {uploading ? <p role="status" className="muted">{t('Uploading the logo…')}</p> : null}
      </div>
    </Section>
  );
}

function ColourSection({ form }: { form: Form }) {
  const field = form.fieldErrors.field('accentColor');
  const colour = form.draft.accentColor;
  const valid = isHexColour(colour);
  const normalized = valid ? normalizeHex(colour) : null;
  const problem = normalized ? accentProblem(normalized) : null;
  const measured = normalized ? ratios(normalized) : null;
  return (
    <Section title={t('Accent colour')} text={t('Buttons, prices on sale and links take this colour. It must stay readable: white text on it and the colour as text both need a contrast of {ratio}.', { ratio: ratio(AA_CONTRAST) })}>
      <FormField label={t('Colour (hex)')} hint={t('Like #a4461f')} field={field}>
        {(control) => (
          <div className="settings-colour">
            <input
              type="color"
              className="settings-colour__picker"
              aria-label={t('Pick the colour')}
              value={normalized ?? '#000000'}
              onChange={(event) => form.set('accentColor', event.target.value)}
            />
            <input {...control} className="input" dir="ltr" autoComplete="off" maxLength={7} value={colour} onChange={(event) => form.set('accentColor', event.target.value)} />
          </div>
        )}
      </FormField>
      {normalized && measured ? (
        <div className="settings-colour__preview">
          <span className="settings-colour__button" style={{ background: normalized }}>{t('Add to cart')}</span>
          <span className="settings-colour__text" style={{ color: normalized }}>{t('Sale price')}</span>
          <span className="muted">
            {t('White text on it: {onAccent} · as text: {asText}', { onAccent: ratio(measured.onAccent), asText: ratio(measured.asText) })}
          </span>
        </div>
      ) : null}
      {problem && normalized ? (
        <div className="admin-note settings-colour__problem">
          <p>{sentence(problem)}</p>
          <Button type="button" variant="secondary" small onClick={() => form.set('accentColor', nearestAccent(normalized))}>
            {t('Use {colour}, the nearest darker one', { colour: nearestAccent(normalized) })}
          </Button>
        </div>
      ) : null}
    </Section>
  );
}

/**
 * Returns and exchanges (PRODUCT section 9, Egypt's law 181/2018): the days from delivery a piece may be given back,
 * the days for a defective or wrong one (never below the law's 14 and 30), and whether a size may be exchanged.
 */
function ReturnsSection({ form }: { form: Form }) {
  const returns = { ...DEFAULT_RETURN_SETTINGS, ...form.draft.returns };
  const daysId = useId();
  const defectiveId = useId();
  const setReturns = (change: Partial<typeof returns>) => form.setDraft((current) => ({ ...current, returns: { ...returns, ...current.returns, ...change } }));
  const days = (id: string, label: string, value: number, bounds: { min: number; max: number }, onValue: (value: number) => void) => (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        dir="ltr"
        value={Number.isFinite(value) ? value : ''}
        onChange={(event) => onValue(event.target.valueAsNumber)}
      />
    </div>
  );
  return (
    <Section title={t('Returns and exchanges')} text={t('How long after delivery a shopper may give a piece back, by law at least 14 days (30 for a defective or wrong one).')}>
      <div className="admin-form__row">
        {days(daysId, t('Days to return'), returns.days, RETURN_DAYS, (value) => setReturns({ days: value }))}
        {days(defectiveId, t('Days to return a defective or wrong piece'), returns.defectiveDays, DEFECTIVE_RETURN_DAYS, (value) => setReturns({ defectiveDays: value }))}
      </div>
      <label className="settings__check">
        <input type="checkbox" checked={returns.exchanges} onChange={(event) => setReturns({ exchanges: event.target.checked })} />
        {t('Shoppers may exchange a piece for another size')}
      </label>
    </Section>
  );
}

/**
 * Confirming cash orders (PRODUCT section 9): whether a cash order waits for its shopper's yes before it ships, and
 * after how many hours one left unanswered is canceled (its stock back, the shopper mailed); whether the server has
 * WhatsApp's settings (the server says yes or no, never the settings: they are its secrets).
 */
function ConfirmingSection({ form }: { form: Form }) {
  const orders = { ...DEFAULT_ORDER_SETTINGS, ...form.draft.orders };
  const whatsapp = useMarketing().data?.whatsapp;
  const hoursId = useId();
  const setOrders = (change: Partial<typeof orders>) => form.setDraft((current) => ({ ...current, orders: { ...orders, ...current.orders, ...change } }));
  return (
    <Section title={t('Confirming cash orders')} text={t('A cash order waits for the shopper’s yes (a call, her email’s link) before it ships; one left unanswered is canceled, its stock put back.')}>
      <label className="settings__check">
        <input type="checkbox" checked={orders.confirmCash} onChange={(event) => setOrders({ confirmCash: event.target.checked })} />
        {t('Ask shoppers to confirm cash orders before they ship')}
      </label>
      <div className="form-field">
        <label htmlFor={hoursId}>{t('Cancel unconfirmed orders after (hours)')}</label>
        <input
          id={hoursId}
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          max={CONFIRM_WITHIN_HOURS_MAX}
          dir="ltr"
          value={Number.isFinite(orders.confirmWithinHours) ? orders.confirmWithinHours : ''}
          onChange={(event) => setOrders({ confirmWithinHours: event.target.valueAsNumber })}
        />
      </div>
      {whatsapp ? (
        // said in words, not by colour alone
        <p className={whatsapp.configured ? 'admin-strong' : 'admin-note'}>
          {t(
            whatsapp.configured
              ? 'WhatsApp: configured on the server. Each cash order waiting for its yes is sent your approved template, with Confirm and Cancel buttons.'
              : "WhatsApp: off (not set up on the server). Shoppers are asked by the email's link and your calls.",
          )}
        </p>
      ) : null}
    </Section>
  );
}

const PAGE_FIELDS = [
  ['about', 'About us'],
  ['delivery', 'Delivery & payment'],
  ['returns', 'Returns'],
  ['privacy', 'Privacy'],
] as const;

function SettingsForm({ initial }: { initial: Settings }) {
  const form = useSettingsForm(initial);
  const { draft, fieldErrors } = form;
  const [submit, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = fieldErrors.accept(checkSettingsForm(draft as unknown as Record<string, unknown>));
    if (!checked) return;
    try {
      form.setDraft(await updateSettings(checked));
      notify.success(MESSAGES.settingsSaved);
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const text = (props: TextProps) => <Text form={form} {...props} />;

  return (
    <form className="settings" noValidate onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <Section title={t('Name')}>
        <div className="admin-form__row">
          {text({ path: 'name', label: t('Shop name'), max: SHOP_NAME_MAX, required: true })}
          {text({ path: 'nameAr', label: t('Shop name in Arabic'), hint: t('Optional: the Arabic pages show the name otherwise'), max: SHOP_NAME_MAX, lang: 'ar' })}
        </div>
        <div className="admin-form__row">
          {text({ path: 'tagline', label: t('Tagline'), hint: t('A sentence under the logo in the footer and on the About page'), max: TAGLINE_MAX, rows: 3 })}
          {text({ path: 'taglineAr', label: t('Tagline in Arabic'), max: TAGLINE_MAX, rows: 3, lang: 'ar' })}
        </div>
      </Section>

      <LogoSection form={form} busy={saving} />
      <ColourSection form={form} />

      <Section title={t('Contact')} text={t('Shown in the footer and on the About page; leave blank what the shop does not use.')}>
        <div className="admin-form__row">
          {text({ path: 'contact.email', label: t('Email'), max: 254, type: 'email' })}
          {text({ path: 'contact.phone', label: t('Phone'), max: 30, type: 'tel' })}
        </div>
        {text({ path: 'contact.whatsapp', label: t('WhatsApp number'), hint: t('With the country code, like +20 100 123 4567: a WhatsApp button opens a chat with it'), max: 30, type: 'tel' })}
        <div className="admin-form__row">
          {text({ path: 'contact.address', label: t('Address'), max: ADDRESS_MAX, rows: 3 })}
          {text({ path: 'contact.addressAr', label: t('Address in Arabic'), max: ADDRESS_MAX, rows: 3, lang: 'ar' })}
        </div>
      </Section>

      <Section title={t('Social links')}>
        {text({ path: 'social.instagram', label: t('Instagram'), hint: t('A link starting with https://'), max: LINK_MAX, type: 'url' })}
        {text({ path: 'social.facebook', label: t('Facebook'), max: LINK_MAX, type: 'url' })}
        {text({ path: 'social.tiktok', label: t('TikTok'), max: LINK_MAX, type: 'url' })}
      </Section>

      <Section title={t('Announcement bar')} text={t('A line above the header of every page, in the accent colour.')}>
        <label className="settings__check">
          <input type="checkbox" checked={draft.announcement.enabled} onChange={(event) => form.set('announcement.enabled', event.target.checked)} />
          {t('Show the announcement bar')}
        </label>
        <div className="admin-form__row">
          {text({ path: 'announcement.text', label: t('Announcement'), max: ANNOUNCEMENT_MAX })}
          {text({ path: 'announcement.textAr', label: t('Announcement in Arabic'), max: ANNOUNCEMENT_MAX, lang: 'ar' })}
        </div>
      </Section>

      <Section
        title={t('Pages')}
        text={t('Paragraphs are separated by an empty line. You may also write ## for a heading, - for a list, **bold**, *italic* and [a link](https://…).')}
      >
        {PAGE_FIELDS.map(([page, title]) => (
          <div key={page} className="admin-form__row">
            {text({ path: `pages.${page}`, label: t(title), max: PAGE_TEXT_MAX, rows: 8 })}
            {text({ path: `pages.${page}Ar`, label: t('{page} in Arabic', { page: t(title) }), max: PAGE_TEXT_MAX, rows: 8, lang: 'ar' })}
          </div>
        ))}
      </Section>

      <Section title={t('Home page')} text={t('The first thing a visitor sees: the hero, then the tiles, then the bestsellers and the new products.')}>
        <HomeSettings form={form as unknown as HomeForm} />
      </Section>

      <Section title={t('Security')} text={t('Staff and admins turn on two-step sign-in in Privacy & data, in their account.')}>
        <label className="settings__check">
          <input type="checkbox" checked={draft.security.staffTwoFactor} onChange={(event) => form.set('security.staffTwoFactor', event.target.checked)} />
          {t('Staff and admins must sign in in two steps to use the dashboard')}
        </label>
      </Section>

      <Section title={t('Unpaid orders')} text={t('An order waiting for its online payment holds its pieces this long; then they go back on sale.')}>
        <div className="admin-form__row">
          {text({ path: 'holds.paymentMinutes', label: t('Card and wallet payments, in minutes'), hint: t('{min} to {max}', { min: formatNumber(HOLD_MINUTES.min), max: formatNumber(HOLD_MINUTES.max) }), max: 3 })}
          {text({ path: 'holds.kioskHours', label: t('Kiosk payments, in hours'), hint: t('{min} to {max}', { min: formatNumber(KIOSK_HOLD_HOURS.min), max: formatNumber(KIOSK_HOLD_HOURS.max) }), max: 2 })}
        </div>
      </Section>
      <ConfirmingSection form={form} />
      <ReturnsSection form={form} />

      <div className="admin-form__actions settings__actions">
        <Button type="submit" busy={saving}>{t('Save settings')}</Button>
      </div>
    </form>
  );
}

/** The brand's own shop (PRODUCT section 8): its name, logo, colour, contact, announcement and pages. */
export function SettingsPage() {
  useDocumentTitle(t('Settings'));
  const settings = useSettings();
  return (
    <>
      <AdminHeader title={t('Settings')} text={t('Changes show in the shop as soon as they are saved.')} />
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : settings.status === 'error' ? (
        <p className="admin-note" role="alert">{t('The settings could not be loaded')}</p>
      ) : (
        <p className="muted" role="status">{t('Loading…')}</p>
      )}
    </>
  );
}
