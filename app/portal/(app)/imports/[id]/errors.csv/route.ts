import { renderPublicFlat } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { importErrorsCsv } from '@/lib/portal/imports/errors-csv';
import { portalContext, requireOperator } from '@/lib/portal/session';

export const dynamic = 'force-dynamic';

type Params = Promise<{ id: string }>;

/** Every row error of an import of the operator's company as a CSV download (a 404 for anyone else's import). */
export async function GET(_request: Request, { params }: { params: Params }) {
  const operator = await requireOperator();
  const { id } = await params;
  try {
    const { job, stream } = await importErrorsCsv(portalContext(operator), id);
    return new Response(stream, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="import-${job.id}-errors.csv"`,
        'Cache-Control': 'no-store',
      },
    });
  } catch (error) {
    return renderPublicFlat(error, { requestId: newRequestId() });
  }
}
