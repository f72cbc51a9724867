import { Button, Input, Segmented, Select } from 'antd';
import {
  CloseCircleFilled,
  DownloadOutlined,
  SearchOutlined,
  UploadOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { driverFilters, driverSearchMinLength, driverSorts, type DriverFilter } from '@crm/shared';
import { PageTitle } from '../../../components/page-title';
import { ViewSwitch } from '../../../components/view-switch';
import { useSearchDraft } from '../../../lib/use-search-draft';
import { filterLabels, sortLabels, type ClientsChange, type ClientsFilters } from '../lib/clients-filters';
import { clientsPageMessages as text } from '../lib/clients-messages';
import type { ClientsExportState } from '../lib/use-clients-export';

/** S2 §5: the search waits 300 ms after the last keystroke and starts at 3 characters. */
export const clientSearchDebounceMs = 300;

interface ClientsToolbarProps {
  networkName: string;
  filters: ClientsFilters;
  phone: boolean;
  canManage: boolean;
  exportState: ClientsExportState;
  onChange(change: ClientsChange): void;
  onCreate(): void;
  onImport(): void;
  onExport(): void;
}

/** The search box: typing is local; the settled text goes to the URL (and so to the server). */
function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const [typed, setTyped] = useSearchDraft(value, onSearch, clientSearchDebounceMs);
  const short = typed.trim().length > 0 && typed.trim().length < driverSearchMinLength;
  return (
    <div className="clients-toolbar__search">
      <Input
        type="search"
        // Its clear button is named in Russian (the icon's English name is not read out).
        allowClear={{ clearIcon: <CloseCircleFilled aria-label="Очистить поиск" /> }}
        prefix={<SearchOutlined aria-hidden="true" />}
        placeholder={text.searchPlaceholder}
        aria-label="Поиск клиентов"
        aria-describedby={short ? 'clients-search-hint' : undefined}
        value={typed}
        maxLength={100}
        onChange={(e) => setTyped(e.target.value)}
        onPressEnter={() => onSearch(typed)}
      />
      {short && (
        <span id="clients-search-hint" className="clients-toolbar__hint">
          {text.searchShort}
        </span>
      )}
    </div>
  );
}

export function ClientsToolbar(props: ClientsToolbarProps) {
  const { filters, onChange, phone, canManage } = props;
  const busy = props.exportState.phase !== 'idle';
  const percent = busy && 'share' in props.exportState ? Math.round(props.exportState.share * 100) : 0;
  return (
    <header className="clients-toolbar">
      <div className="clients-toolbar__head">
        <PageTitle title={text.title} station={props.networkName} stacked={phone} />
        <div className="clients-toolbar__actions">
          {canManage && (
            <>
              <Button type="primary" icon={<UserAddOutlined />} onClick={props.onCreate}>
                Новый клиент
              </Button>
              <Button icon={<UploadOutlined />} onClick={props.onImport} aria-label="Импорт">
                {!phone && 'Импорт'}
              </Button>
            </>
          )}
          <Button
            icon={<DownloadOutlined />}
            loading={busy}
            aria-busy={busy}
            aria-label="Экспорт"
            onClick={props.onExport}
          >
            {!phone && 'Экспорт'}
            {busy && <span className="clients-toolbar__progress">{` · ${percent}%`}</span>}
          </Button>
        </div>
      </div>
      <div className="clients-toolbar__row">
        <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
        <Segmented<DriverFilter>
          value={filters.filter}
          onChange={(filter) => onChange({ filter })}
          options={driverFilters.map((f) => ({ value: f, label: filterLabels[f] }))}
          aria-label="Фильтр клиентов"
        />
        <Select
          className="clients-toolbar__sort"
          value={filters.sort}
          options={driverSorts.map((s) => ({ value: s, label: sortLabels[s] }))}
          onChange={(sort) => onChange({ sort })}
          aria-label="Сортировка"
          popupMatchSelectWidth={false}
        />
        {!phone && <ViewSwitch value={filters.view} onChange={(view) => onChange({ view })} />}
      </div>
    </header>
  );
}
