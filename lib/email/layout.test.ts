import { describe, expect, it } from 'vitest';
import { escapeHtml, PRODUCT_NAME, renderEmail } from './templates/layout';
import { approvedEmail, rejectedEmail, verificationEmail } from './templates/poli';

describe('email rendering', () => {
  it('says the same in text and HTML, escapes every value in the HTML and lists the action link', () => {
    const mail = renderEmail({
      companyName: 'Acme <Batteries> & Co',
      subject: 'Hello\r\nBcc: someone@example.com',
      greeting: 'Hello <b>Jane</b>',
      paragraphs: ['A "quoted" paragraph.'],
      action: { label: 'Open', url: 'http://localhost:3000/api/poli/verify?token=a&b' },
    });
    expect(mail.subject).toBe('Hello Bcc: someone@example.com');
    expect(mail.text).toContain('Hello <b>Jane</b>,');
    expect(mail.text).toContain('Open:\nhttp://localhost:3000/api/poli/verify?token=a&b');
    expect(mail.text).toContain(`Sent by the ${PRODUCT_NAME} on behalf of Acme <Batteries> & Co.`);
    expect(mail.html).toContain('Hello &lt;b&gt;Jane&lt;/b&gt;,');
    expect(mail.html).toContain('href="http://localhost:3000/api/poli/verify?token=a&amp;b"');
    expect(mail.html).toContain('Acme &lt;Batteries&gt; &amp; Co');
    expect(mail.html).not.toContain('<b>Jane</b>');
    expect(mail.links).toEqual(['http://localhost:3000/api/poli/verify?token=a&b']);
  });

  it('escapes the five HTML metacharacters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('names the product, the company, the role with its tier and the link lifetime in each PoLI mail', () => {
    const subject = { companyName: 'Voltaris GmbH', productName: 'Aurora EV 75' };
    const verify = verificationEmail({ ...subject, name: 'Jane', role: 'RECYCLER', link: 'http://x/verify' });
    expect(verify.subject).toBe('Confirm your access request for Aurora EV 75');
    expect(verify.text).toContain('as Recycler (legitimate interest)');
    expect(verify.text).toContain('expires in 24 hours');
    expect(verify.text).toContain('Voltaris GmbH');
    const approved = approvedEmail({ ...subject, name: 'Jane', link: 'http://x/access' });
    expect(approved.links).toEqual(['http://x/access']);
    expect(approved.text).toContain('expires in 7 days');
    const rejected = rejectedEmail({ ...subject, name: 'Jane', reason: 'We cannot confirm your organisation.' });
    expect(rejected.text).toContain('Their reason: We cannot confirm your organisation.');
    expect(rejected.links).toEqual([]);
  });
});
