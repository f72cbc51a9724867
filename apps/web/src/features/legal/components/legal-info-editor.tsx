import { useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Grid, Input, Typography } from 'antd';
import {
  emptyLegalInfo,
  isValidBik,
  legalFieldLabels,
  legalMessages,
  legalTypeOfInn,
  type LegalInfo,
} from '@crm/shared';
import { ApiError } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { useLeaveGuard } from '../../../lib/use-leave-guard';
import type { LegalInfoAnswer } from '../api/legal-info';
import { useBankLookup, useLegalLookup } from '../api/legal-lookup';
import { useSaveLegalInfo } from '../api/save-legal-info';
import {
  allFieldPaths,
  changedPaths,
  completeInfo,
  formNameOf,
  innError,
  formErrors,
  sameInfo,
  serverFieldErrors,
  toSavedInfo,
  updatedLabel,
  visibleErrors,
} from '../lib/legal-form';
import { onlyDigits } from './legal-field-item';
import { LegalSections, type BikNote } from './legal-sections';

interface LegalInfoEditorProps {
  stationId: string;
  carwashId: string;
  timeZone: string;
  saved: LegalInfoAnswer;
}

type Notice = { type: 'info' | 'warning'; text: string } | null;

/**
 * S2 §2 «Legal info»: the INN with «Заполнить по инн», then the form — shown at once when details are
 * saved, otherwise revealed by the lookup (filled, or empty of the type the INN's length implies, S2 §4).
 */
