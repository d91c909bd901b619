import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { deviceSerialRecognizer } from './device-serial.js';

/** Recognizers of the devices group: device identifiers and serial numbers (ID_NUMBER, every profile). */
export function devicesRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [deviceSerialRecognizer()];
}
