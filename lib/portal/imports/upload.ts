import type { DomainContext } from '../../domain/context';
import { ServiceError } from '../../errors';
import { createImport } from '../../imports/create-import';

const text = (form: FormData, name: string): string | null => {
  const value = form.get(name);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
};

/** The form's own refusal (the upload route shows it in the operator's language). */
export const FILE_REQUIRED_MESSAGE = 'Choose a file to import.';

/** The portal's upload form (file, mapping, optional model) handed to createImport as the operator. */
export async function importFromForm(ctx: DomainContext, form: FormData) {
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0)
    throw new ServiceError('FILE_REQUIRED', FILE_REQUIRED_MESSAGE, { details: { field: 'file' } });
  return createImport({
    ctx,
    input: {
      file: new Uint8Array(await file.arrayBuffer()),
      fileName: file.name || null,
      mappingId: text(form, 'mappingId'),
      modelId: text(form, 'modelId'),
    },
  });
}

/**
 * The portal's CSRF guard for its own form posts to route handlers, as Next applies to server actions: the browser's
 * Origin must name this very host.
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get('origin');
  const host = headers.get('x-forwarded-host') ?? headers.get('host');
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
