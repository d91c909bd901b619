import type { Recognizer } from '../../recognizer.js';
import type { RecognizerOptions } from '../../registry.js';
import { EmailRecognizer } from './email.js';
import { PhoneRecognizer } from './phone.js';
import { IpAddressRecognizer } from './ip-address.js';
import { UrlRecognizer } from './url.js';
import { SocialHandleRecognizer } from './social-handle.js';
import { UsernameRecognizer } from './username.js';

/** Recognizers of the contact group: e-mail, phone/fax, IP, URL, handles, user names. */
export function contactRecognizers(_options: RecognizerOptions): Recognizer[] {
  return [
    new EmailRecognizer(),
    new PhoneRecognizer(),
    new IpAddressRecognizer(),
    new UrlRecognizer(),
    new SocialHandleRecognizer(),
    new UsernameRecognizer(),
  ];
}
