import { Button, Input, Select } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { historyStatusOptions } from '@crm/shared';
import { PageTitle } from '../../../components/page-title';
import { PeriodSelector, type PeriodValue } from '../../../components/period-selector';
import { ViewSwitch } from '../../../components/view-switch';
import { useSearchDraft } from '../../../lib/use-search-draft';
import { historyKinds, type FilterChange, type HistoryFilters } from '../lib/history-filters';
import { historyMessages } from '../lib/history-messages';
import type { ExportState } from '../lib/use-history-export';

/** S1 §9: the search waits 300 ms after the last keystroke. */
export const searchDebounceMs = 300;

interface HistoryToolbarProps {
  stationName: string;
  filters: HistoryFilters;
  today: string;
  /** Phones: cards only, no view switch (S1 §2). */
  phone: boolean;
  exportState: ExportState;
  onChange(change: FilterChange): void;
  onExport(): void;
}

const statusOptions = historyStatusOptions.map((o) => ({ value: o.value, label: o.label }));

/** The search box: typing is local, the settled text goes to the URL (and so to the server). */
function SearchBox({ value, onSearch }: { value: string; onSearch(text: string): void }) {
  const [text, setText] = useSearchDraft(value, onSearch, searchDebounceMs);

  return (
    <Input
      className="history-toolbar__search"
      type="search"
      allowClear
      prefix={<SearchOutlined aria-hidden="true" />}
      placeholder={historyMessages.searchPlaceholder}
      aria-label="Поиск по истории заказов"
      value={text}
      maxLength={100}
      onChange={(e) => setText(e.target.value)}
      onPressEnter={() => onSearch(text)}
    />
  );
}

/** The export button: its name stays «Экспорт» (the benchmark finds it so); progress shows beside it. */
function ExportButton({ state, onExport }: { state: ExportState; onExport(): void }) {
  const busy = state.phase !== 'idle';
  const percent = state.phase === 'building' ? Math.round(state.share * 100) : null;
  return (
    <Button
      className="history-toolbar__export"
      icon={<DownloadOutlined />}
      loading={busy}
      aria-busy={busy}
      aria-label="Экспорт"
      onClick={onExport}
    >
      Экспорт
      {busy && (
        <span className="history-toolbar__progress">
          {percent === null ? ' · загрузка…' : ` · ${percent}%`}
        </span>
      )}
    </Button>
  );
}

/** Title, search, range, statuses, view and export of the history page (S1 §2 «Order history»). */
export function HistoryToolbar(props: HistoryToolbarProps) {
  const { filters, onChange } = props;
  const period: PeriodValue = { kind: filters.kind, range: filters.range };

  return (
    <header className="history-toolbar">
      <div className="history-toolbar__head">
        <PageTitle title={historyMessages.title} station={props.stationName} stacked={props.phone} />
        <ExportButton state={props.exportState} onExport={props.onExport} />
      </div>
      <div className="history-toolbar__row">
        <SearchBox value={filters.search} onSearch={(search) => onChange({ search })} />
        <Select
          className="history-toolbar__statuses"
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          options={statusOptions}
          value={filters.statusOptions}
          placeholder={historyMessages.statusPlaceholder}
          aria-label="Статусы"
          onChange={(statusOptions: string[]) => onChange({ statusOptions })}
        />
        {!props.phone && <ViewSwitch value={filters.view} onChange={(view) => onChange({ view })} />}
      </div>
      <PeriodSelector
        kinds={historyKinds}
        value={period}
        today={props.today}
        label="Период истории"
        onChange={(next) => {
          // The selector offers only the history kinds, so the kind is always one of them.
          const kind = historyKinds.find((k) => k === next.kind) ?? 'month';
          onChange({ kind, range: next.range });
        }}
      />
    </header>
  );
}
