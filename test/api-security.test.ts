// The shared security suite over every registered endpoint, on the corpus test dataset (or, when
// run alone without `npm test`, a tiny synthetic dataset holding the registry examples' ticker).
import { after, before } from 'node:test';
import { ENDPOINTS } from '../src/service/endpoint-registry.js';
import { runSecuritySuite } from './support/security-suite.js';
import { buildTinyDataset } from './support/tiny-dataset.js';
import { hasCorpusDataset, startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
before(async () => {
  const datasetPath = hasCorpusDataset() ? undefined : buildTinyDataset([
    { cik: '0000320193', ticker: 'AAPL', years: [2015, 2020, 2023, 2024, 2025] },
    { cik: '0000731766', ticker: 'UNH', years: [2021], calls: [{ year: 2021, quarter: 3, date: '2021-10-14' }] },
  ]);
  server = await startTestServer(datasetPath ? { datasetPath } : {});
});
after(async () => { await server.close(); });

runSecuritySuite(ENDPOINTS, () => server);
