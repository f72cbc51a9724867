import { Segmented } from 'antd';
import { AppstoreOutlined, TableOutlined } from '@ant-design/icons';

export type ListView = 'cards' | 'table';

/** «Карточки» / «Таблица»: how a list shows (phones have cards only, so pages leave it out there). */
export function ViewSwitch({ value, onChange }: { value: ListView; onChange(view: ListView): void }) {
  return (
    <Segmented<ListView>
      value={value}
      onChange={onChange}
      options={[
        { value: 'cards', icon: <AppstoreOutlined />, label: 'Карточки' },
        { value: 'table', icon: <TableOutlined />, label: 'Таблица' },
      ]}
      aria-label="Вид списка"
    />
  );
}
