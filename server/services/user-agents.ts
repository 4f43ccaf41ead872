// The browser and system a session was opened from, read from its User-Agent header for the list of sessions.
// Names only (no versions): enough for a person to tell "Chrome on Windows" from "Safari on iPhone".

export interface UserAgentNames {
  browser: string;
  system: string;
}

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari" too.
const BROWSERS: ReadonlyArray<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: ReadonlyArray<[RegExp, string]> = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

function firstMatch(userAgent: string, table: ReadonlyArray<[RegExp, string]>): string {
  return table.find(([pattern]) => pattern.test(userAgent))?.[1] ?? '';
}

export function userAgentNames(userAgent: string): UserAgentNames {
  return { browser: firstMatch(userAgent, BROWSERS), system: firstMatch(userAgent, SYSTEMS) };
}
