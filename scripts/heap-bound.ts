/**
 * The V8 flag a production start adds, or null: `MAX_HEAP_MB` (default 256, `0` for V8's own default) unless a
 * bound is already set on the command line or in NODE_OPTIONS, or the process is the relaunched one.
 */
export function heapBoundFlag(opts: {
  dev: boolean;
  env: Record<string, string | undefined>;
  execArgv: readonly string[];
}): string | null {
  if (opts.dev || opts.env.BPS_HEAP_BOUND === 'applied') return null;
  const raw = opts.env.MAX_HEAP_MB?.trim() || '256';
  if (!/^\d+$/.test(raw) || Number(raw) === 0) return null;
  const already = [...opts.execArgv, opts.env.NODE_OPTIONS ?? ''].some((arg) =>
    /--max[-_]old[-_]space[-_]size/.test(arg),
  );
  return already ? null : `--max-old-space-size=${Number(raw)}`;
}
