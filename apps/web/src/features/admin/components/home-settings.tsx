import type { ChangeEvent, ReactNode } from 'react';
import { HOME_TEXT_MAX, HOME_TILES_MAX, HOME_TITLE_MAX, LINK_MAX, type Home, type HomeTile, type Settings } from '@shop/core/contract/settings';
import { Button } from '../../../components/button.tsx';
import { FormField } from '../../../components/form-field.tsx';
import type { FieldErrors } from '../../../lib/use-field-errors.ts';
import { formatNumber, t } from '../i18n.ts';

/** What the home section needs of the settings form: the draft, its setter and its messages by path (`home.tiles.0.title`). */
export interface HomeForm {
  draft: Settings;
  setDraft: (change: (current: Settings) => Settings) => void;
  fieldErrors: FieldErrors<string>;
}

type CardField = 'imageUrl' | 'title' | 'titleAr' | 'text' | 'textAr' | 'link';
type HeroField = CardField | 'linkLabel' | 'linkLabelAr';

const NEW_TILE: HomeTile = { imageUrl: null, title: '', titleAr: '', text: '', textAr: '', link: '/shop' };

/**
 * The home page's hero and tiles (decision 054), edited with the rest of the settings and saved with them: the hero's
 * words in both languages, an optional picture and where its button leads; up to four tiles, each a picture, words and
 * a link, in the order they show.
 */
export function HomeSettings({ form }: { form: HomeForm }) {
  const { hero, tiles } = form.draft.home;
  const setHome = (change: (home: Home) => Home) => form.setDraft((current) => ({ ...current, home: change(current.home) }));
  const setHero = (field: HeroField, value: string) => {
    setHome((home) => ({ ...home, hero: { ...home.hero, [field]: field === 'imageUrl' && value.trim() === '' ? null : value } }));
    form.fieldErrors.clear(`home.hero.${field}`);
  };
  const setTile = (at: number, field: CardField, value: string) => {
    setHome((home) => ({
      ...home,
      tiles: home.tiles.map((tile, index) => (index === at ? { ...tile, [field]: field === 'imageUrl' && value.trim() === '' ? null : value } : tile)),
    }));
    form.fieldErrors.clear(`home.tiles.${at}.${field}`);
  };
  const input = (path: string, label: string, value: string | null, onValue: (value: string) => void, options: { max: number; lang?: 'ar'; hint?: ReactNode; rows?: number; ltr?: boolean }) => (
    <FormField label={label} hint={options.hint} field={form.fieldErrors.field(path)}>
      {(control) => {
        const common = {
          ...control,
          className: options.rows ? 'input admin-textarea' : 'input',
          value: value ?? '',
          maxLength: options.max,
          dir: options.lang === 'ar' ? 'rtl' : options.ltr ? 'ltr' : undefined,
          lang: options.lang,
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onValue(event.target.value),
        };
        return options.rows ? <textarea {...common} rows={options.rows} /> : <input {...common} autoComplete="off" />;
      }}
    </FormField>
  );
  // the examples are addresses, written left to right in either language
  const imageHint = (
    <>
      {t('A link to a picture, or the path of one the shop keeps, like')} <code lang="en" dir="ltr">/images/collection-women-800.webp</code>.{' '}
      {t('Blank: words alone.')}
    </>
  );
  const linkHint = (
    <>
      {t('A page of the shop, like')} <code lang="en" dir="ltr">/shop?gender=women</code> {t('or a full link.')}
    </>
  );

  return (
    <>
      <h3 className="settings__subtitle">{t('Hero')}</h3>
      <div className="admin-form__row">
        {input('home.hero.title', t('Headline'), hero.title, (value) => setHero('title', value), { max: HOME_TITLE_MAX })}
        {input('home.hero.titleAr', t('Headline in Arabic'), hero.titleAr, (value) => setHero('titleAr', value), { max: HOME_TITLE_MAX, lang: 'ar' })}
      </div>
      <div className="admin-form__row">
        {input('home.hero.text', t('Line under it'), hero.text, (value) => setHero('text', value), { max: HOME_TEXT_MAX, rows: 2 })}
        {input('home.hero.textAr', t('Line in Arabic'), hero.textAr, (value) => setHero('textAr', value), { max: HOME_TEXT_MAX, rows: 2, lang: 'ar' })}
      </div>
      {input('home.hero.imageUrl', t('Picture'), hero.imageUrl, (value) => setHero('imageUrl', value), { max: 2000, hint: imageHint, ltr: true })}
      <div className="admin-form__row">
        {input('home.hero.linkLabel', t('Button'), hero.linkLabel, (value) => setHero('linkLabel', value), { max: 40, hint: t('Shown on the picture') })}
        {input('home.hero.linkLabelAr', t('Button in Arabic'), hero.linkLabelAr, (value) => setHero('linkLabelAr', value), { max: 40, lang: 'ar' })}
      </div>
      {input('home.hero.link', t('Button leads to'), hero.link, (value) => setHero('link', value), { max: LINK_MAX, hint: linkHint, ltr: true })}

      <h3 className="settings__subtitle">{t('Tiles')}</h3>
      <p className="muted settings__text">{t('Up to {count} pictures under the hero, each with its words and a link, in this order.', { count: formatNumber(HOME_TILES_MAX) })}</p>
      <ol className="settings-tiles">
        {tiles.map((tile, at) => (
          <li key={at} className="settings-tiles__tile">
            <fieldset className="settings-tiles__fields">
              <legend>{t('Tile {number}', { number: formatNumber(at + 1) })}</legend>
              <div className="admin-form__row">
                {input(`home.tiles.${at}.title`, t('Title'), tile.title, (value) => setTile(at, 'title', value), { max: HOME_TITLE_MAX })}
                {input(`home.tiles.${at}.titleAr`, t('Title in Arabic'), tile.titleAr, (value) => setTile(at, 'titleAr', value), { max: HOME_TITLE_MAX, lang: 'ar' })}
              </div>
              <div className="admin-form__row">
                {input(`home.tiles.${at}.text`, t('Line'), tile.text, (value) => setTile(at, 'text', value), { max: HOME_TEXT_MAX })}
                {input(`home.tiles.${at}.textAr`, t('Line in Arabic'), tile.textAr, (value) => setTile(at, 'textAr', value), { max: HOME_TEXT_MAX, lang: 'ar' })}
              </div>
              {input(`home.tiles.${at}.imageUrl`, t('Picture'), tile.imageUrl, (value) => setTile(at, 'imageUrl', value), { max: 2000, hint: imageHint, ltr: true })}
              {input(`home.tiles.${at}.link`, t('Leads to'), tile.link, (value) => setTile(at, 'link', value), { max: LINK_MAX, hint: linkHint, ltr: true })}
              <Button
                type="button"
                variant="quiet"
                small
                aria-label={t('Remove tile {number}', { number: formatNumber(at + 1) })}
                onClick={() => setHome((home) => ({ ...home, tiles: home.tiles.filter((_, index) => index !== at) }))}
              >
                {t('Remove')}
              </Button>
            </fieldset>
          </li>
        ))}
      </ol>
      {tiles.length < HOME_TILES_MAX ? (
        <Button type="button" variant="secondary" small onClick={() => setHome((home) => ({ ...home, tiles: [...home.tiles, NEW_TILE] }))}>
          {t('Add a tile')}
        </Button>
      ) : null}
    </>
  );
}
