import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DetectionContext } from '../../src/detect/context.js';
import { deviceSerialRecognizer } from '../../src/detect/recognizers/devices/device-serial.js';

const rec = deviceSerialRecognizer();
const found = (text: string) => (rec.detect(new DetectionContext(text)) as Array<{ start: number; end: number }>).map((c) => text.slice(c.start, c.end));

test('device identifiers and serial numbers after a cue', () => {
  assert.deepEqual(found('Pump S/N: 88213-A was replaced; phone IMEI 356938035643809.'), ['88213-A', '356938035643809']);
  assert.deepEqual(found('MAC address 00:1A:2B:3C:4D:5E and UDI (01)00844588003288 logged.'), ['00:1A:2B:3C:4D:5E', '(01)00844588003288']);
  assert.deepEqual(found('Implant ID: BX-20417 checked.'), ['BX-20417']);
});

test('no code after the cue, or a bare count: nothing', () => {
  assert.deepEqual(found('The serial killer documentary; serial 2 units; device identifier missing.'), []);
});
