/** A JSON-LD document as a script element; `<` is escaped so a value can never close the script. */
export function JsonLdScript({ document }: { document: Record<string, unknown> }) {
  const json = JSON.stringify(document).replace(/</g, '\\u003c');
  // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<` escaped cannot leave the script element
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
