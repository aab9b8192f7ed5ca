import { describe, expect, it } from 'vitest';
import { escapeHtml, PRODUCT_NAME, renderEmail } from './templates/layout';
import { approvedEmail, rejectedEmail, reviewNoticeEmail, verificationEmail } from './templates/poli';

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
    expect(rejected.text).toContain('Their reason: “We cannot confirm your organisation.”');
    expect(rejected.links).toEqual([]);
  });

  it("shows what a requester typed on one line and quoted, in the text and the HTML part, so it cannot add lines to the reviewers' notice", () => {
    const mail = reviewNoticeEmail({
      companyName: 'Voltaris GmbH',
      productName: 'Aurora EV 75',
      requester: {
        name: 'Vera\r\n\r\nURGENT: your portal password expires, sign in at https://evil.example\r\n',
        organisation: 'Circular\u2028Metals\u0085BV\t\u202e',
        email: 'vera@recycler.example',
        role: 'RECYCLER',
      },
      link: 'http://x/portal/access-requests/1',
    });
    const line =
      '“Vera URGENT: your portal password expires, sign in at https://evil.example” (organisation “Circular Metals BV”, email “vera@recycler.example”) asks for access';
    expect(mail.text).toContain(line);
    expect(mail.text.split('\n').filter((l) => l.startsWith('URGENT'))).toEqual([]);
    expect(mail.text).not.toMatch(/[\r\u2028\u0085\u202e\t]/);
    expect(mail.html).toContain(escapeHtml(line));
    expect(mail.html).not.toMatch(/[\r\n\u2028\u0085\u202e\t]/);
  });

  it("quotes the requester's name in every greeting and a reason on one line in the declined mail", () => {
    const subject = { companyName: 'Voltaris GmbH', productName: 'Aurora EV 75' };
    expect(verificationEmail({ ...subject, name: 'Jane\nDoe', role: 'RECYCLER', link: 'http://x/v' }).text).toMatch(
      /^Hello “Jane Doe”,\n/,
    );
    expect(approvedEmail({ ...subject, name: 'Jane', link: 'http://x/a' }).html).toContain('Hello “Jane”,');
    const rejected = rejectedEmail({ ...subject, name: 'Jane', reason: 'First line.\n\nClick https://evil.example' });
    expect(rejected.text).toContain('Their reason: “First line. Click https://evil.example”');
    expect(rejected.html).toContain('Their reason: “First line. Click https://evil.example”');
  });
});
