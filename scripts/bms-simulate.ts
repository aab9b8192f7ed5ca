// A fleet of simulated battery-management systems: `npm run bms:simulate -- --secret S --products id,... --rate N
// --duration D`. Each product reports realistic, monotonic telemetry, signed exactly as firmware must sign it
// (docs/bms-guide.md). It imports nothing from the server: it is the reference client and the BMS load generator.
import { parseSimulatorArgs, SIMULATOR_USAGE, type SimulatorOptions, UsageError } from '../lib/bms/simulator/args';
import { formatSummary, type Outcome, summarise } from '../lib/bms/simulator/stats';
import { advance, type BatteryState, newBattery, seededRandom, telemetryBody } from '../lib/bms/simulator/telemetry';
import { signBmsRequest } from '../lib/client/signing';

async function sendOne(o: SimulatorOptions, battery: BatteryState): Promise<Outcome> {
  const rawBody = JSON.stringify(telemetryBody(battery, new Date()));
  const started = performance.now();
  try {
    const response = await fetch(`${o.url}/api/v1/products/${encodeURIComponent(battery.productId)}/bms-update`, {
      method: 'POST',
      // Sign the exact string sent: re-serialising after signing would break the signature.
      headers: {
        'Content-Type': 'application/json',
        'X-Service-BMS-Secret': o.secret,
        ...signBmsRequest({ rawBody, secret: o.secret }),
      },
      body: rawBody,
    });
    const text = await response.text();
    const latencyMs = performance.now() - started;
    let code: string | null = null;
    if (response.status !== 200)
      code = (() => {
        try {
          return JSON.parse(text).code ?? null;
        } catch {
          return null;
        }
      })();
    return { status: response.status, code, latencyMs };
  } catch {
    return { status: 0, code: 'NETWORK', latencyMs: performance.now() - started };
  }
}

function progress(done: number, total: number, accepted: number) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = Math.round((done / total) * width);
  process.stderr.write(
    `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} sent, ${accepted} accepted`,
  );
}

async function run(o: SimulatorOptions): Promise<Outcome[]> {
  const random = seededRandom(o.seed);
  const fleet = o.products.map((id) => newBattery(id, random));
  const total = Math.max(1, Math.round(o.rate * o.duration));
  const intervalMs = 1000 / o.rate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  const outcomes: Outcome[] = [];
  for (let i = 0; i < total; i++) {
    const wait = start + i * intervalMs - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    // Round-robin over the fleet; each battery's next report always follows its previous state.
    const slot = i % fleet.length;
    fleet[slot] = advance(fleet[slot]!, random);
    pending.push(
      sendOne(o, fleet[slot]!).then((outcome) => {
        outcomes.push(outcome);
        progress(outcomes.length, total, outcomes.filter((x) => x.status === 200).length);
      }),
    );
  }
  await Promise.all(pending);
  if (process.stderr.isTTY) process.stderr.write('\n');
  return outcomes;
}

async function main(): Promise<number> {
  let options: SimulatorOptions;
  try {
    options = parseSimulatorArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`bms-simulate: ${error.message}\n\n${SIMULATOR_USAGE}\n`);
    return 2;
  }
  process.stderr.write(
    `Simulating ${options.products.length} battery(ies) at ${options.rate} req/s for ${options.duration} s against ${options.url} (seed ${options.seed}).\n`,
  );
  const summary = summarise(await run(options));
  process.stdout.write(options.json ? `${JSON.stringify(summary)}\n` : `${formatSummary(summary)}\n`);
  return 0;
}

process.exit(await main());
