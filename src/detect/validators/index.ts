/** Checksum and structure validators for identifiers and financial numbers. */
export { digitsOf, alnumUpper } from './digits.js';
export { luhnValid } from './luhn.js';
export { verhoeffValid } from './verhoeff.js';
export { abaRoutingValid } from './aba-routing.js';
export { nhsNumberValid } from './nhs-number.js';
export { vinShapeValid, vinCheckDigitValid, vinCheckDigitRequired } from './vin.js';
export { ibanValid, ibanLengthFor, mod97 } from './iban.js';
export { ssnValid, itinValid, einValid } from './us-tax-ids.js';
export { ukNinoValid, canadianSinValid, aadhaarValid, indianPanValid, germanTaxIdValid } from './national-ids.js';
export { paymentCardValid, cardBrand } from './payment-card.js';
