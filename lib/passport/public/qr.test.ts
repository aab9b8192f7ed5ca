import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { parseQrFormat, renderQr } from './qr';

describe('passport QR code', () => {
  it('PNG decodes back to the exact passport URI', async () => {
    const uri = 'https://passports.example/01/04012345000009/21/SN%2F1';
    const { body, contentType } = await renderQr(uri, 'png');
    expect(contentType).toBe('image/png');
    const png = PNG.sync.read(body as Buffer);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(uri);
  });

  it('keeps a quiet zone of 4 modules (8 px each) of white around the symbol', async () => {
    const png = PNG.sync.read((await renderQr('https://passports.example/dpp/x', 'png')).body as Buffer);
    for (let x = 0; x < png.width; x++)
      for (let y = 0; y < 32; y++) expect(png.data[(y * png.width + x) * 4]).toBe(255);
  });

  it('SVG is the default format; anything but svg or png is a validation error', async () => {
    expect(parseQrFormat(null)).toBe('svg');
    expect((await renderQr('https://passports.example/dpp/x', 'svg')).body).toMatch(/^<svg/);
    expect(() => parseQrFormat('gif')).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
  });
});
