import { Button, Skeleton } from 'antd';
import { EnvironmentOutlined, RightOutlined } from '@ant-design/icons';
import type { Station } from '@crm/shared';
import { rememberStation } from '../../../lib/selected-station';
import { useStationList } from '../api/station-list';
import './station-pick-list.css';

interface StationPickListProps {
  /** Where a chosen station leads; it is remembered as the selected station first (S1 §2). */
  pathFor(station: Station): string;
  onPick(path: string): void;
  /** A station left out (the one the address names, when it is not the user's). */
  exclude?: string;
  label?: string;
}

/**
 * The compact station picker of the «Станция не выбрана» and not-found screens: the user's stations, one
 * button each (name and address); choosing one selects it and opens `pathFor(station)`.
 */
export function StationPickList({ pathFor, onPick, exclude, label = 'Ваши станции' }: StationPickListProps) {
  const list = useStationList();
  if (list.isPending) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
  const stations = (list.data ?? []).filter((s) => s.id !== exclude);
  if (stations.length === 0) return null;
  return (
    <ul className="station-pick-list" aria-label={label}>
      {stations.map((station) => (
        <li key={station.id}>
          <Button
            block
            className="station-pick-list__item"
            onClick={() => {
              rememberStation(station.id);
              onPick(pathFor(station));
            }}
          >
            <EnvironmentOutlined aria-hidden="true" className="station-pick-list__icon" />
            <span className="station-pick-list__text">
              <span className="station-pick-list__name">{station.name}</span>
              {station.address && <span className="station-pick-list__address">{station.address}</span>}
            </span>
            <RightOutlined aria-hidden="true" className="station-pick-list__arrow" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
