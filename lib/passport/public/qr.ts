import QRCode from 'qrcode';
import { ServiceError } from '../../errors';

export type QrFormat = 'svg' | 'png';

/** `?format=` is svg (the default) or png; anything else is a 400 VALIDATION_ERROR naming the parameter. */
export function parseQrFormat(raw: string | null): QrFormat {
  if (raw === null || raw === 'svg') return 'svg';
  if (raw === 'png') return 'png';
  throw new ServiceError('VALIDATION_ERROR', 'The format must be svg or png.', {
    details: { fields: { format: 'must be svg or png' } },
  });
}

// Level M survives about 15 % damage (a scuffed label); a quiet zone of 4 modules is what ISO/IEC 18004 asks.
const OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;

/** The QR code of a passport address, as SVG text or PNG bytes (8 pixels per module). */
export async function renderQr(uri: string, format: QrFormat): Promise<{ body: string | Buffer; contentType: string }> {
  if (format === 'png')
    return { body: await QRCode.toBuffer(uri, { ...OPTIONS, type: 'png', scale: 8 }), contentType: 'image/png' };
  return { body: await QRCode.toString(uri, { ...OPTIONS, type: 'svg' }), contentType: 'image/svg+xml; charset=utf-8' };
}
