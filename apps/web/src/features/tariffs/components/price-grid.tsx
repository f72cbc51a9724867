import { InputNumber, Switch, Tooltip } from 'antd';
import { QuestionCircleOutlined } from '@ant-design/icons';
import { categoryOf, type CarClass } from '@crm/shared';
import './price-grid.css';

export interface PriceGridService {
  key: string;
  name: string;
}

export interface PriceGridCategory {
  Name: CarClass;
  ru_name: string;
  ru_name_full: string;
}

export interface PriceGridRow {
  /** The service's station-wide flag. */
  active: boolean;
  /** Rubles per class; null while empty. */
  prices: Partial<Record<CarClass, number | null>>;
  /** Classes the service is not offered in (as loaded): empty there is no gap, only «не оказывается». */
  unoffered?: Partial<Record<CarClass, boolean>>;
}

/** Per service key: its flag and prices. */
export type PriceGridValue = Record<string, PriceGridRow>;

/** A cell's message, keyed by `cellKey(service, class)`. */
export type PriceGridErrors = Record<string, string>;

export const cellKey = (service: string, carClass: CarClass) => `${service}.${carClass}`;
/** The DOM id of a cell's input, so a blocked save can move the focus to the first offending one. */
export const cellId = (service: string, carClass: CarClass) => `price-grid-${service}-${carClass}`;

interface PriceGridProps {
  services: readonly PriceGridService[];
  /** In the order to show them (sortCategories). */
  categories: readonly PriceGridCategory[];
  value: PriceGridValue;
  errors?: PriceGridErrors;
  readOnly?: boolean;
  /** `cards` on a phone: a card per service with the categories stacked; `table` elsewhere. */
  layout: 'table' | 'cards';
  onToggle(service: string, active: boolean): void;
  onPrice(service: string, carClass: CarClass, price: number | null): void;
}

/** «1 категория — мини» → «мини»: the table's second header line. */
function shortName(category: PriceGridCategory) {
  const [, rest] = category.ru_name_full.split(' — ');
  return rest ?? '';
}

function CategoryHint({ category }: { category: PriceGridCategory }) {
  const examples = categoryOf(category.Name)?.examples;
  if (!examples) return null;
  return (
    <Tooltip title={`Например: ${examples}`}>
      <QuestionCircleOutlined className="price-grid__hint" aria-label={`Примеры: ${examples}`} tabIndex={0} />
    </Tooltip>
  );
}

interface CellProps {
  service: PriceGridService;
  category: PriceGridCategory;
  row: PriceGridRow;
  error?: string;
  readOnly?: boolean;
  onPrice: PriceGridProps['onPrice'];
}

function PriceCell({ service, category, row, error, readOnly, onPrice }: CellProps) {
  const id = cellId(service.key, category.Name);
  const value = row.prices[category.Name] ?? null;
  return (
    <div className="price-grid__cell">
      <InputNumber<number>
        id={id}
        className="price-grid__input"
        aria-label={`${service.name}, ${category.ru_name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        status={error ? 'error' : undefined}
        value={value}
        precision={0}
        inputMode="numeric"
        controls={false}
        placeholder={value === null && row.unoffered?.[category.Name] ? 'не оказывается' : '0'}
        suffix="₽"
        readOnly={readOnly}
        onChange={(next) => onPrice(service.key, category.Name, typeof next === 'number' ? next : null)}
      />
      {error && (
        <span id={`${id}-error`} className="price-grid__error">
          {error}
        </span>
      )}
    </div>
  );
}

function ActiveSwitch({
  service,
  row,
  readOnly,
  onToggle,
}: {
  service: PriceGridService;
  row: PriceGridRow;
  readOnly?: boolean;
  onToggle: PriceGridProps['onToggle'];
}) {
  return (
    <Switch
      size="small"
      checked={row.active}
      disabled={readOnly}
      aria-label={`«${service.name}» доступна на станции`}
      onChange={(checked) => onToggle(service.key, checked)}
    />
  );
}

/**
 * Prices of services per car class with a station-wide switch per service (S2 §2 «Additional services»):
 * rows of services and columns of categories on a wide screen, a card per service on a phone.
 */
export function PriceGrid(props: PriceGridProps) {
  const { services, categories, value, errors = {}, readOnly, layout, onToggle, onPrice } = props;
  const rowOf = (key: string): PriceGridRow => value[key] ?? { active: false, prices: {} };

  if (layout === 'cards') {
    return (
      <ul className="price-cards" aria-label="Цены дополнительных услуг">
        {services.map((service) => {
          const row = rowOf(service.key);
          return (
            <li key={service.key} className={`price-card${row.active ? '' : ' price-card--off'}`}>
              <div className="price-card__head">
                <h3 className="price-card__name">{service.name}</h3>
                <span className="price-card__state">{row.active ? 'Доступна' : 'Выключена'}</span>
                <ActiveSwitch service={service} row={row} readOnly={readOnly} onToggle={onToggle} />
              </div>
              <div className="price-card__rows">
                {categories.map((category) => (
                  <div key={category.Name} className="price-card__row">
                    <label className="price-card__label" htmlFor={cellId(service.key, category.Name)}>
                      {category.ru_name_full}
                    </label>
                    <PriceCell
                      service={service}
                      category={category}
                      row={row}
                      error={errors[cellKey(service.key, category.Name)]}
                      readOnly={readOnly}
                      onPrice={onPrice}
                    />
                  </div>
                ))}
              </div>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="price-grid__scroll">
      <table className="price-grid">
        <thead>
          <tr>
            <th scope="col" className="price-grid__corner">
              Услуга
            </th>
            {categories.map((category) => (
              <th key={category.Name} scope="col">
                <span className="price-grid__category">
                  {category.ru_name}
                  <CategoryHint category={category} />
                </span>
                <span className="price-grid__category-name">{shortName(category)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {services.map((service) => {
            const row = rowOf(service.key);
            return (
              <tr key={service.key} className={row.active ? undefined : 'price-grid__row--off'}>
                <th scope="row" className="price-grid__service">
                  <span className="price-grid__service-inner">
                    <ActiveSwitch service={service} row={row} readOnly={readOnly} onToggle={onToggle} />
                    <span>{service.name}</span>
                  </span>
                </th>
                {categories.map((category) => (
                  <td key={category.Name}>
                    <PriceCell
                      service={service}
                      category={category}
                      row={row}
                      error={errors[cellKey(service.key, category.Name)]}
                      readOnly={readOnly}
                      onPrice={onPrice}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
