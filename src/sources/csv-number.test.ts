// csvNumber must give exactly what `+text` gives (prices are stored as parsed; datasets are compared byte for byte).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvNumber } from './csv-number.js';

function reference(s: string): number | null {
  if (s === '') return null;
  const n = +s;
  return Number.isFinite(n) ? n : null;
}

test('csvNumber agrees with the JavaScript parser on plain and unusual fields', () => {
  const fields = ['', '0', '-0', '1', '1.', '.5', '-.5', '.', '-', '12.34', '0.1', '0.3', '123456789012345', '1234567890123456',
    '99999999999999.9', '0.000001', '1e5', '1E-3', ' 7', '7 ', '0x1F', 'Infinity', '-Infinity', 'NaN', 'null', '1.2.3', '--1', '+3',
    '3.14159265358979', '184467.44073709', '2.675', '1.005', '8.325',
    // 16-17 digits (Yahoo's float32 closes) around the 2^53 bound of the exact path, and 22-23 decimals
    '161.6300048828125', '0.0945190042257309', '0.12221000343561172', '9007199254740991', '9007199254740992', '9007199254740993',
    '900719925474099.3', '0.9007199254740993', '0.0000000000000000000001', '0.00000000000000000000001', '1.0000000000000000000001'];
  for (const f of fields) {
    const line = `x,${f},y`;
    assert.ok(Object.is(csvNumber(line, 2, 2 + f.length), reference(f)), `field ${JSON.stringify(f)}`);
  }
});

test('csvNumber agrees with the JavaScript parser on random decimals', () => {
  let seed = 12345;
  const rnd = () => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed / 2147483648; };
  for (let k = 0; k < 200_000; k++) {
    const intDigits = Math.floor(rnd() * 9);
    const fracDigits = Math.floor(rnd() * (k % 2 ? 10 : 18));
    let s = rnd() < 0.1 ? '-' : '';
    for (let i = 0; i < intDigits; i++) s += Math.floor(rnd() * 10);
    if (fracDigits > 0 || rnd() < 0.1) s += '.';
    for (let i = 0; i < fracDigits; i++) s += Math.floor(rnd() * 10);
    assert.ok(Object.is(csvNumber(s, 0, s.length), reference(s)), `field ${JSON.stringify(s)}`);
  }
});
