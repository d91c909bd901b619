import { LABELS, TAXONOMY } from '../taxonomy.js';

/**
 * The prompt of the LLM detector, built from the taxonomy so that it always
 * matches GUIDELINES.md. Bump PROMPT_VERSION whenever the wording changes: it
 * is part of the cache key.
 */
export const PROMPT_VERSION = 'splice-llm-1';

const RULES = [
  'A date or place of birth is BIRTH (not LOCATION).',
  "The person's own employer, school, job title or degree is EMPLOYMENT_EDUCATION (not ORGANIZATION).",
  'A hospital, clinic, practice or care provider is MEDICAL (not ORGANIZATION), unless it is the person\'s employer.',
  'A city, state or ZIP inside a full postal address belongs to the ADDRESS element; a city named on its own is LOCATION.',
  'A named event is EVENT even if it contains a place or a year.',
  'An accomplishment that contains an event is one ACHIEVEMENT element when the accomplishment is the point.',
];

const BOUNDARIES = [
  'Copy each element exactly as written in the text: same spelling, case and punctuation.',
  'Mark the smallest string that carries the whole value; leave out titles (Dr., Mr), articles and surrounding punctuation.',
  'Ages include their unit words ("47-year-old", "47 years old"). Phone numbers include country code and extension.',
  'For medical history mark the condition, procedure or medication phrase, not the whole sentence.',
  'Dates that are not dates of birth are not PII. Pronouns, gender words and generic roles ("the patient") are not PII.',
  'List every distinct element once; repeated mentions are found automatically.',
];

const EXAMPLE_TEXT = 'Dr. Maria Lopez saw a 47-year-old teacher from Pittsfield with a history of type 2 diabetes; call +1 (413) 555-0182.';
const EXAMPLE_ANSWER = {
  elements: [
    { text: 'Maria Lopez', label: 'PERSON_NAME' },
    { text: '47-year-old', label: 'DEMOGRAPHIC' },
    { text: 'teacher', label: 'EMPLOYMENT_EDUCATION' },
    { text: 'Pittsfield', label: 'LOCATION' },
    { text: 'type 2 diabetes', label: 'MEDICAL' },
    { text: '+1 (413) 555-0182', label: 'CONTACT' },
  ],
};

export function systemPrompt(): string {
  const categories = LABELS.map((l) => `- ${l} (${TAXONOMY[l].significance}): ${TAXONOMY[l].description}`).join('\n');
  return [
    'You find personally identifying information (PII) in text for a de-identification tool. Recall matters most: when unsure, include the element.',
    'Categories:',
    categories,
    'When two categories fit:',
    ...RULES.map((r) => `- ${r}`),
    'How to write each element:',
    ...BOUNDARIES.map((r) => `- ${r}`),
    'Answer with JSON only: {"elements": [{"text": "...", "label": "CATEGORY"}]}.',
    `Example text: ${EXAMPLE_TEXT}`,
    `Example answer: ${JSON.stringify(EXAMPLE_ANSWER)}`,
  ].join('\n');
}

export function userPrompt(chunk: string): string {
  return `Text:\n<<<\n${chunk}\n>>>`;
}

/** JSON schema for `response_format: {type: "json_schema"}`. */
export const ELEMENTS_SCHEMA = {
  name: 'pii_elements',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['elements'],
    properties: {
      elements: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'label'],
          properties: { text: { type: 'string' }, label: { type: 'string', enum: [...LABELS] } },
        },
      },
    },
  },
} as const;

/** Method B: does each element single out one person in a pool? */
export function assessmentPrompt(poolSize: number): string {
  return [
    `For each PII element below, judge whether it alone could identify one person within a pool of ${poolSize.toLocaleString('en-US')} people,`,
    'and estimate roughly how many people share that value (for a city: its population; for a job title: how many people hold it).',
    'Answer with JSON only: {"assessments": [{"text": "...", "identifying": true, "population": 1234}]}.',
  ].join(' ');
}

export const ASSESSMENTS_SCHEMA = {
  name: 'pii_assessments',
  strict: true,
  schema: {
    type: 'object',
    additionalProperties: false,
    required: ['assessments'],
    properties: {
      assessments: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['text', 'identifying', 'population'],
          properties: { text: { type: 'string' }, identifying: { type: 'boolean' }, population: { type: 'number' } },
        },
      },
    },
  },
} as const;
