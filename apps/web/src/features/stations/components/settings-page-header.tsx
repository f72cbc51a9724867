import { Alert, Flex, Typography } from 'antd';
import { settingsPageLabels, type SettingsPage } from '@crm/shared';
import { settingsTexts } from '../lib/settings-texts';

interface SettingsPageHeaderProps {
  page: SettingsPage;
  hint: string;
  /** The caller cannot change the station: the page says so before its disabled form. */
  readOnly?: boolean;
}

/** A settings sub-page's heading: its menu label, what it is for, and the read-only note. */
export function SettingsPageHeader({ page, hint, readOnly = false }: SettingsPageHeaderProps) {
  return (
    <Flex vertical gap={12}>
      <Flex vertical gap={2}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          {settingsPageLabels[page]}
        </Typography.Title>
        <Typography.Text type="secondary">{hint}</Typography.Text>
      </Flex>
      {readOnly && (
        <Alert
          type="info"
          showIcon
          title={settingsTexts.readOnlyTitle}
          description={settingsTexts.readOnlyText}
        />
      )}
    </Flex>
  );
}
