import { useState } from 'react';
import { Button, Modal } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { Station } from '@crm/shared';
import { InviteLinkPanel, useInvitationAccessText } from '../invite-card';
import { AddAdminInstructionsModal, instructionsAlreadyRead } from './add-admin-instructions-modal';

type Step = 'closed' | 'instructions' | 'invite';

/** «Добавить администратора» (S2 §2, §4): the instructions (a countdown the first time), then the invitation. */
export function AddAdminFlow({ station }: { station: Station }) {
  const [step, setStep] = useState<Step>('closed');
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  const accessText = useInvitationAccessText(station);

  return (
    <>
      <Button
        type="primary"
        icon={<UserAddOutlined />}
        onClick={() => {
          // Read once on this device: no countdown again (null runs none).
          setOpenedAt(instructionsAlreadyRead() ? null : Date.now());
          setStep('instructions');
        }}
      >
        Добавить администратора
      </Button>
      <AddAdminInstructionsModal
        open={step === 'instructions'}
        accessText={accessText}
        openedAt={step === 'instructions' ? openedAt : null}
        onCancel={() => setStep('closed')}
        onConfirm={() => setStep('invite')}
      />
      <Modal
        open={step === 'invite'}
        title="Ссылка-приглашение"
        onCancel={() => setStep('closed')}
        footer={null}
        destroyOnHidden
      >
        <InviteLinkPanel station={station} />
      </Modal>
    </>
  );
}
