// `npm run bench` arguments: --quick, --no-build, --scenarios 1,4 (or --scenarios=1,4).
export interface BenchArgs {
  quick: boolean;
  build: boolean;
  /** Scenario numbers to run; empty means every scenario. */
  scenarios: number[];
}

export function parseBenchArgs(argv: string[]): BenchArgs {
  const args: BenchArgs = { quick: false, build: true, scenarios: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick') args.quick = true;
    else if (arg === '--no-build') args.build = false;
    else if (arg === '--scenarios' || arg.startsWith('--scenarios=')) {
      const list = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : (argv[++i] ?? '');
      args.scenarios = list
        .split(',')
        .filter(Boolean)
        .map((n) => {
          const value = Number(n);
          if (!Number.isInteger(value) || value < 1 || value > 10)
            throw new Error(`Unknown scenario "${n}": choose from 1-10`);
          return value;
        });
    } else throw new Error(`Unknown argument "${arg}": use --quick, --no-build, --scenarios 1,4`);
  }
  return args;
}

export const runsScenario = (args: BenchArgs, n: number) => args.scenarios.length === 0 || args.scenarios.includes(n);
