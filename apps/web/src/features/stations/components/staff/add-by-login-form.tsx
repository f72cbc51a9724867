import { Button, Card, Form, Input, Select } from 'antd';
import { assignablePositions, positionLabels, staffMessages, type AddUserAdminBody } from '@crm/shared';
import { ApiError } from '../../../../lib/api-client';
import { useNotify } from '../../../../lib/notify';
import { useAddUserAdmin } from '../../api/add-user-admin';

const positionOptions = assignablePositions.map((value) => ({ value, label: positionLabels[value] }));

/** DESIGN §11: support (role admin) adds an existing user to the station's network by login. */
export function AddByLoginForm({ stationId }: { stationId: string }) {
  const [form] = Form.useForm<AddUserAdminBody>();
  const notify = useNotify();
  const add = useAddUserAdmin(stationId);

  const submit = async (body: AddUserAdminBody) => {
    try {
      await add.mutateAsync({ ...body, login: body.login.trim() });
      notify.success(staffMessages.added);
      form.resetFields();
    } catch (error) {
      const message = error instanceof ApiError ? (error.fields.login ?? error.message) : null;
      if (message) form.setFields([{ name: 'login', errors: [message] }]);
      else notify.error(error, 'Не удалось добавить администратора');
    }
  };

  return (
    <Card size="small" title="Добавить по логину">
      <Form<AddUserAdminBody>
        form={form}
        layout="inline"
        requiredMark={false}
        initialValues={{ position: 'administrator' }}
        onFinish={(v) => void submit(v)}
        style={{ rowGap: 8 }}
      >
        <Form.Item
          name="login"
          label="Логин"
          rules={[{ required: true, whitespace: true, message: 'Укажите логин пользователя' }]}
        >
          <Input autoComplete="off" maxLength={200} />
        </Form.Item>
        <Form.Item name="position" label="Должность">
          <Select options={positionOptions} style={{ minWidth: 160 }} />
        </Form.Item>
        <Button htmlType="submit" loading={add.isPending}>
          Добавить
        </Button>
      </Form>
    </Card>
  );
}
