import { expect, test } from 'vitest';
import { clientNetwork } from './client-network';

test.each([
  ['203.0.113.7', '203.0.113.7'],
  ['::ffff:203.0.113.7', '203.0.113.7'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
  ['2001:db8::1', '2001:db8:0:0::/64'],
  ['2001:DB8:1:2::abcd', '2001:db8:1:2::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
])('%s counts as %s', (ip, network) => {
  expect(clientNetwork(ip)).toBe(network);
});

test('two addresses in one /64 are one client; another /64 is another', () => {
  expect(clientNetwork('2001:db8:1:2::1')).toBe(clientNetwork('2001:db8:1:2:ffff:ffff:ffff:ffff'));
  expect(clientNetwork('2001:db8:1:2::1')).not.toBe(clientNetwork('2001:db8:1:3::1'));
});
