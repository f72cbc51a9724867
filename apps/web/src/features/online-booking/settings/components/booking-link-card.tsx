import { Link } from 'react-router';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import {
  CopyOutlined,
  ExportOutlined,
  EyeOutlined,
  LinkOutlined,
  ReloadOutlined,
  SendOutlined,
} from '@ant-design/icons';
import type { OnlineBookingSettings } from '@crm/shared';
import { useFeedback } from '../../../../lib/feedback';
import { useNotify } from '../../../../lib/notify';
import { useUpdateOnlineBooking } from '../api/update-online-booking';
import { onlineBookingTexts as t } from '../lib/texts';
import { BookingQr } from './booking-qr';

/** The public page of a code, on the origin the owner is using (the site he is on is the one drivers get). */
export const bookingLink = (code: string) => `${window.location.origin}/book/${encodeURIComponent(code)}`;

/** The owner's preview of the page: the form as drivers would see it, even while the page is off. */
export const previewLink = (code: string) => `${bookingLink(code)}?preview=1`;

export const telegramShareUrl = (link: string, stationName: string) =>
  `https://t.me/share/url?url=${encodeURIComponent(link)}&text=${encodeURIComponent(t.shareText(stationName))}`;

interface BookingLinkCardProps {
  stationId: string;
  stationName: string;
  code: string;
  enabled: boolean;
  /** The personal-data operator the consent names; null: the station's legal details are not filled. */
  operator: OnlineBookingSettings['operator'] | undefined;
  /** The station's «Юридические данные» page, for those who may open it. */
  legalInfoPath?: string;
  readOnly: boolean;
}

/** Who the drivers' consent names, or what to fill for it to name anyone. */
function OperatorLine({ operator, legalInfoPath }: Pick<BookingLinkCardProps, 'operator' | 'legalInfoPath'>) {
  if (operator)
    return (
      <Typography.Text type="secondary" className="ob-link__operator">
        {t.operator(operator.name, operator.inn)}
      </Typography.Text>
    );
  return (
    <Alert
      type="warning"
      showIcon
      title={t.operatorMissing}
      description={legalInfoPath ? <Link to={legalInfoPath}>{t.operatorMissingLink}</Link> : undefined}
    />
  );
}

/** «Ссылка для записи»: the link to read and copy, its QR code, a preview, a Telegram share, a new link. */
export function BookingLinkCard({
  stationId,
  stationName,
  code,
  enabled,
  operator,
  legalInfoPath,
  readOnly,
}: BookingLinkCardProps) {
  const { message, modal } = useFeedback();
  const notify = useNotify();
  const update = useUpdateOnlineBooking(stationId);
  const link = bookingLink(code);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success(t.copied);
    } catch (error) {
      notify.error(error, t.copyFailed);
    }
  };

  const askNewCode = () =>
    modal.confirm({
      title: t.newCodeTitle,
      content: t.newCodeText,
      okText: t.newCodeOk,
      okButtonProps: { danger: true },
      cancelText: t.cancel,
      onOk: async () => {
        try {
          await update.mutateAsync({ new_code: true });
          notify.success(t.newCodeDone);
        } catch (error) {
          notify.error(error, t.newCodeFailed);
        }
      },
    });

  return (
    <Card
      title={
        <Flex gap={10} align="center">
          <LinkOutlined aria-hidden />
          {t.linkCard}
        </Flex>
      }
    >
      <div className="ob-link">
        <Flex vertical gap={12} className="ob-link__main">
          <Typography.Text type="secondary">{t.linkIntro}</Typography.Text>
          <div className="ob-link__box">
            <span className="ob-link__label">{t.link}</span>
            <span className="ob-link__url" data-testid="booking-link">
              {link}
            </span>
          </div>
          {!enabled && <Typography.Text type="warning">{t.linkOff}</Typography.Text>}
          <OperatorLine operator={operator} legalInfoPath={legalInfoPath} />
          <div className="ob-link__actions">
            <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()}>
              {t.copy}
            </Button>
            <Button icon={<ExportOutlined />} href={link} target="_blank" rel="noopener noreferrer">
              {t.open}
            </Button>
            <Button
              icon={<EyeOutlined />}
              href={previewLink(code)}
              target="_blank"
              rel="noopener"
              title={t.previewHint}
            >
              {t.preview}
            </Button>
            <Button
              icon={<SendOutlined />}
              href={telegramShareUrl(link, stationName)}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t.telegram}
            </Button>
          </div>
        </Flex>
        <Flex vertical align="center" gap={6} className="ob-link__qr">
          <BookingQr link={link} />
          <Typography.Text type="secondary" className="ob-link__qr-hint">
            {t.qrHint}
          </Typography.Text>
        </Flex>
        <div className="ob-link__new">
          <Button
            type="link"
            danger
            icon={<ReloadOutlined />}
            disabled={readOnly}
            loading={update.isPending && update.variables?.new_code === true}
            onClick={askNewCode}
          >
            {t.newCode}
          </Button>
        </div>
      </div>
    </Card>
  );
}