export function LegalInfoEditor({ stationId, carwashId, timeZone, saved }: LegalInfoEditorProps) {
  const [form] = Form.useForm<LegalInfo>();
  const screens = Grid.useBreakpoint();
  const notify = useNotify();
  const lookup = useLegalLookup();
  const bankLookup = useBankLookup();
  const [bikNote, setBikNote] = useState<BikNote>(null);
  // The БИК whose answer is awaited: a later edit makes an earlier answer stale.
  const askedBik = useRef('');
  const save = useSaveLegalInfo(stationId, carwashId);
  const [baseline, setBaseline] = useState(() => (saved.legal_info ? completeInfo(saved.legal_info) : null));
  const [updatedAt, setUpdatedAt] = useState(saved.updated_at);
  const [revealed, setRevealed] = useState(baseline !== null);
  const [notice, setNotice] = useState<Notice>(null);
  const [dirty, setDirty] = useState(false);
  const type = Form.useWatch('type', { form, preserve: true }) ?? baseline?.type ?? 'LEGAL';
  const inn = String(Form.useWatch('inn', { form, preserve: true }) ?? '');
  // Errors live in the form's store; these say which of them to show (S2 §5: after the first try).
  const checkInn = useRef(false);
  const checkAll = useRef(false);
  const serverErrors = useRef<Record<string, string>>({});

  useLeaveGuard(dirty, { saving: save.isPending });

  const values = () => form.getFieldsValue(true) as LegalInfo;
  const showErrors = () => {
    const errors = visibleErrors(values(), {
      checkInn: checkInn.current,
      checkAll: checkAll.current,
      server: serverErrors.current,
    });
    form.setFields(
      allFieldPaths.map((path) => ({
        name: formNameOf(path) as never,
        errors: errors[path] ? [errors[path]] : [],
      })),
    );
  };
  /** Shows the form with `info` in it, no messages, changed when it differs from what is saved. */
  const startOver = (info: LegalInfo, base = baseline) => {
    form.setFieldsValue(info);
    checkAll.current = false;
    serverErrors.current = {};
    showErrors();
    setRevealed(true);
    setDirty(!sameInfo(base, info));
  };

  const runLookup = async () => {
    const typed = String(form.getFieldValue('inn') ?? '').trim();
    checkInn.current = true;
    if (innError(typed)) return showErrors();
    setNotice(null);
    try {
      const answer = await lookup.mutateAsync(typed);
      if (answer.found) {
        const filled = completeInfo({ ...answer.legal_info, inn: typed });
        // The registry knows no bank: refreshing the saved company must not wipe its account.
        if (revealed && baseline?.inn === typed && !Object.values(filled.bankAccount).some(Boolean))
          filled.bankAccount = values().bankAccount;
        return startOver(filled);
      }
      setNotice({ type: 'info', text: legalMessages.notFound });
    } catch (error) {
      // A refused request (a bad INN, no right, too many lookups) is not the registry being down.
      if (error instanceof ApiError && error.status > 0 && error.status < 500) {
        serverErrors.current = serverFieldErrors(error.fields);
        showErrors();
        if (!serverErrors.current.inn) notify.error(error);
        return;
      }
      setNotice({ type: 'warning', text: legalMessages.lookupFailed });
      // Filling in by hand is the way on: a form already open keeps what was typed in it.
      if (revealed) return;
    }
    startOver(emptyLegalInfo(legalTypeOfInn(typed) ?? 'LEGAL', typed));
  };

  const submit = async () => {
    checkAll.current = true;
    checkInn.current = true;
    const current = values();
    showErrors();
    const ownErrors = formErrors(current);
    const first = allFieldPaths.find((path) => ownErrors[path]);
    if (first) return form.scrollToField(formNameOf(first), { block: 'center', focus: true });
    try {
      const answer = await save.mutateAsync(toSavedInfo(current));
      const next = completeInfo(answer.legal_info ?? toSavedInfo(current));
      setBaseline(next);
      setUpdatedAt(answer.updated_at);
      setNotice(null);
      checkInn.current = false;
      startOver(next, next);
      notify.success(legalMessages.saved);
    } catch (error) {
      if (error instanceof ApiError) {
        serverErrors.current = serverFieldErrors(error.fields);
        showErrors();
      }
      notify.error(error, legalMessages.saveFailed);
    }
  };

  /**
   * A complete БИК fills the bank's name, correspondent account and address from the directory (they are
   * the bank's, not the owner's to type); the account stays the owner's.
   */
  const fillBankByBik = async (bik: string) => {
    askedBik.current = bik;
    setBikNote(null);
    try {
      const answer = await bankLookup.mutateAsync(bik);
      if (askedBik.current !== bik) return;
      if (!answer.found || !answer.bank)
        return setBikNote({ type: 'warning', text: legalMessages.bankNotFound });
      const { bank, corrAccount, addressBank } = answer.bank;
      form.setFieldsValue({ bankAccount: { ...values().bankAccount, bank, corrAccount, addressBank } });
      for (const key of ['bank', 'corrAccount', 'addressBank'])
        delete serverErrors.current[`bankAccount.${key}`];
      showErrors();
      setDirty(revealed && !sameInfo(baseline, values()));
      setBikNote({ type: 'success', text: legalMessages.bankFilled });
    } catch {
      if (askedBik.current === bik) setBikNote({ type: 'warning', text: legalMessages.bankLookupFailed });
    }
  };

  const onValuesChange = (changed: Partial<LegalInfo>) => {
    const paths = changedPaths(changed);
    for (const path of paths) delete serverErrors.current[path];
    showErrors();
    setDirty(revealed && !sameInfo(baseline, values()));
    if (paths.includes('bankAccount.bik')) {
      const bik = String(values().bankAccount?.bik ?? '');
      if (isValidBik(bik)) void fillBankByBik(bik);
      else {
        askedBik.current = '';
        setBikNote(null);
      }
    }
  };

  return (
    <Form<LegalInfo>
      form={form}
      name="legal"
      className="legal-form"
      layout="vertical"
      size={screens.md ? 'middle' : 'large'}
      initialValues={baseline ?? emptyLegalInfo('LEGAL')}
      // Messages are set by hand (showErrors): antd's own per-field validation would clear them.
      validateTrigger={[]}
      onValuesChange={onValuesChange}
      onFinish={() => void submit()}
    >
      <Flex vertical gap={16}>
        {updatedAt && <Typography.Text type="secondary">{updatedLabel(updatedAt, timeZone)}</Typography.Text>}
        <Card>
          <Form.Item
            label={legalFieldLabels.inn}
            htmlFor="legal_inn"
            required
            extra="10 цифр — организация, 12 — индивидуальный предприниматель"
            style={{ marginBottom: 0 }}
          >
            <Flex gap={8} wrap>
              <Form.Item name="inn" noStyle normalize={onlyDigits}>
                <Input
                  inputMode="numeric"
                  maxLength={12}
                  autoComplete="off"
                  className="legal-number"
                  style={{ flex: '1 1 200px', minWidth: 0 }}
                  onBlur={() => {
                    if (inn) checkInn.current = true;
                    showErrors();
                  }}
                  onPressEnter={(event) => {
                    // Enter here asks the registry; it must not save the form below.
                    event.preventDefault();
                    void runLookup();
                  }}
                />
              </Form.Item>
              <Button
                onClick={() => void runLookup()}
                loading={lookup.isPending}
                disabled={legalTypeOfInn(inn) === null}
                style={{ flex: screens.sm ? '0 0 auto' : '1 1 100%' }}
              >
                {legalMessages.fillByInn}
              </Button>
            </Flex>
          </Form.Item>
        </Card>
        {notice && <Alert type={notice.type} showIcon title={notice.text} />}
        {revealed && (
          <>
            <LegalSections type={type} bikNote={bikNote} bikChecking={bankLookup.isPending} />
            <Flex justify="end">
              <Button
                type="primary"
                htmlType="submit"
                loading={save.isPending}
                disabled={!dirty}
                block={!screens.sm}
              >
                Сохранить
              </Button>
            </Flex>
          </>
        )}
      </Flex>
    </Form>
  );
}
