/**
 * The evasion corpus: invented texts that hide PII the way a determined writer
 * would (invisible characters, look-alike letters, odd separators, numbers in
 * words, obfuscated e-mail addresses, spelled-out names ...). Every name,
 * number and address here is made up; card numbers and IBANs are generated to
 * pass their checksums, phone numbers use the fictional 555-01xx range.
 *
 * Each case lists the hidden PII as substrings of its text; a case is "fully"
 * redacted when every non-blank character of every PII string lies inside a
 * detected span (scored character by character, as a reader would see it).
 * Used by test/hardening/evasion.test.ts and bench/evasion.ts.
 */

export type EvasionKind =
  | 'zero-width'
  | 'soft-hyphen'
  | 'homoglyph'
  | 'full-width'
  | 'spaced-digits'
  | 'separators'
  | 'card-dots'
  | 'iban-lower'
  | 'email-obfuscated'
  | 'phone-words'
  | 'digit-words'
  | 'spelled-name'
  | 'leetspeak'
  | 'mixed-script'
  | 'lower-case-name'
  | 'id-word-before-phone';

export interface EvasionCase {
  kind: EvasionKind;
  text: string;
  /** Substrings of `text` that must be covered (each taken at its first occurrence). */
  pii: string[];
}

const ZW = '\u200B';
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const WJ = '\u2060';
const BOM = '\uFEFF';
const SHY = '\u00AD';

/** Latin letters written with Cyrillic look-alikes. */
const CYRILLIC: Record<string, string> = {
  a: '\u0430', c: '\u0441', e: '\u0435', o: '\u043E', p: '\u0440', x: '\u0445', y: '\u0443', i: '\u0456', j: '\u0458', s: '\u0455',
  A: '\u0410', B: '\u0412', C: '\u0421', E: '\u0415', H: '\u041D', I: '\u0406', J: '\u0408', K: '\u041A', M: '\u041C', O: '\u041E',
  P: '\u0420', S: '\u0405', T: '\u0422', X: '\u0425', Y: '\u0423',
};
/** Latin capitals written with Greek look-alikes. */
const GREEK: Record<string, string> = {
  A: '\u0391', B: '\u0392', E: '\u0395', Z: '\u0396', H: '\u0397', I: '\u0399', K: '\u039A', M: '\u039C', N: '\u039D', O: '\u039F',
  P: '\u03A1', T: '\u03A4', Y: '\u03A5', X: '\u03A7', o: '\u03BF', v: '\u03BD', i: '\u03B9',
};

/** Replace the letters of `only` (default: every letter with a look-alike) by Cyrillic ones. */
function cyr(s: string, only?: string): string {
  return [...s].map((ch) => (CYRILLIC[ch] && (!only || only.includes(ch)) ? CYRILLIC[ch] : ch)).join('');
}

function greek(s: string, only?: string): string {
  return [...s].map((ch) => (GREEK[ch] && (!only || only.includes(ch)) ? GREEK[ch] : ch)).join('');
}

/** Full-width forms of ASCII letters, digits and punctuation. */
function wide(s: string): string {
  return [...s].map((ch) => (ch > ' ' && ch <= '~' ? String.fromCharCode(ch.charCodeAt(0) + 0xfee0) : ch)).join('');
}

/** Mathematical bold letters and digits (astral code points: two UTF-16 units each). */
function bold(s: string): string {
  return [...s]
    .map((ch) => {
      if (ch >= 'A' && ch <= 'Z') return String.fromCodePoint(0x1d400 + ch.charCodeAt(0) - 65);
      if (ch >= 'a' && ch <= 'z') return String.fromCodePoint(0x1d41a + ch.charCodeAt(0) - 97);
      if (ch >= '0' && ch <= '9') return String.fromCodePoint(0x1d7ce + ch.charCodeAt(0) - 48);
      return ch;
    })
    .join('');
}

/** Circled digits. */
function circled(s: string): string {
  return [...s].map((ch) => (ch === '0' ? '\u24EA' : ch >= '1' && ch <= '9' ? String.fromCharCode(0x2460 + ch.charCodeAt(0) - 49) : ch)).join('');
}

/** `sep` between every two characters. */
function spread(s: string, sep: string): string {
  return [...s].join(sep);
}

function c(kind: EvasionKind, text: string, ...pii: string[]): EvasionCase {
  return { kind, text, pii };
}

