import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildUniverse } from './universe.js';
import { parseDirectory } from '../sources/nasdaq-listings.js';
import { parseSecTickers } from '../sources/sec-company-tickers-history.js';

const nasdaq = parseDirectory([
  'Symbol|Security Name|Market Category|Test Issue|Financial Status|Round Lot Size|ETF|NextShares',
  'AAPL|Apple Inc. - Common Stock|Q|N|N|100|N|N',
  'ZTEST|Test Co - Common Stock|Q|Y|N|100|N|N',
  'File Creation Time: 0721202521:31|||||||',
].join('\n'), 'nasdaq');
const other = parseDirectory([
  'ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol',
  'BRK.B|Berkshire Hathaway Inc. New Common Stock|N|BRK.B|N|100|N|BRK.B',
  'BAC$B|Bank of America Corporation Depositary Shares 6.000% Non-Cumulative Preferred Stock, Series GG|N|BACpB|N|100|N|BAC-B',
  'BAC|Bank of America Corporation Common Stock|N|BAC|N|100|N|BAC',
  'SPY|SPDR S&P 500|P|SPY|Y|100|N|SPY',
].join('\n'), 'other');
const sec = parseSecTickers({ fields: ['cik', 'name', 'ticker', 'exchange'], data: [
  [320193, 'Apple Inc.', 'AAPL', 'Nasdaq'], [1067983, 'BERKSHIRE HATHAWAY INC', 'BRK-B', 'NYSE'],
  [70858, 'BANK OF AMERICA CORP /DE/', 'BAC', 'NYSE'], [999, 'OTC ONLY CORP', 'OTCX', 'OTC'],
] });
const history = [{ date: '2015-01-26', rows: parseDirectory('ACT Symbol|Security Name|Exchange|CQS Symbol|ETF|Round Lot Size|Test Issue|NASDAQ Symbol\nGONE|Gone Corp Common Stock|N|GONE|N|100|N|GONE\nBAC|Bank of America Corporation Common Stock|N|BAC|N|100|N|BAC', 'other') }];
const secHistory = [{ file: 'history/x.2023-05.json', month: '2023-05', rows: parseSecTickers({ data: [[1234, 'GONE CORP', 'GONE', 'NYSE'], [55, 'OLD SEC CO', 'OLDS', 'Nasdaq']] }) }];

const universe = buildUniverse({ directory: { date: '2025-07-21', rows: [...nasdaq, ...other] }, directoryHistory: history, derived: [], sec: { file: 'x', month: null, rows: sec }, secHistory });
const get = (s: string) => universe.find((e) => e.symbol === s);

test('listed = current directory or current SEC file; history-only symbols are delisted', () => {
  assert.equal(get('AAPL')?.listed, true);
  assert.equal(get('OTCX')?.listed, true);
  assert.equal(get('OTCX')?.exchange, 'OTC');
  assert.equal(get('GONE')?.listed, false);
  assert.equal(get('GONE')?.cik, '0000001234');
  assert.equal(get('GONE')?.lastSeen, '2015-01-26');
  assert.equal(get('OLDS')?.listed, false);
  assert.equal(get('ZTEST'), undefined, 'test issues are not securities');
});

test('directory symbols take SEC CIKs; derivatives their parent CIK when the issuer agrees', () => {
  assert.equal(get('BRK-B')?.cik, '0001067983');
  assert.equal(get('BRK-B')?.exchange, 'NYSE');
  assert.equal(get('BAC-PB')?.type, 'preferred stock');
  assert.equal(get('BAC-PB')?.cik, '0000070858');
  assert.equal(get('SPY')?.type, 'ETF');
  assert.equal(get('SPY')?.exchange, 'ARCA');
  assert.equal(get('SPY')?.cik, null);
  assert.equal(get('AAPL')?.mic, 'XNGS');
  assert.equal(get('AAPL')?.secRank, 0);
});
