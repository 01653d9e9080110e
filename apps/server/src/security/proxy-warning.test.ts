import { describe, expect, it } from 'vitest';
import { PROXY_WARNINGS, proxyWarning } from './proxy-warning';

describe('TRUST_PROXY that does not fit what arrives', () => {
  it('with named proxies, a request from elsewhere is warned about once', () => {
    const said: string[] = [];
    const check = proxyWarning(['10.0.0.1', '192.168.5.0/24'], (m) => said.push(m));
    check('10.0.0.1', true);
    check('::ffff:192.168.5.20', true);
    expect(said).toEqual([]);
    check('203.0.113.9', true);
    check('203.0.113.10', false);
    expect(said).toEqual([PROXY_WARNINGS.notAProxy('203.0.113.9')]);
  });

  it('with a hop count, a public address without X-Forwarded-For means no proxy in front', () => {
    const said: string[] = [];
    const check = proxyWarning(1, (m) => said.push(m));
    check('10.1.2.3', false);
    check('10.1.2.3', true);
    expect(said).toEqual([]);
    check('198.51.100.4', false);
    expect(said).toEqual([PROXY_WARNINGS.noProxyInFront('198.51.100.4')]);
    expect(check.said()).toBe(PROXY_WARNINGS.noProxyInFront('198.51.100.4'));
  });

  it('with a hop count, X-Forwarded-For from a public address is warned about: a client may be choosing its own', () => {
    const said: string[] = [];
    const check = proxyWarning(1, (m) => said.push(m));
    expect(check.said()).toBeUndefined();
    check('198.51.100.4', true);
    check('198.51.100.5', true);
    expect(said).toEqual([PROXY_WARNINGS.forwardedByThePublic('198.51.100.4')]);
  });

  it('says nothing when TRUST_PROXY is off', () => {
    const said: string[] = [];
    proxyWarning(false, (m) => said.push(m))('203.0.113.9', false);
    expect(said).toEqual([]);
  });
});
