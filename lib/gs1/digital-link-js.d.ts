// digital-link.js ships no types; the one function used here (GS1 Digital Link: Compression, decompression).
declare module 'digital-link.js/src/compression.js' {
  export function decompressWebUri(uri: string): string;
}
