import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { hostname, isIpHost, isPortalHost, projectKeyFromHost, projectRedirectTarget, projectUrl } from './host.ts';

describe('projectKeyFromHost', () => {
  it('takes the label in front of a one-label portal host', () => {
    expect(projectKeyFromHost('demo.localhost:3000', 'localhost')).toBe('demo');
    expect(projectKeyFromHost('DEMO.localhost', 'localhost')).toBe('demo');
  });

  it('takes the fourth-last label with a three-label portal host', () => {
    expect(projectKeyFromHost('acme.portal.example.com', 'portal.example.com')).toBe('acme');
    expect(projectKeyFromHost('www.acme.portal.example.com', 'portal.example.com')).toBe('acme');
    expect(projectKeyFromHost('acme.portal.example.com.', 'portal.example.com')).toBe('acme');
  });

  it('finds no project on the bare host, an IP, another domain or a bad label', () => {
    expect(projectKeyFromHost('localhost:3000', 'localhost')).toBeNull();
    expect(projectKeyFromHost('portal.example.com', 'portal.example.com')).toBeNull();
    expect(projectKeyFromHost('127.0.0.1:3000', 'localhost')).toBeNull();
    expect(projectKeyFromHost('[::1]:3000', 'localhost')).toBeNull();
    expect(projectKeyFromHost('acme.evil.com', 'portal.example.com')).toBeNull();
    expect(projectKeyFromHost('acmeportal.example.com', 'portal.example.com')).toBeNull();
    expect(projectKeyFromHost('my_project.localhost', 'localhost')).toBeNull();
  });

  it('recovers any key from the URL made for it (property)', () => {
    const key = fc.stringMatching(/^[a-z0-9]{1,10}(-[a-z0-9]{1,10}){0,2}$/);
    const portal = fc.constantFrom('localhost', 'portal.example.com', 'decor.app');
    fc.assert(
      fc.property(key, portal, fc.option(fc.integer({ min: 1, max: 65535 }), { nil: null }), (k, p, port) => {
        const url = new URL(projectUrl({ projectKey: k, portalHost: p, port }));
        expect(projectKeyFromHost(url.host, p)).toBe(k);
      }),
    );
  });
});

describe('hostname and isIpHost', () => {
  it('strips ports and brackets correctly', () => {
    expect(hostname('Demo.Localhost:3000')).toBe('demo.localhost');
    expect(hostname('[::1]:80')).toBe('[::1]');
    expect(isIpHost('10.0.0.1:3000')).toBe(true);
    expect(isIpHost('[::1]')).toBe(true);
    expect(isIpHost('demo.localhost')).toBe(false);
  });
});

describe('projectRedirectTarget', () => {
  it('keeps path, query and hash', () => {
    expect(
      projectRedirectTarget(
        { pathname: '/p/demo/configure/kitchen', search: '?room=2', hash: '#top', protocol: 'http:', port: '3000' },
        'localhost',
      ),
    ).toBe('http://demo.localhost:3000/configure/kitchen?room=2#top');
  });

  it('goes to the project root when there is no rest', () => {
    expect(projectRedirectTarget({ pathname: '/p/demo', protocol: 'https:' }, 'portal.example.com')).toBe(
      'https://demo.portal.example.com/',
    );
  });

  it('refuses what is not a project link', () => {
    expect(projectRedirectTarget({ pathname: '/admin' }, 'localhost')).toBeNull();
    expect(projectRedirectTarget({ pathname: '/p/evil.com%2F/x' }, 'localhost')).toBeNull();
    expect(projectRedirectTarget({ pathname: '/p/a..b/' }, 'localhost')).toBeNull();
  });
});

describe('isPortalHost', () => {
  const portal = 'portal.example.com';

  it('accepts the portal host, its subdomains and IP addresses, with a valid port', () => {
    for (const host of [
      'portal.example.com',
      'acme.portal.example.com',
      'ACME.portal.example.com:8443',
      'acme.portal.example.com.',
      '127.0.0.1',
      '10.1.2.3:3000',
      '[::1]:3000',
      '[::1]',
      'localhost:80',
    ]) {
      expect(isPortalHost(host, portal), host).toBe(true);
    }
    expect(isPortalHost('demo.localhost:3000', 'localhost')).toBe(true);
  });

  it('refuses other domains, credentials, bad ports and stray characters', () => {
    const refused = [
      undefined,
      '',
      'evil.example',
      'evil.example:3000',
      'portal.example.com.evil.example',
      'xportal.example.com',
      'demo.localhost@evil',
      'user:pw@acme.portal.example.com',
      'acme.portal.example.com:99999',
      'acme.portal.example.com:0',
      'acme.portal.example.com:abc',
      'acme.portal.example.com:',
      'acme.portal.example.com:3000:1',
      'ac me.portal.example.com',
      'acme..portal.example.com',
      '-acme.portal.example.com',
      'acme.portal.example.com/x',
      'acme.portal.example.com\\x',
      '999.1.1.1',
      `${'a'.repeat(400)}.portal.example.com`,
    ];
    for (const host of refused) expect(isPortalHost(host, portal), String(host)).toBe(false);
  });

  it('never accepts a host that does not end in the portal host (generated)', () => {
    fc.assert(
      fc.property(fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (domain, port) => {
        const host = port === null ? domain : `${domain}:${port}`;
        const isOurs = domain === portal || domain.endsWith(`.${portal}`) || domain === 'localhost';
        return isPortalHost(host, portal) === isOurs;
      }),
    );
  });
});
