/** A JSON-LD document as a script element; `<` is escaped so a value can never close the script. */
export function JsonLdScript({ document }: { document: Record<string, unknown> }) {
  const json = JSON.stringify(document).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
