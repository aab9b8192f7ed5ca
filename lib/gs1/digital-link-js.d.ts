// digital-link.js ships no types; the functions used here and in the tests (GS1 Digital Link: Compression).
declare module 'digital-link.js/src/compression.js' {
  export function decompressWebUri(uri: string): string;
  export function compressWebUri(uri: string): string;
}
