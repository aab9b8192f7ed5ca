/**
 * How a check ends other than in success: `CheckFailure` (the check ran and the credential fails it; `reason` is the
 * word the report's reason starts with when it is not the check's name, e.g. `revoked`) or `NotChecked` (the check
 * could not run, e.g. offline; with a `reason` it still makes the credential not valid).
 */
export class CheckFailure extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

export class NotChecked extends Error {
  constructor(
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** Something the caller gave the verifier (a DID document file, a status list file) is not what it must be. */
export class VerifierInputError extends Error {}

export const fail = (message: string, reason?: string): never => {
  throw new CheckFailure(message, reason);
};

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
