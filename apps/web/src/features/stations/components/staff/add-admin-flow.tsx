import { useState } from 'react';
import { Button, Modal } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import type { Station } from '@crm/shared';
import { InviteLinkPanel } from '../invite-card';
import { AddAdminInstructionsModal } from './add-admin-instructions-modal';

type Step = 'closed' | 'instructions' | 'invite';

/** «Добавить администратора» (S2 §2, §4): the instructions with their countdown, then the invitation. */
export function AddAdminFlow({ station }: { station: Station }) {
  const [step, setStep] = useState<Step>('closed');
  const [openedAt, setOpenedAt] = useState<number | null>(null);

  return (
    <>
      <Button
        type="primary"
        icon={<UserAddOutlined />}
        onClick={() => {
          setOpenedAt(Date.now());
          setStep('instructions');
        }}
      >
        Добавить администратора
      </Button>
      <AddAdminInstructionsModal
        open={step === 'instructions'}
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
