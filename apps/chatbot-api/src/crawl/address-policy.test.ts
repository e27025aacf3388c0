import { describe, expect, it } from 'vitest';
import { HostAllowlist, ipLiteral, isPublicAddress } from './address-policy.js';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not-an-ip',
    '',
  ])('rejects %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '1.1.1.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2a00:1450:4001::200e',
  ])('accepts %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });

  it('sees loopback behind every IPv4 notation once the URL parser canonicalised it', () => {
    for (const u of [
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::1]/',
    ]) {
      const ip = ipLiteral(new URL(u));
      expect(ip, u).not.toBeNull();
      expect(isPublicAddress(ip!), u).toBe(false);
    }
  });
});

describe('HostAllowlist', () => {
  it('matches a host on any port, or host:port exactly', () => {
    const list = new HostAllowlist(['localhost', '127.0.0.1:8080']);
    expect(list.allows(new URL('http://localhost:1234/'))).toBe(true);
    expect(list.allows(new URL('http://LOCALHOST./'))).toBe(true);
    expect(list.allows(new URL('http://127.0.0.1:8080/x'))).toBe(true);
    expect(list.allows(new URL('http://2130706433:8080/'))).toBe(true);
    expect(list.allows(new URL('http://127.0.0.1:8081/'))).toBe(false);
    expect(list.allows(new URL('http://127.0.0.1/'))).toBe(false);
    expect(new HostAllowlist([]).allows(new URL('http://localhost/'))).toBe(false);
  });
});
