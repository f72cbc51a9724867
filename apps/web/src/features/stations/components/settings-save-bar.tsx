import type { Ref } from 'react';
import { Button, Flex, Grid, Typography, theme } from 'antd';
import { settingsTexts } from '../lib/settings-texts';

interface SettingsSaveBarProps {
  dirty: boolean;
  saving: boolean;
  onReset(): void;
  /** Saves on click; without it the button submits the surrounding form. */
  onSave?(): void;
  /** The save button, for a tour step that points at it. */
  saveRef?: Ref<HTMLButtonElement>;
}

/** The save row of a settings form; it floats over the page only while there is something to save. */
export function SettingsSaveBar({ dirty, saving, onReset, onSave, saveRef }: SettingsSaveBarProps) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  return (
    <Flex
      justify="end"
      align="center"
      gap={8}
      wrap
      style={{
        position: dirty ? 'sticky' : undefined,
        // Above the phone's bottom bar, and above the cookie banner while it is up (its room, issue 38).
        bottom: screens.md
          ? 'calc(12px + var(--crm-floating-inset, 0px))'
          : 'calc(var(--crm-bottom-bar, 64px) + env(safe-area-inset-bottom) + 8px + var(--crm-floating-inset, 0px))',
        zIndex: 5,
        marginTop: 16,
        padding: '12px 16px',
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        boxShadow: dirty ? token.boxShadowSecondary : undefined,
      }}
    >
      {screens.sm && (
        <Typography.Text type={dirty ? 'warning' : 'secondary'} style={{ marginInlineEnd: 'auto' }}>
          {dirty ? 'Есть несохранённые изменения' : 'Все изменения сохранены'}
        </Typography.Text>
      )}
      <Button size="large" disabled={!dirty || saving} onClick={onReset}>
        {screens.sm ? settingsTexts.reset : 'Отменить'}
      </Button>
      <Button
        ref={saveRef}
        type="primary"
        size="large"
        htmlType={onSave ? 'button' : 'submit'}
        onClick={onSave}
        loading={saving}
        disabled={!dirty}
      >
        {screens.sm ? settingsTexts.save : 'Сохранить'}
      </Button>
    </Flex>
  );
}
