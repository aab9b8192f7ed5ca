// The error a refused call ends in, for Vitest's and Playwright's tests alike: each passes its own `expect`, so a
// call that resolves, or throws anything but the expected error, fails the test with that runner's message.

/** The part of either runner's `expect` this needs. */
type Expect = (actual: unknown) => { toBeInstanceOf(expected: abstract new (...args: never[]) => unknown): void };

/** The `type` error a promise rejects with (fails the test when it resolves or throws anything else). */
export async function refusedWith<E>(
  expect: Expect,
  type: abstract new (...args: never[]) => E,
  promise: Promise<unknown>,
): Promise<E> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(type);
  return error as E;
}
