import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import type { MarketingStatus } from '@shop/core/contract/marketing';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useDocumentTitle } from '../../../lib/document-title.ts';
import { errorMessage, notify } from '../../../lib/toasts.ts';
import { useAction } from '../../../lib/use-action.ts';
import { useFieldErrors } from '../../../lib/use-field-errors.ts';
import { newFeedToken, saveMarketing, useMarketing } from '../api/marketing.ts';
import { formatNumber, t, type AdminText } from '../i18n.ts';
import { AdminHeader } from './admin-header.tsx';

function Card({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-card admin-form" aria-labelledby={id}>
      <div>
        <h2 id={id} className="admin-card__title">{title}</h2>
        <p className="muted settings__text">{text}</p>
      </div>
      {children}
    </section>
  );
}

/** Configured or not, said in words (not by colour alone). */
function State({ on, yes, no }: { on: boolean; yes: AdminText; no: AdminText }) {
  return <p className={on ? 'admin-strong' : 'admin-note'}>{t(on ? yes : no)}</p>;
}

/** A feed's address, to copy into Meta's Commerce Manager or Google's Merchant Center. */
function FeedAddress({ label, url }: { label: string; url: string }) {
  const id = useId();
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-field__label">{label}</label>
      <input id={id} className="input" readOnly dir="ltr" value={url} onFocus={(event) => event.currentTarget.select()} />
    </div>
  );
}

function Feeds({ status }: { status: MarketingStatus['feeds'] }) {
  const [renew, renewing] = useAction(async () => {
    try {
      await saveMarketing({ feeds: { token: newFeedToken() } });
      notify.success(t('New feed addresses made: give them to Meta and Google again'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  return (
    <Card title={t('Product feeds')} text={t('Meta and Google read your catalog from these addresses: one row per size, with its price, sale price and stock.')}>
      <State on={status.configured} yes="Feeds are on" no="No feed yet: make its address to turn the feeds on" />
      {status.metaCsv ? <FeedAddress label={t('Meta catalog (CSV)')} url={status.metaCsv} /> : null}
      {status.metaCsvArabic ? <FeedAddress label={t('Meta catalog, Arabic texts')} url={status.metaCsvArabic} /> : null}
      {status.googleXml ? <FeedAddress label={t('Google Merchant Center (XML)')} url={status.googleXml} /> : null}
      {status.googleXmlArabic ? <FeedAddress label={t('Google Merchant Center, in Arabic')} url={status.googleXmlArabic} /> : null}
      <div className="admin-form__actions">
        <Button type="button" variant="secondary" busy={renewing} onClick={() => void renew()}>
          {t(status.configured ? 'Make new feed addresses' : 'Make the feed addresses')}
        </Button>
      </div>
    </Card>
  );
}

function Pixel({ status }: { status: MarketingStatus }) {
  const [pixelId, setPixelId] = useState(status.pixel.id);
  useEffect(() => setPixelId(status.pixel.id), [status.pixel.id]);
  const fields = useFieldErrors<'metaPixelId'>('marketing');
  const [save, saving] = useAction(async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await saveMarketing({ marketing: { metaPixelId: pixelId.trim() } });
      notify.success(t('Pixel ID saved'));
    } catch (error) {
      if (!fields.showServerMessage(errorMessage(error))) notify.error(errorMessage(error));
    }
  });
  return (
    <Card
      title={t('Meta pixel and Conversions API')}
      text={t('The pixel loads only for shoppers who allowed analytics. With the Conversions API the shop also tells Meta of each order, with the same event id.')}
    >
      <form className="admin-form" noValidate onSubmit={(event) => void save(event)}>
        <State on={status.pixel.configured} yes="The pixel is on" no="No pixel ID: the pixel is off" />
        <TextField label={t('Meta pixel ID')} field={fields.field('metaPixelId')} value={pixelId} onValue={setPixelId} inputMode="numeric" dir="ltr" autoComplete="off" />
        <State
          on={status.conversionsApi.configured}
          yes="Conversions API: its token is set on the server"
          no="Conversions API: off (the server's META_CAPI_TOKEN is not set)"
        />
        <div className="admin-form__actions">
          <Button type="submit" busy={saving}>{t('Save pixel ID')}</Button>
        </div>
      </form>
    </Card>
  );
}

function Reminders({ status }: { status: MarketingStatus['cartReminders'] }) {
  const [toggle, toggling] = useAction(async (on: boolean) => {
    try {
      await saveMarketing({ marketing: { cartReminders: on } });
      notify.success(t(on ? 'Cart reminders are on' : 'Cart reminders are off'));
    } catch (error) {
      notify.error(errorMessage(error));
    }
  });
  const figures: [AdminText, number][] = [
    ['Reminders sent after an hour', status.sentAfterHour],
    ['Reminders sent after a day', status.sentAfterDay],
    ['Carts reminded', status.cartsReminded],
    ['Carts that came back to an order', status.cameBack],
  ];
  return (
    <Card
      title={t('Carts left behind')}
      text={t('A signed-in shopper who agreed to offers by email and left her cart is mailed once after an hour and once after a day, with a link back to her cart.')}
    >
      <label className="settings__check">
        <input type="checkbox" checked={status.on} disabled={toggling} onChange={(event) => void toggle(event.target.checked)} />
        {t('Mail reminders of carts left behind')}
      </label>
      <dl className="marketing__figures">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="muted">{t(label)}</dt>
            <dd className="admin-strong tabular">{formatNumber(value)}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** Where shoppers are (PRODUCT section 9): the feeds, Meta's pixel and Conversions API, the reminders of carts. */
export function MarketingPage() {
  useDocumentTitle(t('Marketing'));
  const marketing = useMarketing();
  return (
    <>
      <AdminHeader title={t('Marketing')} text={t('What is configured and what is not, for reaching shoppers where they are.')} />
      {marketing.data ? (
        <div className="settings">
          <Feeds status={marketing.data.feeds} />
          <Pixel status={marketing.data} />
          <Reminders status={marketing.data.cartReminders} />
        </div>
      ) : marketing.status === 'error' ? (
        <p className="admin-note" role="alert">{t('Marketing could not be loaded')}</p>
      ) : (
        <p className="muted" role="status">{t('Loading…')}</p>
      )}
    </>
  );
}
