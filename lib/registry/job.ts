import { sessionJob } from '../jobs/session-job';
import { runRegistryPass } from './pass';

/** The registry worker: a publication is registered within seconds, and a retry leaves when it is due. */
export const registryJob = sessionJob({
  name: 'registry',
  pass: () => runRegistryPass(),
  empty: { attempted: 0, registered: 0, failed: 0 },
  busy: (output) => output.attempted > 0,
});
