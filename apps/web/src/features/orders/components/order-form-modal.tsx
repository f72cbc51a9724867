import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Button, Flex, Form, Modal } from 'antd';
import type { OrderCreate } from '@crm/shared';
import type { OrderFormValues } from '../lib/order-form-values';
import type { OrderFormState } from '../lib/use-order-form';
import { orderModalLayout, useOrderModalSize } from './modal-layout';

interface OrderFormModalProps {
  title: string;
  /** The modal's width on a wide screen (S1 §2: new 920, edit 800). */
  width: number;
  submitText: string;
  state: OrderFormState;
  initial: OrderFormValues;
  /** Sends the body; a rejection keeps the form open with the error on its fields. */
  send(body: OrderCreate): Promise<unknown>;
  savedMessage: string;
  failedMessage: string;
  /** What follows a save, after the success notice and before the modal closes (cache refreshes). */
  afterSave(): Promise<void> | void;
  onClose(): void;
  children: ReactNode;
}

/** The frame the new and edit order modals share: the modal, its footer, the form and the save flow. */
export function OrderFormModal({
  title,
  width,
  submitText,
  state,
  initial,
  send,
  savedMessage,
  failedMessage,
  afterSave,
  onClose,
  children,
}: OrderFormModalProps) {
  const size = useOrderModalSize();
  const { form } = state;
  // The submit button's spin (SubmitButton below): on while a save runs, whether pressed or sent by Enter;
  // off when the form answered with errors or the save ended.
  const spin = useRef<((on: boolean) => void) | null>(null);
  const released = () => spin.current?.(false);

  // `validated`: antd's submit has just checked every field (the button and Enter come through it).
  const submit = async (validated: boolean) => {
    const body = await state.buildBody(validated);
    if (!body) return;
    try {
      await send(body);
      state.notify.success(savedMessage);
      await afterSave();
      onClose();
    } catch (error) {
      // The form stays as it is: a taken time is shown on the time field, the rest on their fields.
      state.showSaveError(error, failedMessage);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      {...orderModalLayout(size, width)}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Отмена</Button>
          <SubmitButton text={submitText} spin={spin} onPress={() => form.submit()} />
        </Flex>
      }
    >
      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        requiredMark="optional"
        initialValues={initial}
        onValuesChange={state.onValuesChange}
        onFinish={() => {
          spin.current?.(true);
          void submit(true).finally(released);
        }}
        onFinishFailed={released}
        className="order-form"
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * The button spins at once, and the form is checked and sent after that frame is painted. Run inside the
 * click, the check re-rendered the fields once per step of antd's validation chain before anything was
 * painted: 0.5–1 s from the press to the next frame on the budgets' phone (issue 40). After the paint, the
 * steps' updates render together. The spin is this button's own state: held by the window, a press
 * re-rendered the window and its form before that frame (bench:interactions, «Сохранить» at 4× CPU: input
 * to paint p75 208 → 160 ms).
 */
function SubmitButton({
  text,
  spin,
  onPress,
}: {
  text: string;
  spin: RefObject<((on: boolean) => void) | null>;
  onPress(): void;
}) {
  const [spinning, setSpinning] = useState(false);
  useEffect(() => {
    spin.current = setSpinning;
    return () => {
      spin.current = null;
    };
  }, [spin]);
  const press = () => {
    setSpinning(true);
    requestAnimationFrame(() => setTimeout(onPress));
  };
  return (
    <Button type="primary" loading={spinning} onClick={press}>
      {text}
    </Button>
  );
}
