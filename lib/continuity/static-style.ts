/** The static viewer page's stylesheet, served at STATIC_STYLESHEET_PATH: the live viewer's look, without script. */
export const STATIC_STYLESHEET = `body { margin: 0; font-family: system-ui, sans-serif; color: #111827; background: #ffffff; }
.page { max-width: 60rem; margin: 0 auto; padding: 1rem 1rem 3rem; font-size: 1.125rem; }
.page a { color: #064e3b; text-decoration-thickness: 2px; text-underline-offset: 3px; }
.page a:focus-visible { outline: 3px solid #111827; outline-offset: 2px; }
.page h2 { font-size: 1.375rem; margin: 0 0 0.75rem; }
.header { border-bottom: 3px solid #111827; padding-bottom: 1rem; margin-bottom: 1.5rem; }
.header h1 { font-size: 1.875rem; margin: 0.25rem 0 1rem; overflow-wrap: anywhere; }
.kicker { margin: 0; font-weight: 700; text-transform: uppercase; letter-spacing: 0.06em; font-size: 0.9375rem; color: #374151; }
.summary { display: grid; grid-template-columns: 1fr 1fr; gap: 0.75rem 1rem; margin: 0; }
.summary dt { font-size: 0.9375rem; color: #374151; }
.summary dd { margin: 0; font-weight: 700; overflow-wrap: anywhere; }
.badge { display: inline-block; padding: 0.15rem 0.6rem; border-radius: 0.25rem; font-weight: 700; color: #ffffff; }
.badge.published { background: #064e3b; }
.badge.withdrawn { background: #7f1d1d; }
.section { margin: 0 0 2rem; }
.fields { margin: 0; border-top: 1px solid #9ca3af; }
.field { padding: 0.75rem 0; border-bottom: 1px solid #9ca3af; }
.field dt { font-size: 0.9375rem; color: #374151; font-weight: 600; }
.field dd { margin: 0.2rem 0 0; overflow-wrap: anywhere; }
.missing { color: #4b5563; font-style: italic; }
.updated { display: block; font-size: 0.9375rem; color: #374151; margin-top: 0.2rem; }
table { border-collapse: collapse; width: 100%; font-size: 1rem; }
caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
th, td { border: 1px solid #9ca3af; padding: 0.5rem; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
.notice { border: 3px solid #7f1d1d; background: #fef2f2; padding: 1rem; border-radius: 0.5rem; margin: 0 0 2rem; }
.notice h2 { color: #7f1d1d; }
.button { display: inline-flex; align-items: center; min-height: 48px; padding: 0.5rem 1rem; background: #064e3b; color: #ffffff !important; font-weight: 700; border-radius: 0.375rem; text-decoration: none; }
.signed-by { margin: 0 0 1.5rem; }
.versions { margin: 0; padding: 0; list-style: none; border-top: 1px solid #9ca3af; }
.versions li { display: flex; flex-direction: column; gap: 0.1rem; padding: 0.6rem 0; border-bottom: 1px solid #9ca3af; }
.version-name { font-weight: 700; }
.qr { width: 200px; height: 200px; background: #ffffff; }
.qr-url { margin: 0; overflow-wrap: anywhere; font-size: 1rem; }
.footer { margin-top: 3rem; font-size: 0.9375rem; color: #374151; }
`;