export const EVASION_CASES: readonly EvasionCase[] = [
  // Zero-width characters inside names, addresses and numbers.
  c('zero-width', `Patient: Ma${ZW}rta Kowal${ZW}czyk was seen today.`, `Ma${ZW}rta Kowal${ZW}czyk`),
  c('zero-width', `Please forward this to Jo${ZWNJ}nathan Pri${ZWJ}ce before Friday.`, `Jo${ZWNJ}nathan Pri${ZWJ}ce`),
  c('zero-width', `Signed,\nEle${WJ}anor Vas${WJ}quez`, `Ele${WJ}anor Vas${WJ}quez`),
  c('zero-width', `Email: sam${ZW}.rey${ZW}es@outlook.com for the forms.`, `sam${ZW}.rey${ZW}es@outlook.com`),
  c('zero-width', `Call me at (413) 5${ZW}5${ZW}5-01${ZW}82 after six.`, `(413) 5${ZW}5${ZW}5-01${ZW}82`),
  c('zero-width', `SSN 538-2${ZW}9-61${ZW}74 is on file.`, `538-2${ZW}9-61${ZW}74`),
  c('zero-width', `My name is Tho${BOM}mas Ber${BOM}gstrom and I rent the flat.`, `Tho${BOM}mas Ber${BOM}gstrom`),
  c('zero-width', `Card number 4929${ZW}8810${ZW}3672${ZW}5516 was declined.`, `4929${ZW}8810${ZW}3672${ZW}5516`),
  c('zero-width', `Reach Dr. Ade${ZW}ola Oka${ZW}for on the ward.`, `Ade${ZW}ola Oka${ZW}for`),
  c('zero-width', `ask h${ZW}a${ZW}n${ZW}n${ZW}a about the keys`, `h${ZW}a${ZW}n${ZW}n${ZW}a`),
  c('zero-width', `Contact: Gre${ZWJ}ta Lind${ZWJ}qvist, 22 Elm Row`, `Gre${ZWJ}ta Lind${ZWJ}qvist`),
  c('zero-width', `IBAN DE47${ZW}3704${ZW}0044${ZW}0532${ZW}0130${ZW}77 for the deposit`, `DE47${ZW}3704${ZW}0044${ZW}0532${ZW}0130${ZW}77`),

  // Soft hyphens.
  c('soft-hyphen', `Contact Fran${SHY}cesca Mo${SHY}retti at the front desk.`, `Fran${SHY}cesca Mo${SHY}retti`),
  c('soft-hyphen', `The tenant, Bar${SHY}tholomew Kes${SHY}sler, paid late again.`, `Bar${SHY}tholomew Kes${SHY}sler`),
  c('soft-hyphen', `Write to greta${SHY}.lind${SHY}qvist@gmail.com with questions.`, `greta${SHY}.lind${SHY}qvist@gmail.com`),
  c('soft-hyphen', `Claimant: Ro${SHY}sa${SHY}lind Ha${SHY}ddad`, `Ro${SHY}sa${SHY}lind Ha${SHY}ddad`),
  c('soft-hyphen', `SSN: 531${SHY}-24${SHY}-7786`, `531${SHY}-24${SHY}-7786`),
  c('soft-hyphen', `Phone 603${SHY}-555${SHY}-0176 (evenings)`, `603${SHY}-555${SHY}-0176`),
  c('soft-hyphen', `Thanks for your help, Mi${SHY}chael Ob${SHY}ere`, `Mi${SHY}chael Ob${SHY}ere`),
  c('soft-hyphen', `card 4539${SHY}0177${SHY}8820${SHY}3467 on the account`, `4539${SHY}0177${SHY}8820${SHY}3467`),

  // Cyrillic and Greek look-alikes in names, e-mail addresses and identifiers.
  c('homoglyph', `Referred by Dr. ${cyr('Natasha Okonkwo', 'ao')} (cardiology).`, cyr('Natasha Okonkwo', 'ao')),
  c('homoglyph', `${cyr('John Smith', 'JoSi')} called about the invoice.`, cyr('John Smith', 'JoSi')),
  c('homoglyph', `Hi, I am ${greek('P', 'P')}${cyr('ablo Reyes', 'aoey')}, the new tenant.`, `${greek('P', 'P')}${cyr('ablo Reyes', 'aoey')}`),
  c('homoglyph', `Contact: ${cyr('maria.gonzalez@gmail.com', 'aoe')}`, cyr('maria.gonzalez@gmail.com', 'aoe')),
  c('homoglyph', `SSN: 219-63-448${cyr('O')}`, `219-63-448${cyr('O')}`),
  c('homoglyph', `Passport number ${cyr('X')}4829173 was issued in 2019.`, `${cyr('X')}4829173`),
  c('homoglyph', `Account holder ${cyr('Sarah Miller')} asked for a refund.`, cyr('Sarah Miller')),
  c('homoglyph', `Email the report to ${cyr('peter.novak', 'eo')}@yahoo.com today.`, `${cyr('peter.novak', 'eo')}@yahoo.com`),
  c('homoglyph', `Approved by ${greek('Katrin Meyer', 'KM')} on Monday.`, greek('Katrin Meyer', 'KM')),
  c('homoglyph', `username: ${cyr('shadow_fox88', 'ao')}`, cyr('shadow_fox88', 'ao')),
  c('homoglyph', `My daughter ${greek('Helena Andersen', 'HA')} starts school in May.`, greek('Helena Andersen', 'HA')),
  c('homoglyph', `Tenant ${cyr('Olga Petrova')} moved out.`, cyr('Olga Petrova')),
  c('homoglyph', `IBAN ${cyr('GB')}14${cyr('BARC')}20035348126491`, `${cyr('GB')}14${cyr('BARC')}20035348126491`),
  c('homoglyph', `call ${cyr('Ivan')} at 413-555-0182`, cyr('Ivan'), '413-555-0182'),

  // Full-width and other styled letters and digits.
  c('full-width', `SSN${wide(': 538-29-6174')}`, wide('538-29-6174')),
  c('full-width', `Call ${wide('413-555-0182')} tonight.`, wide('413-555-0182')),
  c('full-width', `Name: ${wide('Marco Rossi')}`, wide('Marco Rossi')),
  c('full-width', `email ${wide('jane.doe@gmail.com')} please`, wide('jane.doe@gmail.com')),
  c('full-width', `Card ${wide('4929 8810 3672 5516')} expired`, wide('4929 8810 3672 5516')),
  c('full-width', `${bold('Dana Kowalski')} signed the lease.`, bold('Dana Kowalski')),
  c('full-width', `SSN ${circled('538')}-${circled('29')}-${circled('6174')}`, `${circled('538')}-${circled('29')}-${circled('6174')}`),
  c('full-width', `IBAN ${wide('DE47370400440532013077')}`, wide('DE47370400440532013077')),
  c('full-width', `social security ${bold('531-24-7786')}`, bold('531-24-7786')),
  c('full-width', `Referred by ${wide('Dr. Ingrid Solberg')}`, wide('Ingrid Solberg')),

  // Digits separated by single spaces, in pairs or in groups of any size.
  c('spaced-digits', 'my ssn is 5 3 8 2 9 6 1 7 4 if you need it', '5 3 8 2 9 6 1 7 4'),
  c('spaced-digits', 'SSN 53 82 96 17 4 (please keep private)', '53 82 96 17 4'),
  c('spaced-digits', 'social security number 5382 96174', '5382 96174'),
  c('spaced-digits', 'card 4 9 2 9 8 8 1 0 3 6 7 2 5 5 1 6 thanks', '4 9 2 9 8 8 1 0 3 6 7 2 5 5 1 6'),
  c('spaced-digits', 'Visa 49 29 88 10 36 72 55 16 exp 09/27', '49 29 88 10 36 72 55 16'),
  c('spaced-digits', 'cc 492 988 103 672 551 6', '492 988 103 672 551 6'),
  c('spaced-digits', 'Card no. 49298 81036 72551 6', '49298 81036 72551 6'),
  c('spaced-digits', 'Her social is 219 634 480.', '219 634 480'),
  c('spaced-digits', 'phone 4 1 3 5 5 5 0 1 8 2', '4 1 3 5 5 5 0 1 8 2'),
  c('spaced-digits', 'mobile 41 35 55 01 82 anytime', '41 35 55 01 82'),
  c('spaced-digits', 'SSN 531 24 7786', '531 24 7786'),
  c('spaced-digits', 'the card is 5301 12 8475 9621 00', '5301 12 8475 9621 00'),
  c('spaced-digits', 'ss# 2 1 9 6 3 4 4 8 0', '2 1 9 6 3 4 4 8 0'),

  // Separators of every kind inside numbers.
  c('separators', 'SSN 538/29/6174', '538/29/6174'),
  c('separators', 'SSN 538\\29\\6174', '538\\29\\6174'),
  c('separators', 'SSN 538_29_6174', '538_29_6174'),
  c('separators', 'SSN 538|29|6174', '538|29|6174'),
  c('separators', 'SSN 538\u00B729\u00B76174', '538\u00B729\u00B76174'),
  c('separators', 'SSN 538\u202229\u20226174', '538\u202229\u20226174'),
  c('separators', 'SSN 538\t29\t6174', '538\t29\t6174'),
  c('separators', 'SSN 538-29-\n6174', '538-29-\n6174'),
  c('separators', 'SSN 5-3-8-2-9-6-1-7-4', '5-3-8-2-9-6-1-7-4'),
  c('separators', 'Call 413/555/0182 after lunch', '413/555/0182'),
  c('separators', 'Call 413_555_0182 after lunch', '413_555_0182'),
  c('separators', 'Call 413|555|0182 after lunch', '413|555|0182'),
  c('separators', 'Call 413\u00B7555\u00B70182 after lunch', '413\u00B7555\u00B70182'),
  c('separators', 'Call 413\u2022555\u20220182 after lunch', '413\u2022555\u20220182'),
  c('separators', 'Call (413)\t555\t0182 after lunch', '(413)\t555\t0182'),
  c('separators', 'call 413 555\n0182 after 5', '413 555\n0182'),
  c('separators', 'phone: 413 . 555 . 0182', '413 . 555 . 0182'),
  c('separators', 'Card 4929/8810/3672/5516', '4929/8810/3672/5516'),
  c('separators', 'Card 4929_8810_3672_5516', '4929_8810_3672_5516'),
  c('separators', 'Card 4929|8810|3672|5516', '4929|8810|3672|5516'),
  c('separators', 'Card 4929 8810\n3672 5516', '4929 8810\n3672 5516'),
  c('separators', 'Card 4929\\8810\\3672\\5516', '4929\\8810\\3672\\5516'),
  c('separators', 'tel. 603~555~0176', '603~555~0176'),

  // Card numbers written with dots.
  c('card-dots', 'Card 4929.8810.3672.5516 expires 09/27', '4929.8810.3672.5516'),
  c('card-dots', 'Paid with 5301.1284.7596.2100 yesterday.', '5301.1284.7596.2100'),
  c('card-dots', 'amex 3782.910465.53011', '3782.910465.53011'),
  c('card-dots', 'my card: 4.9.2.9.8.8.1.0.3.6.7.2.5.5.1.6', '4.9.2.9.8.8.1.0.3.6.7.2.5.5.1.6'),
  c('card-dots', '4539.0177.8820.3467 is the card on file', '4539.0177.8820.3467'),
  c('card-dots', 'discover 6011. 9023. 4477. 2182', '6011. 9023. 4477. 2182'),
  c('card-dots', 'use 2223.1490.6677.5125 for the deposit', '2223.1490.6677.5125'),

  // IBANs in lower case (or mixed), with no cue word.
  c('iban-lower', 'send it to de47370400440532013077 thanks', 'de47370400440532013077'),
  c('iban-lower', 'transfer to gb14 barc 2003 5348 1264 91 by friday', 'gb14 barc 2003 5348 1264 91'),
  c('iban-lower', 'pay fr1420041010050500013m02606 today', 'fr1420041010050500013m02606'),
  c('iban-lower', 'es91 2100 0418 4502 0005 1332 is where the rent goes', 'es91 2100 0418 4502 0005 1332'),
  c('iban-lower', 'refund to ie29aibk93115212345678 please', 'ie29aibk93115212345678'),
  c('iban-lower', 'my bank: De44 5001 0517 5407 3249 31', 'De44 5001 0517 5407 3249 31'),
  c('iban-lower', 'wire to nl91-abna-0417-1643-00', 'nl91-abna-0417-1643-00'),

  // Obfuscated e-mail addresses.
  c('email-obfuscated', 'email me: jane.doe @ gmail.com', 'jane.doe @ gmail.com'),
  c('email-obfuscated', 'jane.doe@ gmail.com is best', 'jane.doe@ gmail.com'),
  c('email-obfuscated', 'reach me at tomas.berg (at) outlook (dot) com', 'tomas.berg (at) outlook (dot) com'),
  c('email-obfuscated', 'priya.nair[at]protonmail[dot]com', 'priya.nair[at]protonmail[dot]com'),
  c('email-obfuscated', 'kofi dot mensah at gmail dot com', 'kofi dot mensah at gmail dot com'),
  c('email-obfuscated', 'write to liam_oconnor at yahoo dot co dot uk', 'liam_oconnor at yahoo dot co dot uk'),
  c('email-obfuscated', 'lena.fischer{at}web.de', 'lena.fischer{at}web.de'),
  c('email-obfuscated', 'mail: olga.petrova%40gmail.com', 'olga.petrova%40gmail.com'),
  c('email-obfuscated', 'link: mailto:raj.patel%40fastmail.com', 'raj.patel%40fastmail.com'),
  c('email-obfuscated', 'contact margue-\nrite.dubois@gmail.com', 'margue-\nrite.dubois@gmail.com'),
  c('email-obfuscated', 'send to marguerite.dubois@out-\nlook.com', 'marguerite.dubois@out-\nlook.com'),
  c('email-obfuscated', 'ana . silva @ gmail . com', 'ana . silva @ gmail . com'),
  c('email-obfuscated', 'hugo.lambert AT hotmail DOT fr', 'hugo.lambert AT hotmail DOT fr'),
  c('email-obfuscated', 'chen.wei [@] qq [.] com', 'chen.wei [@] qq [.] com'),
  c('email-obfuscated', 'user: sofia.r(at)gmx.de', 'sofia.r(at)gmx.de'),
  c('email-obfuscated', 'j.kowalski <at> wp <dot> pl', 'j.kowalski <at> wp <dot> pl'),
  c('email-obfuscated', 'daniel.okoro@\ngmail.com', 'daniel.okoro@\ngmail.com'),
  c('email-obfuscated', 'mail n.haddad at proton dot me', 'n.haddad at proton dot me'),
  c('email-obfuscated', 'bea_lindt (at) icloud.com', 'bea_lindt (at) icloud.com'),

  // Phone numbers written in words, or words mixed with digits.
  c('phone-words', 'call four one three, five five five, zero one eight two', 'four one three, five five five, zero one eight two'),
  c('phone-words', 'My number is four one three five five five oh one eight two.', 'four one three five five five oh one eight two'),
  c('phone-words', 'ring me on 413 five five five 0182', '413 five five five 0182'),
  c('phone-words', 'text 4one3-555-01eight2 tonight', '4one3-555-01eight2'),
  c('phone-words', 'Phone: six zero three, five five five, zero one seven six', 'six zero three, five five five, zero one seven six'),
  c('phone-words', 'the number is (four one three) five five five - zero one eight two', '(four one three) five five five - zero one eight two'),
  c('phone-words', 'Call 603-555-zero-one-seven-six', '603-555-zero-one-seven-six'),
  c('phone-words', 'my cell: nine one seven five five five zero one two two', 'nine one seven five five five zero one two two'),
  c('phone-words', 'FOUR ONE THREE FIVE FIVE FIVE ZERO ONE EIGHT TWO is my line', 'FOUR ONE THREE FIVE FIVE FIVE ZERO ONE EIGHT TWO'),
  c('phone-words', 'call four one three, triple five, zero one eight two', 'four one three, triple five, zero one eight two'),
  c('phone-words', 'whatsapp: two one two five five five zero one four seven', 'two one two five five five zero one four seven'),

  // Other numbers written in words.
  c('digit-words', 'ssn five three eight two nine six one seven four', 'five three eight two nine six one seven four'),
  c('digit-words', 'SSN: 538 two nine 6174', '538 two nine 6174'),
  c('digit-words', 'card four nine two nine 8810 3672 5516', 'four nine two nine 8810 3672 5516'),
  c('digit-words', 'social is five three one - two four - seven seven eight six', 'five three one - two four - seven seven eight six'),
  c('digit-words', 'my social security number: two one nine, six three, four four eight zero', 'two one nine, six three, four four eight zero'),

  // Names spelled out letter by letter.
  c('spelled-name', 'My name is J-O-H-N S-M-I-T-H.', 'J-O-H-N S-M-I-T-H'),
  c('spelled-name', 'name: j o h n s m i t h', 'j o h n s m i t h'),
  c('spelled-name', 'Last name is spelled K-O-W-A-L-S-K-I.', 'K-O-W-A-L-S-K-I'),
  c('spelled-name', 'P.R.I.Y.A. will pick it up', 'P.R.I.Y.A'),
  c('spelled-name', 'signed m a r c o r o s s i', 'm a r c o r o s s i'),
  c('spelled-name', 'Tenant: D_A_N_A K_O_W_A_L_S_K_I', 'D_A_N_A K_O_W_A_L_S_K_I'),
  c('spelled-name', 'her name is g.r.e.t.a', 'g.r.e.t.a'),
  c('spelled-name', 'I am T O M A S Z  N O W A K', 'T O M A S Z  N O W A K'),
  c('spelled-name', 'the caller was E-M-E-K-A', 'E-M-E-K-A'),

  // Leetspeak in handles and names.
  c('leetspeak', 'find me on insta: d4n4_k0w4lsk1', 'd4n4_k0w4lsk1'),
  c('leetspeak', 'my gamertag is sh4d0w_w0lf_88', 'sh4d0w_w0lf_88'),
  c('leetspeak', 'telegram: j0hn_sm1th', 'j0hn_sm1th'),
  c('leetspeak', 'J0hn Sm1th signed the form', 'J0hn Sm1th'),
  c('leetspeak', 'patient m4ri4 g0nz4l3z called twice', 'm4ri4 g0nz4l3z'),
  c('leetspeak', '@pr1y4_n41r posted the photos', '@pr1y4_n41r'),
  c('leetspeak', 'My name is M4rc0 R0ss1.', 'M4rc0 R0ss1'),
  c('leetspeak', 'discord: gr3t4.l1ndqv1st', 'gr3t4.l1ndqv1st'),

  // Several scripts mixed inside one field.
  c('mixed-script', `Dear ${greek('A', 'A')}l${cyr('e')}ksandr P${cyr('e')}tr${cyr('o')}v,`, `${greek('A', 'A')}l${cyr('e')}ksandr P${cyr('e')}tr${cyr('o')}v`),
  c('mixed-script', `Signed: ${cyr('M')}aria K${cyr('o')}walska`, `${cyr('M')}aria K${cyr('o')}walska`),
  c('mixed-script', `email: ${cyr('a')}nna.smith@gm${cyr('a')}il.com`, `${cyr('a')}nna.smith@gm${cyr('a')}il.com`),
  c('mixed-script', `SSN 5\uFF138-2\uFF19-61\uFF174`, '5\uFF138-2\uFF19-61\uFF174'),
  c('mixed-script', 'call \uFF1413-5\uFF155-0182', '\uFF1413-5\uFF155-0182'),
  c('mixed-script', `Patient ${greek('Nikos', 'N')} ${cyr('Papadopoulos', 'ao')} was discharged.`, `${greek('Nikos', 'N')} ${cyr('Papadopoulos', 'ao')}`),
  c('mixed-script', `card ${wide('4929')} 8810 ${circled('3672')} 5516`, `${wide('4929')} 8810 ${circled('3672')} 5516`),

  // Lower-case names where the context says name.
  c('lower-case-name', 'hi, my name is dana kowalski and i need help with my bill', 'dana kowalski'),
  c('lower-case-name', 'ask for priya at the front desk', 'priya'),
  c('lower-case-name', 'thanks,\nmarco', 'marco'),
  c('lower-case-name', 'this is tomasz nowak calling back about the leak', 'tomasz nowak'),
  c('lower-case-name', 'cheers\n- leila haddad', 'leila haddad'),
  c('lower-case-name', 'you can talk to emeka about it', 'emeka'),
  c('lower-case-name', "i'm gabriela reyes, the new tenant", 'gabriela reyes'),
  c('lower-case-name', 'call me yusuf', 'yusuf'),
  c('lower-case-name', 'best regards,\ningrid lindqvist', 'ingrid lindqvist'),
  c('lower-case-name', 'name: soren lindqvist', 'soren lindqvist'),
  c('lower-case-name', 'my name is chidi okafor', 'chidi okafor'),
  c('lower-case-name', 'please speak with mei about the refund', 'mei'),

  // An identifier word before a phone number must not hide the phone number.
  c('id-word-before-phone', 'MRN 4821337. If questions, (413) 555-0182.', '(413) 555-0182'),
  c('id-word-before-phone', 'Policy #A99812, for claims call (603) 555-0176.', '(603) 555-0176'),
  c('id-word-before-phone', 'Member ID 77812 - phone 413-555-0182', '413-555-0182'),
  c('id-word-before-phone', 'account 55-1932; reach me at (212) 555-0147', '(212) 555-0147'),
  c('id-word-before-phone', 'id 8821. mobile 603-555-0176', '603-555-0176'),
  c('id-word-before-phone', 'Your policy renews in May. Questions? (413) 555-0182', '(413) 555-0182'),

  // A second set, written after the recognizers, in other words and with other values.
  c('zero-width', `Pls send the docs to Fe${ZW}lix Ha${ZW}rrington by noon`, `Fe${ZW}lix Ha${ZW}rrington`),
  c('soft-hyphen', `Client: Os${SHY}waldo Pe${SHY}reira`, `Os${SHY}waldo Pe${SHY}reira`),
  c('zero-width', `DOB 04/12/1988, SSN 3${ZW}8${ZW}1-4${ZW}2-7${ZW}7${ZW}1${ZW}9`, `3${ZW}8${ZW}1-4${ZW}2-7${ZW}7${ZW}1${ZW}9`),
  c('zero-width', `email: t${ZW}om.h${ZW}ardy@proton.me`, `t${ZW}om.h${ZW}ardy@proton.me`),
  c('soft-hyphen', `card 5${SHY}3${SHY}0${SHY}1 1284 7596 2100`, `5${SHY}3${SHY}0${SHY}1 1284 7596 2100`),
  c('zero-width', `her maiden name was Wój${ZW}cik`, `Wój${ZW}cik`),
  c('homoglyph', 'The patient, \u0421harlotte \u0412rown, was admitted', '\u0421harlotte \u0412rown'),
  c('homoglyph', 'wire to \u0399\u0392\u0391\u039D FR14 2004 1010 0505 0001 3M02 606', 'FR14 2004 1010 0505 0001 3M02 606'),
  c('homoglyph', 'Kindly contact \u041Ciguel \u0405antos regarding the invoice', '\u041Ciguel \u0405antos'),
  c('homoglyph', 'my email is d\u0430vid.ch\u0435n@outlook.com', 'd\u0430vid.ch\u0435n@outlook.com'),
  c('full-width', wide('Phone: (212) 555-0147'), wide('(212) 555-0147')),
  c('full-width', `${wide('SSN')}\u3000${wide('219-63-4480')}`, wide('219-63-4480')),
  c('full-width', `Contact ${wide('alex.kim@yahoo.com')}`, wide('alex.kim@yahoo.com')),
  c('full-width', `Signed ${wide('Hannah Lee')}`, wide('Hannah Lee')),
  c('spaced-digits', 'SSN: 381 42 7719', '381 42 7719'),
  c('separators', 'social sec # 381.42.7719', '381.42.7719'),
  c('spaced-digits', 'ssn 38 14 27 71 9', '38 14 27 71 9'),
  c('separators', 'card: 4916-7330 1258-8472', '4916-7330 1258-8472'),
  c('spaced-digits', 'cc# 49 16 73 30 12 58 84 72', '49 16 73 30 12 58 84 72'),
  c('separators', 'Visa 4916/7330/1258/8472', '4916/7330/1258/8472'),
  c('separators', 'ph: 212 / 555 / 0147', '212 / 555 / 0147'),
  c('separators', 'cell (212)-555-0147', '(212)-555-0147'),
  c('spaced-digits', 'text me at 2 1 2 5 5 5 0 1 4 7', '2 1 2 5 5 5 0 1 4 7'),
  c('separators', 'SSN 381_42_7719', '381_42_7719'),
  c('separators', 'card number 4916 7330\n1258 8472', '4916 7330\n1258 8472'),
  c('card-dots', 'Mastercard 5301 1284.7596.2100', '5301 1284.7596.2100'),
  c('iban-lower', 'iban: gb29nwbk60161331926819', 'gb29nwbk60161331926819'),
  c('iban-lower', 'my iban is de44 5001-0517-5407-3249-31', 'de44 5001-0517-5407-3249-31'),
  c('iban-lower', 'send to it60x0542811101000000123456', 'it60x0542811101000000123456'),
  c('email-obfuscated', 'my mail: tom.hardy at gmail dot com', 'tom.hardy at gmail dot com'),
  c('email-obfuscated', 'hit me up: sara(dot)lee(at)gmail(dot)com', 'sara(dot)lee(at)gmail(dot)com'),
  c('email-obfuscated', 'contact: priyanka [dot] rao [at] yahoo [dot] co [dot] in', 'priyanka [dot] rao [at] yahoo [dot] co [dot] in'),
  c('email-obfuscated', 'write to mark.twain AT aol DOT com', 'mark.twain AT aol DOT com'),
  c('email-obfuscated', 'email is jenny_w @ hotmail . co . uk', 'jenny_w @ hotmail . co . uk'),
  c('email-obfuscated', 'j.ortiz%40outlook.com', 'j.ortiz%40outlook.com'),
  c('email-obfuscated', 'reach out at k.nakamura\uFF20gmail.com', 'k.nakamura\uFF20gmail.com'),
  c('email-obfuscated', 'pm me: lee.chang (@) gmail.com', 'lee.chang (@) gmail.com'),
  c('email-obfuscated', 'my email: olivia-\nbrooks@gmail.com', 'olivia-\nbrooks@gmail.com'),
  c('phone-words', 'call me on two one two, five five five, zero one four seven', 'two one two, five five five, zero one four seven'),
  c('phone-words', "number's 212 555 oh one four seven", '212 555 oh one four seven'),
  c('phone-words', 'my phone number is two-one-two-five-five-five-zero-one-four-seven', 'two-one-two-five-five-five-zero-one-four-seven'),
  c('phone-words', 'text me: nine-one-seven 555 zero one two two', 'nine-one-seven 555 zero one two two'),
  c('phone-words', 'Phone: 6one7 5five5 0one3nine', '6one7 5five5 0one3nine'),
  c('digit-words', 'my social is three eight one, four two, seven seven one nine', 'three eight one, four two, seven seven one nine'),
  c('digit-words', 'ssn: 3 eight 1 - 4 two - 7 7 1 9', '3 eight 1 - 4 two - 7 7 1 9'),
  c('spelled-name', 'The name is spelled O-L-I-V-I-A.', 'O-L-I-V-I-A'),
  c('spelled-name', 's-a-r-a-h c-o-n-n-o-r called', 's-a-r-a-h c-o-n-n-o-r'),
  c('spelled-name', 'my last name: N.G.U.Y.E.N', 'N.G.U.Y.E.N'),
  c('spelled-name', 'first name R O B E R T O', 'R O B E R T O'),
  c('leetspeak', 'follow me @s4r4h_c0nn0r', '@s4r4h_c0nn0r'),
  c('leetspeak', 'my ig is m1gu3l.s4nt0s', 'm1gu3l.s4nt0s'),
  c('leetspeak', "it's R0b3rt0 G0m3z here", 'R0b3rt0 G0m3z'),
  c('leetspeak', 'add me on snap: k4t1e_b', 'k4t1e_b'),
  c('lower-case-name', 'hey its jenny from accounting', 'jenny'),
  c('lower-case-name', 'regards\nkatie', 'katie'),
  c('lower-case-name', 'my name is li wei', 'li wei'),
  c('lower-case-name', 'talk soon,\nbenjamin', 'benjamin'),
  c('lower-case-name', 'i am rahul sharma', 'rahul sharma'),
  c('lower-case-name', 'name - fatima zahra', 'fatima zahra'),
  c('mixed-script', 'Dr. \u0410nn\u0430 K\u043Ewalska', '\u0410nn\u0430 K\u043Ewalska'),
  c('mixed-script', 'email: \u0458\u0430\u0441\u043Eb.\u0455mith@gmail.com', '\u0458\u0430\u0441\u043Eb.\u0455mith@gmail.com'),
  c('mixed-script', 'SSN \uFF13\uFF181-4\uFF12-77\uFF119', '\uFF13\uFF181-4\uFF12-77\uFF119'),
  c('id-word-before-phone', 'Acct 88213. Call me at 212-555-0147', '212-555-0147'),
  c('id-word-before-phone', "Patient ID: 44190; daughter's cell 917-555-0122", '917-555-0122'),
  c('id-word-before-phone', 'Claim no. 7781. For updates, phone (415) 555-0163.', '(415) 555-0163'),
  c('id-word-before-phone', 'member since 2019, reach me at 212 555 0147', '212 555 0147'),
  c('id-word-before-phone', 'Policy holder: Dana Reyes (212) 555-0147', '(212) 555-0147'),

  // A third set: spaced digits inside groups, spaced-out addresses, leetspeak with signs, UK numbers in words.
  c('spaced-digits', 'reach me 4 1 3 - 5 5 5 - 0 1 8 2 after nine', '4 1 3 - 5 5 5 - 0 1 8 2'),
  c('spaced-digits', 'file under 5 3 8 - 2 9 - 6 1 7 4', '5 3 8 - 2 9 - 6 1 7 4'),
  c('spaced-digits', 'card 4 9 2 9 / 8 8 1 0 / 3 6 7 2 / 5 5 1 6', '4 9 2 9 / 8 8 1 0 / 3 6 7 2 / 5 5 1 6'),
  c('separators', 'My SSN:\n538\n29\n6174', '538\n29\n6174'),
  c('email-obfuscated', 'mail: j a n e . d o e @ g m a i l . c o m thanks', 'j a n e . d o e @ g m a i l . c o m'),
  c('email-obfuscated', 'jane%2Edoe%40gmail%2Ecom', 'jane%2Edoe%40gmail%2Ecom'),
  c('email-obfuscated', 'email: dana(at)kowalski(dot)net', 'dana(at)kowalski(dot)net'),
  c('phone-words', 'call me on oh seven seven double oh nine double oh one two three', 'oh seven seven double oh nine double oh one two three'),
  c('phone-words', 'reach me at 4 one 3 5 5 5 0 1 8 2', '4 one 3 5 5 5 0 1 8 2'),
  c('phone-words', 'tel: +1 four one three 555 0182', '+1 four one three 555 0182'),
  c('separators', 'ssn 5-3-8-2-9-6-1-7-4', '5-3-8-2-9-6-1-7-4'),
  c('leetspeak', '$arah and m@ria came by', '$arah', 'm@ria'),
  c('lower-case-name', 'john kowalski called about the rent', 'john kowalski'),
  c('lower-case-name', 'Patient: soren lindqvist, 54', 'soren lindqvist'),
  c('lower-case-name', 'cheers, dana', 'dana'),
  c('homoglyph', 'cell: 4l3.555.Ol82', '4l3.555.Ol82'),
  c('spelled-name', 'name J\u2013O\u2013H\u2013N', 'J\u2013O\u2013H\u2013N'),
];

export type Outcome = 'full' | 'partial' | 'missed';

/** Non-blank characters of the case's PII that no span covers (offsets into the text). */
export function uncovered(item: EvasionCase, spans: readonly { start: number; end: number }[]): number[] {
  const covered = new Uint8Array(item.text.length);
  for (const s of spans) covered.fill(1, s.start, s.end);
  const out: number[] = [];
  for (const p of item.pii) {
    const at = item.text.indexOf(p);
    if (at < 0) throw new Error(`PII string not in its case text (kind ${item.kind})`);
    for (let i = at; i < at + p.length; i++) if (!covered[i] && !/\s/.test(item.text[i])) out.push(i);
  }
  return out;
}

export function outcomeOf(item: EvasionCase, spans: readonly { start: number; end: number }[]): Outcome {
  const missing = uncovered(item, spans).length;
  if (missing === 0) return 'full';
  const total = item.pii.reduce((n, p) => n + p.replace(/\s/g, '').length, 0);
  return missing === total ? 'missed' : 'partial';
}
