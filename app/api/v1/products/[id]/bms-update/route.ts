import { postBmsUpdate } from '@/lib/bms/endpoint';

export const dynamic = 'force-dynamic';

/** BMS telemetry: secret, signature, limit and errors in the wrapper (lib/bms/route.ts), the update in lib/bms. */
export const POST = postBmsUpdate;
