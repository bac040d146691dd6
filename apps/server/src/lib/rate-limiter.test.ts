import { describe, expect, it } from 'vitest';
import { clientKey } from './rate-limiter';

describe('the client key of the rate limits', () => {
  it('is an IPv4 address itself', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address, however it is written', () => {
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::FFFF:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientKey('0:0:0:0:0:ffff:c633:6407')).toBe('198.51.100.7');
  });

  it('is the /64 network of an IPv6 address, written compressed or in full', () => {
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:0:1::')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:db8:1:2:3::4')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1:2:3:4:5')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:DB8:0:1:0:0:0:1')).toBe('2001:db8:0:1::/64');
    expect(clientKey('2001:0db8:00aa:0bbb:cccc::')).toBe('2001:db8:aa:bbb::/64');
    expect(clientKey('::')).toBe('0:0:0:0::/64');
  });

  it('leaves a zone out: one network is one client whichever interface it came through', () => {
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('fe80::abcd:2%3')).toBe('fe80:0:0:0::/64');
  });

  it('keeps an IPv6 address with an IPv4 tail that is not a mapped one in its /64', () => {
    expect(clientKey('64:ff9b::192.0.2.9')).toBe('64:ff9b:0:0::/64');
  });
});

describe('the client key of an address a proxy wrote with a port or in another spelling', () => {
  it('leaves out the port of an IPv4 address, so that each connection does not count apart', () => {
    expect(clientKey('10.55.0.2:40001')).toBe('10.55.0.2');
    expect(clientKey('10.55.0.2:40012')).toBe('10.55.0.2');
  });

  it('leaves out the brackets and the port of an IPv6 address', () => {
    expect(clientKey('[2001:db8:9:9::1]:40001')).toBe('2001:db8:9:9::/64');
    expect(clientKey('[2001:db8:9:9::2]')).toBe('2001:db8:9:9::/64');
    expect(clientKey('[::ffff:198.51.100.7]:443')).toBe('198.51.100.7');
  });

  it('counts an IPv4 address once however it is spelled', () => {
    expect(clientKey('[10.8.8.8]')).toBe('10.8.8.8');
    expect(clientKey(' 10.8.8.8 ')).toBe('10.8.8.8');
    expect(clientKey('0x0a.8.8.8')).toBe('10.8.8.8');
    expect(clientKey('010.8.8.8')).toBe('8.8.8.8');
  });

  it('puts whatever is not an address into one shared count', () => {
    expect(clientKey('not-an-address')).toBe('unreadable-address');
    expect(clientKey('256.1.1.1')).toBe('unreadable-address');
    expect(clientKey('unknown:80')).toBe('unreadable-address');
    expect(clientKey('')).toBe('unreadable-address');
    expect(clientKey(undefined)).toBe('unreadable-address');
  });
});
