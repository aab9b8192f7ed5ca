import type { NextRequest } from 'next/server';
import { auditCsvFileName, auditCsvStream } from '@/lib/portal/audit/csv';
import { parseAuditFilters } from '@/lib/portal/audit/filters';
import { portalT } from '@/lib/portal/i18n';
import { portalContext, requireOperator } from '@/lib/portal/session';

export const dynamic = 'force-dynamic';

/** The audit trail as CSV with the page's filters: every matching row, streamed, for the signed-in operator's company. */
export async function GET(request: NextRequest) {
  const operator = await requireOperator();
  const parsed = parseAuditFilters(request.nextUrl.searchParams, await portalT('audit'));
  if (!parsed.ok) {
    return new Response(`${parsed.message}\n`, {
      status: 400,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const body = auditCsvStream({ ctx: portalContext(operator), filters: parsed.filters });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': `attachment; filename="${auditCsvFileName(operator.companyName)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
