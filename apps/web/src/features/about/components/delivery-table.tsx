import { formatEgp } from '@shop/core/money';
import { getLang, governorateName, plural, t } from '../../../lib/i18n.ts';
import { useDeliveryTable } from '../api/get-delivery-table.ts';
import { deliveryTerms } from '../delivery-terms.ts';

/**
 * What delivery costs, as the checkout charges it (PRODUCT section 8): the shop's own table, under the owner's text,
 * so the page never says one price while the cart charges another.
 */
export function DeliveryTable() {
  const shipping = useDeliveryTable();
  const table = shipping.data;
  if (!table) return shipping.isLoading ? <div className="skeleton delivery-table__skeleton" aria-busy="true" /> : null;
  const lang = getLang();
  const money = (amount: number) => formatEgp(amount, lang);
  const names = (governorates: readonly string[]) => governorates.map(governorateName).join(lang === 'ar' ? '، ' : ', ');
  const { rows, off } = deliveryTerms(table);
  return (
    // a plain block: the table's scrolling region below is the landmark its heading names
    <div className="about__section delivery-table">
      <h2 id="delivery-table-title">{t('Delivery by governorate')}</h2>
      <p>{t('What delivery costs and how long it takes, as the checkout charges it.')}</p>
      {rows.length > 0 ? (
        <div className="table-scroll table-scroll--cards" role="region" aria-labelledby="delivery-table-title" tabIndex={0}>
          <table className="table table--cards">
            <thead>
              <tr>
                <th scope="col">{t('GOVERNORATES')}</th>
                <th scope="col">{t('DELIVERY')}</th>
                <th scope="col">{t('CASH ON DELIVERY FEE')}</th>
                <th scope="col">{t('FREE DELIVERY FROM')}</th>
                <th scope="col">{t('DELIVERY TIME')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.governorates[0]}>
                  <td className="table__card-title delivery-table__names">{row.governorates.length === table.length ? t('All 27 governorates') : names(row.governorates)}</td>
                  <td data-label={t('DELIVERY')}>{row.fee === 0 ? t('Free') : money(row.fee)}</td>
                  <td data-label={t('CASH ON DELIVERY FEE')}>{row.codFee === 0 ? t('None') : money(row.codFee)}</td>
                  <td data-label={t('FREE DELIVERY FROM')}>{row.freeOver === null || row.fee === 0 ? '–' : money(row.freeOver)}</td>
                  <td data-label={t('DELIVERY TIME')}>
                    {row.minDays === row.maxDays ? plural('Delivery in {count} days', row.maxDays) : t('Delivery in {min}-{max} days', { min: row.minDays, max: row.maxDays })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {off.length > 0 ? <p>{t('We do not deliver to {governorates} yet.', { governorates: names(off) })}</p> : null}
    </div>
  );
}
