import { lazy, Suspense } from 'react';
import { onlineBookingTexts as t } from '../lib/texts';

// The QR library loads with the card that draws it, not with the settings page's first code.
const QRCodeSVG = lazy(() => import('qrcode.react').then((module) => ({ default: module.QRCodeSVG })));

export const qrSize = 160;

/** The booking link as a QR code, on its own light quiet zone (phone cameras miss it on a dark one). */
export function BookingQr({ link }: { link: string }) {
  return (
    <div className="ob-qr" style={{ width: qrSize + 16, height: qrSize + 16 }}>
      <Suspense fallback={<span className="ob-qr__placeholder" aria-hidden="true" />}>
        <QRCodeSVG value={link} size={qrSize} marginSize={2} title={t.qrTitle} />
      </Suspense>
    </div>
  );
}
