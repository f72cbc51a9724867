import { Avatar, Descriptions, Flex, Grid, Tag, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { messages, positionLabels, type User } from '@crm/shared';
import { useAppConfig } from '../../../lib/app-config';
import { TelegramConnect } from '../../notifications/components/telegram-connect';

/** '+79161234501' → '+7 (916) 123-45-01'; other numbers as stored. */
export function formatPhoneDisplay(phone: string | null): string {
  if (!phone) return messages.generic.notSpecified;
  const m = /^\+7(\d{3})(\d{3})(\d{2})(\d{2})$/.exec(phone);
  return m ? `+7 (${m[1]}) ${m[2]}-${m[3]}-${m[4]}` : phone;
}

function initials(user: User): string {
  return (
    `${user.name?.charAt(0) ?? ''}${user.surname?.charAt(0) ?? ''}`.toUpperCase() ||
    user.login.charAt(0).toUpperCase()
  );
}

/** The read-only «Профиль» tab: who the user is and where they work. */
export function ProfileCard({ user }: { user: User }) {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  const noBot = useAppConfig().data?.telegramBot === false;
  const fullName = [user.name, user.surname].filter(Boolean).join(' ') || messages.generic.nameNotSpecified;
  return (
    <Flex vertical gap={24} style={{ maxWidth: 640 }}>
      <Flex gap={16} align="center">
        <Avatar size={72} style={{ background: token.colorPrimary, fontSize: 28, flex: 'none' }}>
          {initials(user)}
        </Avatar>
        <Flex vertical gap={6} style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }} ellipsis>
            {fullName}
          </Typography.Title>
          <Flex wrap gap={6}>
            {user.role === 'admin' && <Tag color="gold">Администратор системы</Tag>}
            {user.networks.map((n) => (
              <Tag key={n.id} color="purple">
                {positionLabels[n.position]} · {n.name}
              </Tag>
            ))}
          </Flex>
        </Flex>
      </Flex>
      <Descriptions
        column={1}
        bordered={!!screens.sm}
        layout={screens.sm ? 'horizontal' : 'vertical'}
        size="middle"
        items={[
          { key: 'email', label: 'Email', children: user.email ?? messages.generic.notSpecified },
          { key: 'phone', label: 'Телефон', children: formatPhoneDisplay(user.number) },
          { key: 'login', label: 'Логин', children: user.login },
          // Without a bot on the server there is nothing to connect: no row (the owner learns it in settings).
          ...(noBot
            ? []
            : [
                {
                  key: 'telegram',
                  label: 'Telegram',
                  // The card shows the signed-in user, whose record the control reads and polls itself.
                  children: <TelegramConnect variant="inline" />,
                },
              ]),
          {
            key: 'last',
            label: 'Последний вход',
            children: user.last_login
              ? dayjs(user.last_login).format('DD.MM.YYYY HH:mm')
              : messages.generic.notSpecified,
          },
        ]}
      />
    </Flex>
  );
}
