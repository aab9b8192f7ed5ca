/** The GS1 Digital Link path of a passport (`/01/<gtin-14>[/21/<serial> | /10/<batch>]`), or its `/dpp/` path. */
export function passportPath(p: {
  slug: string;
  gtin: string | null;
  serialNumber: string | null;
  batchNumber: string | null;
}): string {
  if (!p.gtin) return `/dpp/${encodeURIComponent(p.slug)}`;
  if (p.serialNumber) return `/01/${p.gtin}/21/${encodeURIComponent(p.serialNumber)}`;
  if (p.batchNumber) return `/01/${p.gtin}/10/${encodeURIComponent(p.batchNumber)}`;
  return `/01/${p.gtin}`;
}
