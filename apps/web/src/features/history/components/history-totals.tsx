import { formatRub, type OrderListTotals } from '@crm/shared';

/** Totals of every order matching the filters (not only the page shown): count, sum, completed. */
export function HistoryTotals({ totals }: { totals: OrderListTotals }) {
  return (
    <dl className="history-totals" aria-label="Итоги по найденным заказам">
      <div className="history-totals__item">
        <dt>Заказов</dt>
        <dd>{totals.count.toLocaleString('ru-RU')}</dd>
      </div>
      <div className="history-totals__item">
        <dt>На сумму</dt>
        <dd>{formatRub(totals.sum)}</dd>
      </div>
      <div className="history-totals__item">
        <dt>Завершено</dt>
        <dd>
          {totals.completed_count.toLocaleString('ru-RU')}
          <span className="history-totals__sub"> · {formatRub(totals.completed_sum)}</span>
        </dd>
      </div>
    </dl>
  );
}
