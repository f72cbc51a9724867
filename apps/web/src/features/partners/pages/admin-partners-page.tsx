import { useState, type ReactNode } from 'react';
import { Button, Flex, Skeleton, Typography } from 'antd';
import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { partnerMessages, type Partner } from '@crm/shared';
import { EmptyState } from '../../../components/empty-state';
import { Page } from '../../../components/page';
import { RetryAlert } from '../../../components/retry-alert';
import { useFeedback } from '../../../lib/feedback';
import { useNotify } from '../../../lib/notify';
import { useViewport } from '../../../lib/use-media-query';
import { useCreatePartner } from '../api/create-partner';
import { usePartners } from '../api/partners';
import { useRotatePartnerSecret, type PartnerSecret } from '../api/rotate-partner-secret';
import { useUpdatePartner } from '../api/update-partner';
import { PartnerFormModal, type PartnerFormValues } from '../components/partner-form-modal';
import { PartnersCards, PartnersTable } from '../components/partners-list';
import { SecretModal } from '../components/secret-modal';
import { partnerLabels } from '../labels';
import '../../../components/shared-ui.css';
import '../components/partners.css';

/** The form open: a new partner (null) or one to edit. */
type Editing = { partner: Partner | null } | null;
/** A secret on screen, once: whose, and what happened. */
type Shown = { name: string; secret: PartnerSecret; lead: string } | null;

/**
 * `/admin/partners` (issue 36), the system admin's own page: the partners that book through the partner
 * API, their delivery health, registration and secret rotation. The route's guard keeps everyone else out.
 */
export function AdminPartnersPage() {
  const phone = useViewport() === 'mobile';
  const list = usePartners();
  const create = useCreatePartner();
  const update = useUpdatePartner();
  const rotate = useRotatePartnerSecret();
  const notify = useNotify();
  const { modal } = useFeedback();
  const [editing, setEditing] = useState<Editing>(null);
  const [shown, setShown] = useState<Shown>(null);

  const save = async (values: PartnerFormValues) => {
    if (editing?.partner) {
      await update.mutateAsync({
        id: editing.partner.id,
        body: { name: values.name, callback_url: values.callback_url },
      });
      notify.success(partnerLabels.saved);
      setEditing(null);
      return;
    }
    const secret = await create.mutateAsync({
      name: values.name,
      callback_url: values.callback_url,
      ...(values.source ? { source: values.source } : {}),
    });
    // The secret goes to the window alone; the mutation forgets it (the query cache never had it).
    create.reset();
    setEditing(null);
    setShown({ name: values.name.trim(), secret, lead: partnerMessages.created });
  };

  const askRotate = (partner: Partner) =>
    modal.confirm({
      title: partnerLabels.rotateConfirmTitle,
      content: partnerLabels.rotateConfirmText,
      okText: partnerLabels.rotateOk,
      cancelText: partnerLabels.cancel,
      onOk: async () => {
        try {
          const secret = await rotate.mutateAsync(partner.id);
          rotate.reset();
          setShown({ name: partner.name, secret, lead: partnerMessages.rotated });
        } catch (error) {
          notify.error(error, partnerLabels.rotateFailed);
        }
      },
    });

  const add = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ partner: null })}>
      {partnerLabels.add}
    </Button>
  );

  let content: ReactNode;
  if (list.isPending) {
    content = (
      <div role="status" aria-label={partnerLabels.loading}>
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  } else if (list.isError && !list.data) {
    content = <RetryAlert title={partnerLabels.loadFailed} onRetry={() => void list.refetch()} />;
  } else if (list.data.length === 0) {
    content = <EmptyState title={partnerMessages.noPartners} icon={<ApiOutlined />} actions={add} />;
  } else {
    const actions = { onEdit: (p: Partner) => setEditing({ partner: p }), onRotate: askRotate };
    content = phone ? (
      <PartnersCards partners={list.data} {...actions} />
    ) : (
      <PartnersTable partners={list.data} {...actions} />
    );
  }

  return (
    <Page>
      <Flex justify="space-between" align={phone ? 'stretch' : 'end'} gap={12} vertical={phone}>
        <Flex vertical gap={2}>
          <Typography.Title level={1} style={{ margin: 0, fontSize: phone ? 24 : 30 }}>
            {partnerLabels.title}
          </Typography.Title>
          <Typography.Text type="secondary">{partnerLabels.subtitle}</Typography.Text>
        </Flex>
        {list.data && list.data.length > 0 && add}
      </Flex>
      {content}
      {editing && (
        <PartnerFormModal
          partner={editing.partner}
          saving={create.isPending || update.isPending}
          onSubmit={save}
          onClose={() => setEditing(null)}
        />
      )}
      {shown && (
        <SecretModal
          name={shown.name}
          secret={shown.secret}
          lead={shown.lead}
          onClose={() => setShown(null)}
        />
      )}
    </Page>
  );
}
