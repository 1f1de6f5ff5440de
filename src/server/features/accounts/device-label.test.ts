import { expect, test } from 'vitest';
import { deviceLabel } from './device-label';

test('a session’s device reads as browser, system and kind of device', () => {
  expect(
    deviceLabel(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    ),
  ).toBe('Chrome 131 on Windows 10, desktop');
  expect(
    deviceLabel(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ),
  ).toBe('Safari 17 on iOS 17.5, iPhone');
  expect(deviceLabel('curl/8.0')).toBe('Unknown browser');
  expect(deviceLabel('')).toBeNull();
  expect(deviceLabel(undefined)).toBeNull();
});
