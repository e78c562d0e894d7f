// The ports fetch refuses to connect to, whatever the server ("bad ports", the Fetch standard's
// "block bad port": https://fetch.spec.whatwg.org/#bad-port). Node's fetch is undici, which keeps
// this list in lib/web/fetch/constants.js but does not export it from its package, and the
// contract is also bundled for the browser; so it is copied here, and fetch-bad-ports.test.ts
// fails if it ever differs from undici's own list or from what Node's fetch refuses.
// prettier-ignore
export const FETCH_BAD_PORTS: ReadonlySet<string> = new Set([
  '1', '7', '9', '11', '13', '15', '17', '19', '20', '21', '22', '23', '25', '37', '42', '43',
  '53', '69', '77', '79', '87', '95', '101', '102', '103', '104', '109', '110', '111', '113',
  '115', '117', '119', '123', '135', '137', '139', '143', '161', '179', '389', '427', '465',
  '512', '513', '514', '515', '526', '530', '531', '532', '540', '548', '554', '556', '563',
  '587', '601', '636', '989', '990', '993', '995', '1719', '1720', '1723', '2049', '3659',
  '4045', '4190', '5060', '5061', '6000', '6566', '6665', '6666', '6667', '6668', '6669',
  '6679', '6697', '10080',
]);

/** The port of an http(s) URL that fetch would refuse, or null (also for a URL it cannot parse). */
export function fetchBadPort(url: string): string | null {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return FETCH_BAD_PORTS.has(u.port) ? u.port : null;
  } catch {
    return null;
  }
}
