import { useNavigate } from 'react-router';
import { Select } from 'antd';
import type { Station } from '@crm/shared';
import { rememberStation } from '../../../lib/selected-station';
// The list hook directly: the stations index would also pull the settings form and its map in.
import { useStationList } from '../../stations/api/station-list';

/**
 * The desktop header's station selector (S1 §2): the dashboard of another station. Its own module, loaded
 * only where it is shown: antd's Select is ≈ 20 KB gzip that a phone, whose shell header holds the station
 * switcher, never draws (issue 15).
 */
export default function StationSelect({ station }: { station: Station }) {
  const navigate = useNavigate();
  const list = useStationList();
  const stations = list.data ?? [];
  const options = [
    ...stations.map((s) => ({ value: s.id, label: s.name })),
    ...(stations.some((s) => s.id === station.id) ? [] : [{ value: station.id, label: station.name }]),
  ];
  return (
    <Select
      className="dash-head__select"
      value={station.id}
      options={options}
      aria-label="Станция"
      loading={list.isPending}
      popupMatchSelectWidth={false}
      onChange={(id: string) => {
        rememberStation(id);
        void navigate(`/station/${encodeURIComponent(id)}/dashboard`);
      }}
    />
  );
}
