/**
 * Headers of a current desktop Chrome on Windows. The site treats requests without them as
 * bots sooner; bump CHROME_MAJOR when Chrome's stable channel moves on.
 */
const CHROME_MAJOR = 142;

export const USER_AGENT = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${CHROME_MAJOR}.0.0.0 Safari/537.36`;

const COMMON: Readonly<Record<string, string>> = {
  'user-agent': USER_AGENT,
  'accept-language': 'en-US,en;q=0.9',
  // zstd is what Chrome also offers, but Node 20's zlib cannot decode it, so it is left out.
  'accept-encoding': 'gzip, deflate, br',
  'sec-ch-ua': `"Chromium";v="${CHROME_MAJOR}", "Google Chrome";v="${CHROME_MAJOR}", "Not_A Brand";v="99"`,
  'sec-ch-ua-mobile': '?0',
  'sec-ch-ua-platform': '"Windows"',
  'cache-control': 'no-cache',
  pragma: 'no-cache',
};

/** Headers of the XHR/fetch calls the site's own pages make (search pages, typeahead, voyager). */
export function browserFetchHeaders(referer: string): Record<string, string> {
  return {
    ...COMMON,
    accept: '*/*',
    'sec-fetch-dest': 'empty',
    'sec-fetch-mode': 'cors',
    'sec-fetch-site': 'same-origin',
    referer,
  };
}
