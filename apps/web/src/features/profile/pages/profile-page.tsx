import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Card, Grid, Tabs, Typography } from 'antd';
import { isProfileComplete, messages } from '@crm/shared';
import { LoadingOverlay } from '../../../components/loading-overlay';
import { ErrorScreen } from '../../../components/error-screen';
import { useCurrentUser } from '../../users/api/current-user';
import { ProfileCard } from '../components/profile-card';
import { ProfileForm } from '../components/profile-form';
import { Page } from '../../../components/page';

type TabKey = 'profile' | 'settings';

/**
 * `/profile` (S1 §5, S2 §2): «Профиль» (read-only) and «Настройки» (edit form). With required fields
 * missing the edit tab opens first and the read-only one is disabled; a user sent here after sign-in
 * goes on to / once the profile is saved.
 */
export function ProfilePage() {
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const me = useCurrentUser();
  const user = me.data?.user;
  const complete = !!user && isProfileComplete(user);
  // Decided once, when the user first loads: the layout sends a user with an incomplete profile here
  // straight after sign-in, and that user goes on to / after saving.
  const [cameFromSignIn, setCameFromSignIn] = useState<boolean | null>(null);
  if (user && cameFromSignIn === null) setCameFromSignIn(!isProfileComplete(user));
  const [tab, setTab] = useState<TabKey>('profile');

  if (me.isError && !user) return <ErrorScreen inline error={me.error} onRetry={() => void me.refetch()} />;
  if (!user) return <LoadingOverlay />;

  const activeTab: TabKey = complete ? tab : 'settings';
  return (
    <Page maxWidth={944}>
      <Typography.Title level={screens.md ? 2 : 3} style={{ margin: 0 }}>
        Профиль
      </Typography.Title>
      {!complete && (
        <Alert
          type="warning"
          showIcon
          title={messages.profile.fillTitle}
          description={messages.profile.fillText}
        />
      )}
      <Card styles={{ body: { paddingTop: 8, paddingInline: screens.md ? 24 : 16 } }}>
        <Tabs
          activeKey={activeTab}
          onChange={(key) => setTab(key as TabKey)}
          items={[
            {
              key: 'profile',
              label: 'Профиль',
              disabled: !complete,
              children: <ProfileCard user={user} />,
            },
            {
              key: 'settings',
              label: 'Настройки',
              children: (
                <ProfileForm
                  key={user.id}
                  user={user}
                  onSaved={() => {
                    if (cameFromSignIn) navigate('/', { replace: true });
                    else setTab('profile');
                  }}
                />
              ),
            },
          ]}
        />
      </Card>
    </Page>
  );
}
