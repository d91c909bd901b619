import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { ssnRecognizer } from './ssn.js';
import { einRecognizer } from './ein.js';
import { vinRecognizer } from './vin.js';
import { nhsNumberRecognizer } from './nhs-number.js';
import { ukNinoRecognizer } from './uk-nino.js';
import { canadianSinRecognizer } from './canadian-sin.js';
import { aadhaarRecognizer } from './aadhaar.js';
import { indianPanRecognizer } from './indian-pan.js';
import { germanTaxIdRecognizer } from './german-tax-id.js';
import { passportRecognizer } from './passport.js';
import { driversLicenceRecognizer } from './drivers-licence.js';
import { licencePlateRecognizer } from './licence-plate.js';
import { statePlateRecognizer } from './state-plate.js';
import { labelledRecordRecognizer } from './labelled-record.js';
import { employeeIdRecognizer } from './employee-id.js';

/**
 * Recognizers of the ids group: checksum-validated national numbers, and
 * label-anchored identifiers (record, passport, licence, plate, employee IDs).
 */
export function idsRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [
    ssnRecognizer(),
    einRecognizer(),
    vinRecognizer(),
    nhsNumberRecognizer(),
    ukNinoRecognizer(),
    canadianSinRecognizer(),
    aadhaarRecognizer(),
    indianPanRecognizer(),
    germanTaxIdRecognizer(),
    passportRecognizer(),
    driversLicenceRecognizer(),
    licencePlateRecognizer(),
    statePlateRecognizer(),
    labelledRecordRecognizer(),
    employeeIdRecognizer(),
  ];
}
