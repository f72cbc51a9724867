import { formatDuration, formatRub } from '@crm/shared';
import type { ClassRow } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';

/** Duration and price of the tariff per car class, one row a class; «—» where the tariff has no price. */
export function ClassPriceTable({ rows, tariffName }: { rows: ClassRow[]; tariffName: string }) {
  return (
    <table className="tariff-table">
      <caption className="visually-hidden">
        {t.pricesCaption}: {tariffName}
      </caption>
      <thead>
        <tr>
          <th scope="col">{t.category}</th>
          <th scope="col" className="tariff-table__num">
            {t.duration}
          </th>
          <th scope="col" className="tariff-table__num">
            {t.price}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.carClass} className={row.price === null ? 'tariff-table__row--none' : undefined}>
            <th scope="row">
              <span className="tariff-table__category">{row.category}</span>
              <span className="tariff-table__class">{row.label}</span>
            </th>
            <td className="tariff-table__num">
              {row.minutes === null ? t.notPriced : formatDuration(row.minutes)}
            </td>
            <td className="tariff-table__num tariff-table__price">
              {row.price === null ? t.notPriced : formatRub(row.price)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
