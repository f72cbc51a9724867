import { useId, useState } from 'react';
import { Button } from 'antd';
import { formatRub } from '@crm/shared';
import { categoryName, orderedClasses, priceRange, type ExtraRow } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';

/** The matrix service × category; it scrolls sideways on a phone (and by keyboard, being focusable). */
function ExtrasMatrix({ rows, id, tariffName }: { rows: ExtraRow[]; id: string; tariffName: string }) {
  return (
    <div
      id={id}
      className="tariff-extras__scroll"
      tabIndex={0}
      role="region"
      aria-label={`${t.extrasByClass}: ${tariffName}`}
    >
      <table className="tariff-table tariff-table--matrix">
        <thead>
          <tr>
            <th scope="col">{t.service}</th>
            {orderedClasses.map((carClass) => (
              <th key={carClass} scope="col" className="tariff-table__num" title={categoryName(carClass)}>
                {categoryName(carClass).replace(' категория', ' кат.')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.name}</th>
              {orderedClasses.map((carClass) => {
                const price = row.prices[carClass];
                return (
                  <td key={carClass} className="tariff-table__num">
                    {price === null ? t.notPriced : formatRub(price)}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Extras of a tariff: name and price range, or, on demand, the price of each category. */
export function ExtraServices({ rows, tariffName }: { rows: ExtraRow[]; tariffName: string }) {
  const [byClass, setByClass] = useState(false);
  const matrixId = useId();
  if (rows.length === 0) return <p className="tariff-card__muted">{t.noExtras}</p>;

  return (
    <div className="tariff-extras">
      {byClass ? (
        <ExtrasMatrix rows={rows} id={matrixId} tariffName={tariffName} />
      ) : (
        <ul className="tariff-extras__list">
          {rows.map((row) => {
            const range = priceRange(row.min, row.max);
            return (
              <li key={row.key} className="tariff-extras__item">
                <span>{row.name}</span>
                <span className={range ? 'tariff-extras__price' : 'tariff-card__muted'}>
                  {range ?? t.extraOff}
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        type="link"
        size="small"
        className="tariff-extras__toggle"
        aria-expanded={byClass}
        aria-controls={byClass ? matrixId : undefined}
        onClick={() => setByClass((v) => !v)}
      >
        {byClass ? t.extrasSummary : t.extrasByClass}
      </Button>
    </div>
  );
}
