import { Button, Card, Typography } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { useNotify } from '../../../lib/notify';
import { useSendTestPush } from '../api/test-push';
import { pushTexts } from '../lib/push-texts';

/** The system admin's push demo (S1 §6, DESIGN §11): a test push to the admin's own browsers. */
export function PushDemoPanel() {
  const send = useSendTestPush();
  const notify = useNotify();
  const onSend = () =>
    send.mutate(undefined, {
      onSuccess: (answer) =>
        answer?.sent === 0 ? notify.warning(pushTexts.demoNoBrowser) : notify.success(pushTexts.demoSent),
      onError: (error) => notify.error(error, pushTexts.demoFailed),
    });
  return (
    <Card title={pushTexts.demoTitle}>
      <Typography.Paragraph type="secondary">{pushTexts.demoText}</Typography.Paragraph>
      <Button icon={<SendOutlined />} loading={send.isPending} onClick={onSend}>
        {pushTexts.demoSend}
      </Button>
    </Card>
  );
}
