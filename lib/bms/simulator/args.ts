import { parseArgs } from 'node:util';

export interface SimulatorOptions {
  url: string;
  secret: string;
  products: string[];
  /** Requests per second across the whole fleet. */
  rate: number;
  /** Seconds to run. */
  duration: number;
  seed: number;
  json: boolean;
}

export class UsageError extends Error {}

export const SIMULATOR_USAGE = `Usage: npm run bms:simulate -- --secret S --products id,... [--url http://localhost:3000] [--rate N] [--duration D] [--seed K] [--json]
  --rate      requests per second across all products (default 5)
  --duration  seconds to run (default 10)
  --seed      repeat a run exactly (default: random)
  --json      print the summary as JSON on stdout`;

const positive = (flag: string, value: string | undefined, fallback: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new UsageError(`--${flag} must be a positive number.`);
  return n;
};

/** A parser's complaint as a usage error (exit code 2 with the usage text). */
function asUsage<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

export function parseSimulatorArgs(
  argv: string[],
  randomSeed = () => Math.floor(Math.random() * 2 ** 31),
): SimulatorOptions {
  const { values } = asUsage(() =>
    parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        url: { type: 'string' },
        secret: { type: 'string' },
        products: { type: 'string' },
        rate: { type: 'string' },
        duration: { type: 'string' },
        seed: { type: 'string' },
        json: { type: 'boolean' },
      },
    }),
  );
  const products = (values.products ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (!values.secret) throw new UsageError('--secret is required.');
  if (products.length === 0) throw new UsageError('--products needs at least one product id.');
  const url = (values.url ?? 'http://localhost:3000').replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(url)) throw new UsageError('--url must be an http(s) address.');
  const seed = values.seed === undefined ? randomSeed() : Number(values.seed);
  if (!Number.isInteger(seed)) throw new UsageError('--seed must be a whole number.');
  return {
    url,
    secret: values.secret,
    products,
    rate: positive('rate', values.rate, 5),
    duration: positive('duration', values.duration, 10),
    seed,
    json: values.json ?? false,
  };
}
