import { BlockList, isIPv6 } from 'node:net';
import type { TrustProxy } from '../config';

/** Where proxies usually stand: loopback, private and link-local ranges, carrier-grade NAT. */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['100.64.0.0', 10],
  ['169.254.0.0', 16],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

const family = (ip: string) => (isIPv6(ip) ? 'ipv6' : 'ipv4');
const plain = (ip: string) => ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function listOf(addresses: string[]): BlockList {
  const list = new BlockList();
  for (const entry of addresses) {
    const [address = '', bits] = entry.split('/');
    if (bits === undefined) list.addAddress(address, family(address));
    else list.addSubnet(address, Number(bits), family(address));
  }
  return list;
}

export const PROXY_WARNINGS = {
  notAProxy: (peer: string) =>
    `TRUST_PROXY names the proxies in front, but a request came straight from ${peer}: its X-Forwarded-For was not believed. ` +
    'Check TRUST_PROXY, or whether clients can reach the app around the proxy.',
  forwardedByThePublic: (peer: string) =>
    `TRUST_PROXY trusts proxy hops, and X-Forwarded-For came from the public address ${peer}: unless that is your proxy, ` +
    'clients choose their own address and per-address limits count nothing. Name the proxies in TRUST_PROXY, or unset it.',
  noProxyInFront: (peer: string) =>
    `TRUST_PROXY trusts proxy hops, but a request came from the public address ${peer} without X-Forwarded-For: ` +
    'there seems to be no proxy in front, and any client can then choose its own address. Unset TRUST_PROXY if so.',
} as const;

/**
 * Says once, as a warning, when TRUST_PROXY does not fit what arrives: a
 * request whose peer is none of the named proxies, or (for a hop count) one
 * from a public address, with a forwarded header (a client may be writing
 * its own) or without (no proxy in front). What it said stays, for the
 * health answer: a monitor hears it long after the log has scrolled by.
 */
export function proxyWarning(trust: TrustProxy, warn: (message: string) => void) {
  let said: string | undefined;
  const named = Array.isArray(trust) ? listOf(trust) : undefined;
  const check = (peer: string | undefined, forwarded: boolean) => {
    if (said !== undefined || trust === false || !peer) return;
    const ip = plain(peer);
    const message = named
      ? named.check(ip, family(ip))
        ? undefined
        : PROXY_WARNINGS.notAProxy(ip)
      : PRIVATE.check(ip, family(ip))
        ? undefined
        : forwarded
          ? PROXY_WARNINGS.forwardedByThePublic(ip)
          : PROXY_WARNINGS.noProxyInFront(ip);
    if (message) {
      said = message;
      warn(message);
    }
  };
  return Object.assign(check, { said: () => said });
}
