import { describe, expect, it } from 'vitest';
import { checkResolvedHost, checkUrlShape, type Resolver, type UrlPolicy, webhookUrlProblem } from './url-policy';

const live: UrlPolicy = { mode: 'LIVE', allowPrivate: false };
const sandbox = { mode: 'TEST' as const, allowPrivate: false };
const local = { mode: 'LIVE' as const, allowPrivate: true };
const reason = (raw: string, policy = live) => {
  const result = checkUrlShape(raw, policy);
  return 'reason' in result ? result.reason : null;
};

/** A resolver that answers from a table, so no test depends on real DNS. */
const table =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('the shape of a webhook URL', () => {
  it('live endpoints need https; sandbox endpoints may use http; WEBHOOKS_ALLOW_PRIVATE allows http anywhere', () => {
    expect(reason('http://hooks.example.com/x')).toBe('Live endpoints must use https://.');
    expect(reason('http://hooks.example.com/x', sandbox)).toBeNull();
    expect(reason('http://hooks.example.com/x', local)).toBeNull();
    expect(reason('https://hooks.example.com/x')).toBeNull();
  });

  it('refuses other schemes, relative URLs, credentials and fragments', () => {
    expect(reason('ftp://hooks.example.com/x')).toBe('Use an https:// URL.');
    expect(reason('file:///etc/passwd')).toBe('Use an https:// URL.');
    expect(reason('/relative')).toBe('Not an absolute URL.');
    expect(reason('https://user:pw@hooks.example.com/x')).toMatch(/^Credentials/);
    expect(reason('https://token@hooks.example.com/x')).toMatch(/^Credentials/);
    expect(reason('https://hooks.example.com/x#frag')).toMatch(/fragment/);
  });

  it('refuses local names and private literals unless private targets are allowed', () => {
    expect(reason('https://localhost/x')).toBe('The host is a local name.');
    expect(reason('https://printer.local/x')).toBe('The host is a local name.');
    expect(reason('https://169.254.169.254/latest/meta-data')).toBe('The host is a cloud metadata address.');
    expect(reason('https://[fd00:ec2::254]/')).toBe('The host is a cloud metadata address.');
    expect(reason('https://[fd12::1]/')).toBe('The host is a private (unique local) address.');
    expect(reason('http://127.0.0.1:4000/x', local)).toBeNull();
    expect(reason('http://localhost:4000/x', local)).toBeNull();
    expect(reason('https://10.1.2.3/x', local)).toBeNull();
  });

  it('with WEBHOOKS_ALLOW_PRIVATE=1, metadata, link-local, multicast and reserved addresses stay refused, and live http is for local receivers only', () => {
    expect(reason('http://169.254.169.254/latest/meta-data', local)).toBe('The host is a cloud metadata address.');
    expect(reason('https://[fe80::1]/', local)).toBe('The host is a link-local address.');
    expect(reason('https://224.0.0.1/', local)).toBe('The host is a multicast address.');
    expect(reason('https://0.0.0.0/', local)).toBe('The host is a unspecified address.');
    expect(reason('http://93.184.216.34/x', local)).toBe('Live endpoints must use https://.');
  });
});

describe('the DNS check of a webhook host', () => {
  const dns = table({
    'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'rebind.example': ['93.184.216.34', '127.0.0.1'],
    'meta.example': ['fd00:ec2::254'],
  });

  it('passes a name whose every address is public', async () => {
    expect(await checkResolvedHost('public.example', dns)).toBeNull();
  });

  it('refuses a name with any private answer, naming the address, and a name that does not resolve', async () => {
    expect(await checkResolvedHost('rebind.example', dns)).toBe('The host resolves to a loopback address (127.0.0.1).');
    expect(await checkResolvedHost('meta.example', dns)).toBe(
      'The host resolves to a cloud metadata address (fd00:ec2::254).',
    );
    expect(await checkResolvedHost('nowhere.example', dns)).toBe('The host name does not resolve.');
  });

  it('with private targets allowed, local answers pass, metadata answers do not, and live http needs a name with local answers only', async () => {
    expect(await webhookUrlProblem('https://rebind.example/x', live, dns)).toMatch(/loopback/);
    expect(await webhookUrlProblem('https://rebind.example/x', local, dns)).toBeNull();
    expect(await webhookUrlProblem('https://meta.example/x', local, dns)).toMatch(/cloud metadata/);
    expect(await webhookUrlProblem('http://rebind.example/x', local, dns)).toBe('Live endpoints must use https://.');
    const lan = table({ 'receiver.lan': ['192.168.1.20'] });
    expect(await webhookUrlProblem('http://receiver.lan:8080/x', local, lan)).toBeNull();
  });
});

describe('cloud metadata services stay unreachable whatever WEBHOOKS_ALLOW_PRIVATE says', () => {
  it.each([
    'http://100.100.100.200/latest/meta-data/',
    'http://168.63.129.16/machine?comp=goalstate',
    'http://192.0.0.192/opc/v2/instance/',
    'http://169.254.170.2/v2/credentials',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:100.100.100.200]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[fd20:ce::254]/',
    'https://1684301000/',
  ])('the literal URL %s is refused at creation, live or sandbox', (raw) => {
    for (const policy of [live, sandbox, local, { mode: 'TEST' as const, allowPrivate: true }])
      expect(reason(raw, policy)).toBe('The host is a cloud metadata address.');
  });

  it.each(['metadata.google.internal', 'METADATA.GOOGLE.INTERNAL.', 'metadata', 'instance-data.ec2.internal'])(
    'the metadata host name %s is refused before any DNS lookup',
    (host) => {
      expect(reason(`http://${host}/computeMetadata/v1/`, local)).toBe('The host is a cloud metadata service.');
      expect(reason(`https://${host}/`, live)).toBe('The host is a cloud metadata service.');
    },
  );

  it('a name that resolves to a metadata address is refused with private targets allowed', async () => {
    const dns = table({
      'alibaba.example': ['100.100.100.200'],
      'azure.example': ['168.63.129.16'],
      'mixed.example': ['192.168.1.20', '192.0.0.192'],
      'mapped.example': ['::ffff:169.254.170.2'],
    });
    expect(await webhookUrlProblem('http://alibaba.example/x', local, dns)).toBe(
      'The host resolves to a cloud metadata address (100.100.100.200).',
    );
    expect(await webhookUrlProblem('https://azure.example/x', live, dns)).toMatch(/cloud metadata.*168\.63\.129\.16/);
    expect(await webhookUrlProblem('https://azure.example/x', local, dns)).toMatch(/cloud metadata/);
    expect(await webhookUrlProblem('http://mixed.example/x', local, dns)).toMatch(/cloud metadata.*192\.0\.0\.192/);
    expect(await webhookUrlProblem('http://mapped.example/x', local, dns)).toMatch(/cloud metadata/);
  });
});
