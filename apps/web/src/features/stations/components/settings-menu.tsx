import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Card } from 'antd';
import {
  ApiOutlined,
  AppstoreOutlined,
  BankOutlined,
  BellOutlined,
  CalendarOutlined,
  ClockCircleOutlined,
  InfoCircleOutlined,
  RightOutlined,
  TagOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { settingsPageLabels, type SettingsPage } from '@crm/shared';
import { settingsPath } from '../lib/settings-access';
import { settingsTexts } from '../lib/settings-texts';
import './settings-layout.css';

const pageIcons: Record<SettingsPage, ReactNode> = {
  info: <InfoCircleOutlined />,
  booking: <CalendarOutlined />,
  schedule: <ClockCircleOutlined />,
  boxes: <AppstoreOutlined />,
  pricing: <TagOutlined />,
  legalInfo: <BankOutlined />,
  admins: <TeamOutlined />,
  notifications: <BellOutlined />,
  integrations: <ApiOutlined />,
};

interface SettingsMenuProps {
  stationId: string;
  pages: readonly SettingsPage[];
  /** On a phone each entry leads to its own screen: a chevron says so. */
  chevrons?: boolean;
}

/** The «Станция» menu card of S2 §2: one link per sub-page the caller may open. */
export function SettingsMenu({ stationId, pages, chevrons = false }: SettingsMenuProps) {
  return (
    <Card title={settingsTexts.menuTitle} size="small" styles={{ body: { padding: 8 } }}>
      <nav aria-label={settingsTexts.title}>
        <ul className="settings-menu">
          {pages.map((page) => (
            <li key={page}>
              <NavLink to={settingsPath(stationId, page)} className="settings-menu__link">
                <span className="settings-menu__icon" aria-hidden="true">
                  {pageIcons[page]}
                </span>
                <span>{settingsPageLabels[page]}</span>
                {chevrons && <RightOutlined className="settings-menu__chevron" aria-hidden="true" />}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </Card>
  );
}
