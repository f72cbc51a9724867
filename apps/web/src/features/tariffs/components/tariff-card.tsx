import { Link } from 'react-router';
import { Button, Skeleton, Tag } from 'antd';
import { PlusOutlined, RightOutlined, WarningOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { tariffMessages, type TariffConfig, type TariffKind } from '@crm/shared';
import type { TariffListItem } from '../api/tariff-list';
import { tariffsMessages as t } from '../lib/tariffs-messages';
import { TariffContents } from './tariff-contents';
import { TariffStatusSwitch } from './tariff-status-switch';

export function ActiveTag({ active }: { active: boolean }) {
  return (
    <Tag className={`tariff-tag tariff-tag--${active ? 'on' : 'off'}`}>{active ? t.active : t.inactive}</Tag>
  );
}

/** Navigation state of a tariff's page: the spec's `isOwnTariff`, and `edit` to open its edit form at once. */
export interface TariffPageState {
  isOwnTariff: boolean;
  edit?: boolean;
}

/**
 * Where a tariff's page is: `?kind=` keeps own and Yandex apart over a reload, the state as the spec sends
 * it; `edit` opens the page with its edit form (the card's «Редактировать»), not the read-only view.
 */
export function tariffDetailLink(stationId: string, kind: TariffKind, tariffId: string, edit = false) {
  const state: TariffPageState = { isOwnTariff: kind === 'own', ...(edit ? { edit: true } : {}) };
  return {
    to: `/station/${encodeURIComponent(stationId)}/tariffs/${encodeURIComponent(tariffId)}?kind=${kind}`,
    state,
  };
}

interface TariffCardProps {
  stationId: string;
  kind: TariffKind;
  item: TariffListItem;
  items: readonly TariffListItem[];
  config: UseQueryResult<TariffConfig>;
  canEdit: boolean;
}

/**
 * One tariff (S2 §3 «Tariff card»): the list gives name and status at once, the config query the rest;
 * a card whose config fails says so on its own and can retry without the others. The name opens the
 * tariff's page; owners and principals switch the status here.
 */
export function TariffCard({ stationId, kind, item, items, config, canEdit }: TariffCardProps) {
  const headingId = `tariff-${kind}-${item.id}`;
  const link = tariffDetailLink(stationId, kind, item.id);
  return (
    <article className="tariff-card" aria-labelledby={headingId}>
      <header className="tariff-card__head">
        <h2 id={headingId} className="tariff-card__name">
          <Link to={link.to} state={link.state} className="tariff-card__link">
            {item.name}
          </Link>
        </h2>
        <div className="tariff-card__status">
          {canEdit && (
            <TariffStatusSwitch
              stationId={stationId}
              kind={kind}
              item={item}
              items={items}
              config={config.data?.price ? config.data : undefined}
            />
          )}
          <ActiveTag active={item.active} />
        </div>
      </header>
      {config.data?.price ? (
        <TariffContents config={config.data} name={item.name} layout="card" />
      ) : config.data ? (
        // A tariff whose main data is missing (S2 §8): said on its card, not a crashed list.
        <div className="tariff-card__error" role="alert">
          <WarningOutlined aria-hidden="true" />
          <span>{tariffMessages.mainDataMissing}</span>
        </div>
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
      <footer className="tariff-card__foot">
        <Link
          to={link.to}
          state={canEdit ? tariffDetailLink(stationId, kind, item.id, true).state : link.state}
          className="tariff-card__more"
          aria-label={`${canEdit ? t.edit : t.details}: ${item.name}`}
        >
          {canEdit ? t.edit : t.details}
          <RightOutlined aria-hidden="true" />
        </Link>
      </footer>
    </article>
  );
}

/** S2 §2: the add-card, while the station has two own tariffs or fewer. */
export function AddTariffCard({ stationId }: { stationId: string }) {
  return (
    <Link
      to={`/station/${encodeURIComponent(stationId)}/tariffs/new`}
      className="tariff-card tariff-card--add"
    >
      <PlusOutlined className="tariff-card--add__icon" aria-hidden="true" />
      <span className="tariff-card--add__title">{t.addTariff}</span>
      <span className="tariff-card--add__text">{t.addTariffText}</span>
    </Link>
  );
}
