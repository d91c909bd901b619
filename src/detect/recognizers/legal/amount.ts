import type { Candidate } from '../../../types.js';
import type { DetectionContext } from '../../context.js';
import type { Recognizer } from '../../recognizer.js';

/**
 * Sums of money and percentages (QUANTITY, court profile): "EUR 12,500",
 * "12,500 euros", "€3,000", "USD 1.2 million", "10,000 Swiss francs",
 * "DEM 20 000", "30%". Court judgments award and claim sums that, with the
 * case's dates, single out the applicant; annotators of court corpora mask them.
 * Currency codes are those of ISO 4217 most met in European judgments, with
 * pre-euro codes; currency words in English, French and German.
 */
const CODES = 'EUR|USD|GBP|CHF|RUB|TRY|TRL|YTL|UAH|PLN|RON|ROL|BGN|BGL|HUF|CZK|SKK|SEK|NOK|DKK|ISK|HRK|RSD|MKD|BAM|ALL|AMD|AZN|GEL|MDL|LTL|LVL|EEK|SIT|CYP|MTL|DEM|FRF|ITL|ESP|ATS|BEF|LUF|NLG|PTE|GRD|FIM|IEP|JPY|CNY|INR|CAD|AUD|NZD|ZAR|BRL|MXN';
const SYMBOLS = '€|\\$|£|¥|₽|₺|₴|zł|US\\$|C\\$|A\\$|Fr\\.|SFr\\.|kr\\.?|Kč|Ft|лв|руб\\.?';
const WORDS =
  '(?:US[ \\t\\u00a0]|Swiss[ \\t\\u00a0]|Deutsche?[ \\t\\u00a0]|Turkish[ \\t\\u00a0]|new[ \\t\\u00a0]|French[ \\t\\u00a0]|Belgian[ \\t\\u00a0])?(?:euros?|dollars?|pounds?(?:[ \\t\\u00a0]sterling)?|francs?|roubles?|rubles?|liras?|lire|lira|hryvnias?|hryvnyas?|zlotys?|zlotych|lei|leu|levs?|leva|forints?|korun[ay]?|crowns?|kron(?:er|or|a|ur)|marks?|schillings?|drachmas?|pesetas?|escudos?|dinars?|manats?|laris?|drams?|lats|litas|kunas?|yen|rupees?|Euro|Franken|Pfund)';
const SCALE = '(?:[ \\t\\u00a0](?:million|billion|thousand|m|bn|Mio\\.?|Mrd\\.?|millions?|milliards?))?';
/** 12,500 · 12.500 · 12 500 · 12500 · 12,500.50 · 1.2 — bounded repeats, so a long run of digit groups stays linear. */
const NUMBER = '\\d{1,3}(?:[,.\\u00a0\\u202f ]\\d{3}){1,5}(?:[.,]\\d{1,2})?|\\d{1,15}(?:[.,]\\d{1,2})?';
const AMOUNT = new RegExp(
  `(?<![\\p{L}\\p{N}])(?:(?:${CODES})[ \\t\\u00a0]?(?:${NUMBER})${SCALE}|(?:${SYMBOLS})[ \\t\\u00a0]?(?:${NUMBER})${SCALE}|(?:${NUMBER})${SCALE}[ \\t\\u00a0]?(?:(?:${CODES})(?![\\p{L}])|${WORDS}(?![\\p{L}])|(?:${SYMBOLS}))|(?:${NUMBER})[ \\t\\u00a0]?(?:%|per[ \\t\\u00a0]?cent(?![\\p{L}])|percent(?![\\p{L}])|pour[ \\t\\u00a0]cent|Prozent))`,
  'gu',
);

export function amountRecognizer(): Recognizer {
  return {
    name: 'amount',
    labels: ['QUANTITY'],
    detect(ctx: DetectionContext): Candidate[] {
      const out: Candidate[] = [];
      AMOUNT.lastIndex = 0;
      for (let m = AMOUNT.exec(ctx.text); m; m = AMOUNT.exec(ctx.text)) {
        let end = m.index + m[0].length;
        // "12,500 " before a currency word: trailing separators are no part of the number.
        while (end > m.index && /[ \t\u00a0.,]/.test(ctx.text[end - 1])) end--;
        out.push({ start: m.index, end, label: 'QUANTITY', score: 0.8 });
      }
      return out;
    },
  };
}
