import { Button, Skeleton, Tag } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import type { TariffConfig } from '@crm/shared';
import type { TariffListItem } from '../api/tariff-list';
import { classRows, extraRows, includedNames } from '../lib/tariff-view';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { ClassPriceTable } from './class-price-table';
import { ExtraServices } from './extra-services';

export function ActiveTag({ active }: { active: boolean }) {
  return (
    <Tag className={`tariff-tag tariff-tag--${active ? 'on' : 'off'}`}>{active ? t.active : t.inactive}</Tag>
  );
}

function CardBody({ config, name }: { config: TariffConfig; name: string }) {
  const included = includedNames(config);
  return (
    <>
      {config.price.description && <p className="tariff-card__description">{config.price.description}</p>}
      <section className="tariff-card__section" aria-label={t.included}>
        <h3 className="tariff-card__label">{t.included}</h3>
        {included.length ? (
          <ul className="tariff-chips">
            {included.map((service) => (
              <li key={service} className="tariff-chip">
                {service}
              </li>
            ))}
          </ul>
        ) : (
          <p className="tariff-card__muted">{t.noIncluded}</p>
        )}
      </section>
      <section className="tariff-card__section" aria-label={t.pricesCaption}>
        <h3 className="tariff-card__label">{t.pricesCaption}</h3>
        <ClassPriceTable rows={classRows(config)} tariffName={name} />
      </section>
      <section className="tariff-card__section" aria-label={t.extras}>
        <h3 className="tariff-card__label">{t.extras}</h3>
        <ExtraServices rows={extraRows(config)} tariffName={name} />
      </section>
    </>
  );
}

/**
 * One tariff (S2 §3 «Tariff card»): the list gives name and status at once, the config query the rest;
 * a card whose config fails says so on its own and can retry without the others.
 */
export function TariffCard({ item, config }: { item: TariffListItem; config: UseQueryResult<TariffConfig> }) {
  const headingId = `tariff-${item.id}`;
  return (
    <article className="tariff-card" aria-labelledby={headingId}>
      <header className="tariff-card__head">
        <h2 id={headingId} className="tariff-card__name">
          {item.name}
        </h2>
        <ActiveTag active={item.active} />
      </header>
      {config.data ? (
        <CardBody config={config.data} name={item.name} />
      ) : config.isError ? (
        <div className="tariff-card__error" role="alert">
          <WarningOutlined aria-hidden="true" />
          <span>{t.configFailed}</span>
          <Button size="small" onClick={() => void config.refetch()} loading={config.isFetching}>
            {t.retry}
          </Button>
        </div>
      ) : (
        <div role="status" aria-label="Загрузка тарифа">
          <Skeleton active title={false} paragraph={{ rows: 7 }} />
        </div>
      )}
    </article>
  );
}
