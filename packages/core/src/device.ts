import { message, type Say } from './messages/index.ts';

/** A browser's user-agent string as people say it: "Chrome on Android", "Safari on iOS". */
export function describeDevice(userAgent: string | null | undefined, say: Say = message): string {
  if (!userAgent) return say('device.unknown');
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Chrome\//.test(userAgent)
      ? 'Chrome'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : say('device.browser');
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return system ? say('device.on', { browser, system }) : browser;
}
