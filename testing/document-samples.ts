// Tiny files of every accepted type, and impostors, for the tests (unit, DB and e2e): generated, never checked in.
import { PNG } from 'pngjs';

const bytes = (s: string) => new TextEncoder().encode(s);

function png(): Uint8Array {
  const image = new PNG({ width: 2, height: 2 });
  image.data.fill(200);
  return new Uint8Array(PNG.sync.write(image));
}

/** A 1×1 baseline JPEG (SOI, APP0/JFIF, DQT, SOF0, DHT, SOS, EOI). */
const JPEG_HEX =
  'ffd8ffe000104a46494600010100000100010000ffdb004300080606070605080707070909080a0c140d0c0b0b0c1912130f141d1a1f1e1d1a1c1c20242e2720222c231c1c2837292c30313434341f27393d38323c2e333432' +
  'ffc0000b080001000101011100ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1' +
  '082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9' +
  'aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffda0008010100003f00fbd3ffd9';

/** A lossless 1×1 WebP (RIFF container, VP8L chunk). */
const WEBP_HEX = '524946461a000000574542505650384c0d0000002f0000001007101111888808fe0700';

export const SAMPLES = {
  pdf: {
    bytes: bytes('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
    type: 'application/pdf',
    name: 'conformity.pdf',
  },
  png: { bytes: png(), type: 'image/png', name: 'label.png' },
  jpeg: { bytes: new Uint8Array(Buffer.from(JPEG_HEX, 'hex')), type: 'image/jpeg', name: 'photo.jpg' },
  webp: { bytes: new Uint8Array(Buffer.from(WEBP_HEX, 'hex')), type: 'image/webp', name: 'photo.webp' },
  csv: { bytes: bytes('cell_id;capacity_ah;voltage\nC1;50,2;3.7\nC2;49,8;3.7\n'), type: 'text/csv', name: 'cells.csv' },
  json: {
    bytes: bytes('{"recycledContent":{"cobalt":16,"lithium":6}}'),
    type: 'application/json',
    name: 'recycled.json',
  },
  xml: {
    bytes: bytes('<?xml version="1.0" encoding="UTF-8"?>\n<report><cell id="C1"/></report>\n'),
    type: 'application/xml',
    name: 'report.xml',
  },
} as const;

/** Impostors: each sent as `x.pdf` with Content-Type application/pdf in the tests. */
export const IMPOSTORS = {
  zip: new Uint8Array([
    0x50,
    0x4b,
    0x03,
    0x04,
    0x14,
    0x00,
    0x00,
    0x00,
    0x08,
    0x00,
    ...bytes('evil.exe').slice(0, 8),
    ...new Uint8Array(40),
  ]),
  exe: new Uint8Array([
    ...bytes('MZ'),
    0x90,
    0x00,
    0x03,
    0x00,
    0x00,
    0x00,
    0x04,
    0x00,
    ...new Uint8Array(50),
    ...bytes('This program cannot be run in DOS mode'),
  ]),
  prose: bytes('Just a sentence without any table structure.\nAnother line here.\n'),
  binary: new Uint8Array([0x00, 0x01, 0x02, 0x03, 0xfe, 0xff, 0x10, 0x80]),
};
