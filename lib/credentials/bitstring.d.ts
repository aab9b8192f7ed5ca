// @digitalbazaar/bitstring ships no types: the part of its surface the status lists use.
declare module '@digitalbazaar/bitstring' {
  export class Bitstring {
    constructor(options: { length?: number; buffer?: Uint8Array; leftToRightIndexing?: boolean });
    /** GZIP-compressed, base64url-encoded (no padding) bits. */
    encodeBits(): Promise<string>;
  }
}
