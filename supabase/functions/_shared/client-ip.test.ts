import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp } from './client-ip.ts';

describe('normalizeIp', () => {
  it('keeps a plain IPv4 address, trimmed, and drops its port', () => {
    expect(normalizeIp('203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('  198.51.100.4 ')).toBe('198.51.100.4');
    expect(normalizeIp('203.0.113.7:51234')).toBe('203.0.113.7');
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address it carries', () => {
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('[::ffff:203.0.113.7]:443')).toBe('203.0.113.7');
  });

  it('counts an IPv6 address by its /64, whatever its spelling', () => {
    expect(normalizeIp('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe('2001:db8:85a3:0::/64');
    expect(normalizeIp('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(normalizeIp('2001:DB8:0:0:0:0:0:1')).toBe('2001:db8:0:0::/64');
    expect(normalizeIp('[2001:db8::1]:8080')).toBe('2001:db8:0:0::/64');
    expect(normalizeIp('::1')).toBe('0:0:0:0::/64');
    expect(normalizeIp('::')).toBe('0:0:0:0::/64');
  });

  it('gives every address of one /64 the same key, and another /64 another', () => {
    const phone = normalizeIp('2001:db8:aaaa:bbbb:1::2');
    expect(normalizeIp('2001:DB8:AAAA:BBBB:ffff:ffff:ffff:ffff')).toBe(phone);
    expect(normalizeIp('2001:db8:aaaa:bbbb::')).toBe(phone);
    expect(normalizeIp('2001:db8:aaaa:bbbc::1')).not.toBe(phone);
  });

  it('returns what is not an address trimmed and lower-cased, so it still counts as one key', () => {
    expect(normalizeIp(' Not-An-IP ')).toBe('not-an-ip');
    expect(normalizeIp('1:2:3')).toBe('1:2:3');
    expect(normalizeIp('1:2:3:4:5:6:7:8:9')).toBe('1:2:3:4:5:6:7:8:9');
    expect(normalizeIp('1::2::3')).toBe('1::2::3');
  });
});

describe('clientIp', () => {
  const ip = (headers: Record<string, string>) => clientIp(new Headers(headers));

  it("prefers Cloudflare's cf-connecting-ip to x-forwarded-for", () => {
    expect(ip({ 'cf-connecting-ip': '198.51.100.9', 'x-forwarded-for': '203.0.113.7' })).toBe('198.51.100.9');
  });

  it('takes the first entry of an x-forwarded-for list (the client, not the proxies)', () => {
    expect(ip({ 'x-forwarded-for': '198.51.100.4, 10.0.0.1, 172.16.0.1' })).toBe('198.51.100.4');
    expect(ip({ 'x-forwarded-for': ' 2001:db8::5 ,10.0.0.1' })).toBe('2001:db8:0:0::/64');
    expect(ip({ 'x-forwarded-for': '::ffff:192.0.2.1, 127.0.0.1' })).toBe('192.0.2.1');
  });

  it('skips empty entries and an empty cf-connecting-ip', () => {
    expect(ip({ 'x-forwarded-for': ' , 127.0.0.1' })).toBe('127.0.0.1');
    expect(ip({ 'cf-connecting-ip': '  ', 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
  });

  it('is undefined when no header names an address: nothing is counted by IP', () => {
    expect(ip({})).toBeUndefined();
    expect(ip({ 'x-forwarded-for': ' , ' })).toBeUndefined();
  });
});
