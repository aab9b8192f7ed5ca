// A signature is accepted once (docs/decisions.md, "No replayed writes"), and its timestamp is in whole seconds: a
// test that sends the same write twice as two logical writes (to see the second refused on its merits) waits for the
// next second first, so the second copy is signed afresh rather than refused as a replay.

/** Resolves once the wall clock's whole second has moved on from the one it was called in. */
export async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  while (Math.floor(Date.now() / 1000) === second)
    await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000) + 5));
}
