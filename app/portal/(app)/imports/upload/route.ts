import { toServiceError } from '@/lib/http/errors';
import { newRequestId } from '@/lib/http/request-id';
import { portalT } from '@/lib/portal/i18n';
import { FILE_REQUIRED_MESSAGE, importFromForm, isSameOrigin } from '@/lib/portal/imports/upload';
import { portalContext, requireOperator } from '@/lib/portal/session';

export const dynamic = 'force-dynamic';

const seeOther = (location: string) => new Response(null, { status: 303, headers: { Location: location } });

/**
 * The upload form posts here (a file is more than a server action takes): the import is created as the operator and
 * the browser goes to its page; a refusal goes back to the form with its message (the portal's own in the operator's
 * language, a domain verb's as the Integration API writes it).
 */
export async function POST(request: Request) {
  const operator = await requireOperator();
  const t = await portalT('imports');
  if (!isSameOrigin(request.headers)) return new Response(`${t('upload.crossOrigin')}\n`, { status: 403 });
  try {
    const job = await importFromForm(portalContext(operator), await request.formData());
    return seeOther(`/portal/imports/${job.id}`);
  } catch (error) {
    const { message } = toServiceError(error, { requestId: newRequestId() });
    const shown = message === FILE_REQUIRED_MESSAGE ? t('upload.fileRequired') : message;
    return seeOther(`/portal/imports/new?error=${encodeURIComponent(shown)}`);
  }
}
