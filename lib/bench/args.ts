// `npm run bench` arguments: --quick, --no-build, --scenarios 1,4 (or --scenarios=1,4), --proxy.
export interface BenchArgs {
  quick: boolean;
  build: boolean;
  /** Scenario numbers to run; empty means every scenario but 11. */
  scenarios: number[];
  /**
   * Scenario 11, the scan storm through deploy/nginx.conf (nginx must be installed). `--proxy` alone runs just it
   * (beside the ceilings); with --scenarios, it is added to the list. `--scenarios 11` means the same.
   */
  proxy: boolean;
}

const STORM = 11;

export function parseBenchArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { quick: false, build: true, scenarios: [], proxy: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') args.quick = true;
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--proxy') args.proxy = true;
    else if (arg === '--scenarios' || arg.startsWith('--scenarios=')) {
      const list = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? '');
      args.scenarios = list
        .split(',')
        .filter(Boolean)
        .map((n) => {
          const value = Number(n);
          if (!Number.isInteger(value) || value < 1 || value > STORM)
            throw new Error(`Unknown scenario "${n}": choose from 1-${STORM}`);
          return value;
        });
    } else throw new Error(`Unknown argument "${arg}": use --quick, --no-build, --scenarios 1,4, --proxy`);
  }
  if (args.scenarios.includes(STORM)) args.proxy = true;
  if (args.proxy && !args.scenarios.includes(STORM)) args.scenarios.push(STORM);
  return args;
}

export const runsScenario = (args: BenchArgs, n: number) =>
  n === STORM ? args.proxy : args.scenarios.length === 0 || args.scenarios.includes(n);
