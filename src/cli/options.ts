import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve as resolvePath } from 'node:path';
import { Option, type Command } from 'commander';
import { Pipeline, type PipelineOptions } from '../pipeline.js';
import { parsePolicy, type RedactionPolicy } from '../redact/policy.js';
import type { OperatorSettings } from '../redact/operators.js';
import { ALL_LABELS, isLabel, type Label } from '../taxonomy.js';
import type { Profile } from '../types.js';
import { PROFILES } from '../profiles/index.js';
import type { RedactionScope } from '../assess/index.js';
import { UsageError } from './errors.js';
import { LLM_DEFAULTS, llmConfigFrom, type LlmConfig } from '../llm/config.js';
import { DEFAULT_EXTENSIONS, DEFAULT_MAX_BYTES, parseByteSize } from './input.js';

/**
 * Options shared by the commands that run the engine. Commands call
 * addEngineOptions / addRedactionOptions / addInputOptions on their Command and
 * toPipelineOptions / toInputSettings on what commander parsed. New engine
 * options (for example an LLM detector) belong here, so every command and the
 * batch workers see them.
 */

/** recall | balanced | precision | spec | safe-harbor | court (src/profiles). */
export { PROFILES };

/** What commander hands back for the engine and redaction options (all optional: detect has no redaction options). */
export interface EngineCliOptions {
  profile?: string;
  labels?: string;
  operator?: string;
  hashKey?: string;
  maskChar?: string;
  maskWidth?: string;
  /** Which elements redact removes (src/assess): 'all' or 'identifying'. */
  policy?: string;
  /** surrogate / neighbour operators (src/redact/surrogate). */
  surrogateKey?: string;
  dateShift?: string;
  dateShiftDays?: string;
  keepWeekday?: boolean;
  neighbours?: string;
  generalizeLevel?: string;
  poolSize?: string;
  basePopulation?: string;
  llm?: boolean;
  llmBaseUrl?: string;
  llmModel?: string;
  llmApiKey?: string;
  llmTimeout?: string;
  llmRetries?: string;
  llmConcurrency?: string;
  llmChunkChars?: string;
  llmOverlapChars?: string;
  llmMaxTokens?: string;
  llmCache?: string;
  llmAssess?: boolean;
  onLlmError?: string;
  /** A tagger model trained by `splice train` (replaces the bundled one). */
  model?: string;
}

export function addEngineOptions(command: Command): Command {
  return command
    .addOption(new Option('--profile <profile>', 'detection profile: strictness (recall, balanced, precision) or practice (spec: the 14 categories only; safe-harbor: HIPAA; court: judgments)').choices(PROFILES as string[]).default('balanced'))
    .option('--labels <labels>', `only detect these categories, comma-separated (${ALL_LABELS.join(', ')})`)
    .option('--pool-size <n>', 'identifiability: an element identifies when fewer than N people share it (default 10000)')
    .option('--base-population <n>', 'identifiability: population the person is drawn from (default: country of the places named, else the world)')
    .option('--llm', 'add the LLM detector (an OpenAI-compatible server; see --llm-base-url)')
    .option('--llm-base-url <url>', 'LLM server base URL, e.g. http://127.0.0.1:8080/v1 (default: $SPLICE_LLM_BASE_URL)')
    .option('--llm-model <name>', 'LLM model name (default: $SPLICE_LLM_MODEL)')
    .option('--llm-api-key <key>', 'LLM API key, if the server needs one (default: $SPLICE_LLM_API_KEY)')
    .option('--llm-timeout <ms>', 'LLM request timeout in milliseconds', String(LLM_DEFAULTS.timeoutMs))
    .option('--llm-retries <n>', 'LLM retries on 429 / 5xx / timeouts / malformed answers', String(LLM_DEFAULTS.retries))
    .option('--llm-concurrency <n>', 'LLM requests in flight at once', String(LLM_DEFAULTS.concurrency))
    .option('--llm-chunk-chars <n>', 'characters per chunk sent to the LLM', String(LLM_DEFAULTS.chunkChars))
    .option('--llm-overlap-chars <n>', 'characters shared by consecutive chunks', String(LLM_DEFAULTS.overlapChars))
    .option('--llm-max-tokens <n>', 'estimated LLM token budget per document', String(LLM_DEFAULTS.maxTokensPerDocument))
    .option('--llm-cache <dir>', 'opt-in cache of LLM answers (stores offsets, never text)')
    .option('--llm-assess', "also ask the LLM whether each element identifies someone (method B)")
    .addOption(new Option('--on-llm-error <mode>', "'fail' stops the document (fail closed); 'degrade' warns and continues").choices(['fail', 'degrade']).default('fail'))
    .option('--model <file>', 'statistical tagger model trained by `splice train` (default: the bundled model); used where the profile runs the tagger');
}

export function addRedactionOptions(command: Command): Command {
  return command
    .option('--operator <spec>', 'tag | mask | remove | hash | generalize | surrogate | neighbour for every category, or per category: LABEL=op,LABEL=op', 'tag')
    .option('--hash-key <key>', 'secret key for the hash operator (default: $SPLICE_HASH_KEY)')
    .option('--mask-char <char>', 'character used by the mask operator', '█')
    .option('--mask-width <n>', 'width of every mask block (fixed, so lengths do not leak)', '8')
    .option('--surrogate-key <key>', 'surrogate / neighbour: key that keeps stand-ins consistent across documents (default: $SPLICE_SURROGATE_KEY; none: a fresh key per document)')
    .addOption(new Option('--date-shift <scope>', 'surrogate: one date offset per document or per person (the main person of each document)').choices(['document', 'person']).default('document'))
    .option('--date-shift-days <n>', 'surrogate: largest date shift in days, either way', '365')
    .option('--keep-weekday', 'surrogate: shift dates by whole weeks, so weekdays and weekends stay')
    .option('--neighbours <n>', 'neighbour: draw each stand-in among the N nearest neighbours of the value', '10')
    .addOption(new Option('--generalize-level <mode>', "generalize: 'auto' picks the least general level that lifts k to the pool size; 'fixed' always writes the default level").choices(['auto', 'fixed']).default('auto'))
    .addOption(
      new Option('--policy <policy>', "'all' redacts every detected element; 'identifying' keeps those that identify neither alone nor in combination")
        .choices(['all', 'identifying'])
        .default('all'),
    );
}

/** Turn parsed options into PipelineOptions; throws UsageError on invalid values. The result is serialisable (worker threads get a copy). */
export function toPipelineOptions(opts: EngineCliOptions, env: NodeJS.ProcessEnv = process.env): PipelineOptions {
  const profile = (opts.profile ?? 'balanced') as Profile;
  if (!PROFILES.includes(profile)) throw new UsageError(`invalid --profile "${opts.profile}" (${PROFILES.join(', ')})`);
  const options: PipelineOptions = { profile };
  if (opts.labels !== undefined) options.labels = parseLabels(opts.labels);
  if (opts.poolSize !== undefined) options.poolSize = parseInteger('--pool-size', opts.poolSize, 1, 999_999_999);
  if (opts.basePopulation !== undefined) options.basePopulation = parseInteger('--base-population', opts.basePopulation, 1, 999_999_999);
  if (opts.llm) options.llm = toLlmConfig(opts, env);
  if (opts.model !== undefined) options.taggerModel = checkModelFile(opts.model);
  if (opts.operator === undefined) return options;

  let policy: RedactionPolicy;
  try {
    policy = parsePolicy(opts.operator);
  } catch (err) {
    throw new UsageError(`invalid --operator: ${(err as Error).message}`);
  }
  const settings: Partial<OperatorSettings> = {};
  const hashKey = opts.hashKey ?? env.SPLICE_HASH_KEY;
  if (hashKey !== undefined && hashKey !== '') settings.hashKey = hashKey;
  if (Object.values(policy).includes('hash') && !settings.hashKey) {
    throw new UsageError('the hash operator needs a secret key: --hash-key KEY or SPLICE_HASH_KEY');
  }
  if (opts.maskChar !== undefined) {
    if ([...opts.maskChar].length !== 1) throw new UsageError(`invalid --mask-char "${opts.maskChar}": give exactly one character`);
    settings.maskChar = opts.maskChar;
  }
  if (opts.maskWidth !== undefined) settings.maskWidth = parseInteger('--mask-width', opts.maskWidth, 1, 256);
  const surrogateKey = opts.surrogateKey ?? env.SPLICE_SURROGATE_KEY;
  if (surrogateKey !== undefined && surrogateKey !== '') settings.surrogateKey = surrogateKey;
  if (opts.dateShift !== undefined) {
    if (opts.dateShift !== 'document' && opts.dateShift !== 'person') throw new UsageError(`invalid --date-shift "${opts.dateShift}" (document, person)`);
    settings.dateShiftScope = opts.dateShift;
  }
  if (opts.dateShiftDays !== undefined) settings.dateShiftDays = parseInteger('--date-shift-days', opts.dateShiftDays, 1, 36_500);
  if (opts.keepWeekday) {
    settings.keepWeekday = true;
    if ((settings.dateShiftDays ?? 365) < 7) throw new UsageError('--keep-weekday needs --date-shift-days of at least 7 (whole weeks)');
  }
  if (opts.neighbours !== undefined) settings.neighbours = parseInteger('--neighbours', opts.neighbours, 1, 10_000);
  if (opts.generalizeLevel !== undefined) {
    if (opts.generalizeLevel !== 'auto' && opts.generalizeLevel !== 'fixed') throw new UsageError(`invalid --generalize-level "${opts.generalizeLevel}" (auto, fixed)`);
    settings.generalizeLevel = opts.generalizeLevel;
  }
  if (options.poolSize !== undefined) settings.poolSize = options.poolSize;
  options.policy = policy;
  options.operatorSettings = settings;
  if (opts.policy !== undefined) {
    if (opts.policy !== 'all' && opts.policy !== 'identifying') throw new UsageError(`invalid --policy "${opts.policy}" (all, identifying)`);
    options.scope = opts.policy as RedactionScope;
  }
  return options;
}

function toLlmConfig(opts: EngineCliOptions, env: NodeJS.ProcessEnv): LlmConfig {
  const int = (name: string, value: string | undefined, min: number, max: number) => (value === undefined ? undefined : parseInteger(name, value, min, max));
  try {
    return llmConfigFrom(
      {
        baseUrl: opts.llmBaseUrl,
        model: opts.llmModel,
        apiKey: opts.llmApiKey,
        timeoutMs: int('--llm-timeout', opts.llmTimeout, 1, 3_600_000),
        retries: int('--llm-retries', opts.llmRetries, 0, 20),
        concurrency: int('--llm-concurrency', opts.llmConcurrency, 1, 256),
        chunkChars: int('--llm-chunk-chars', opts.llmChunkChars, 200, 1_000_000),
        overlapChars: int('--llm-overlap-chars', opts.llmOverlapChars, 0, 100_000),
        maxTokensPerDocument: int('--llm-max-tokens', opts.llmMaxTokens, 1, 1_000_000_000),
        cacheDir: opts.llmCache,
        assess: opts.llmAssess === true,
        onError: opts.onLlmError === 'degrade' ? 'degrade' : 'fail',
      },
      env,
    );
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError((err as Error).message);
  }
}

/** The absolute path of a --model file; a missing or unreadable one is a usage error (no document is read before it). */
function checkModelFile(path: string): string {
  let isFile = false;
  try {
    isFile = statSync(path).isFile();
  } catch {
    isFile = false;
  }
  if (!isFile) throw new UsageError(`--model ${path}: no such model file (train one with \`splice train\`)`);
  return resolvePath(path);
}

export function parseLabels(value: string): Label[] {
  const labels = value
    .split(',')
    .map((l) => l.trim().toUpperCase())
    .filter(Boolean);
  if (labels.length === 0) throw new UsageError('--labels needs at least one category');
  for (const label of labels) {
    if (!isLabel(label)) throw new UsageError(`unknown category "${label}" in --labels (${ALL_LABELS.join(', ')})`);
  }
  return labels as Label[];
}

/** The one place a Pipeline is built from options: the main thread and every worker thread go through it. */
export function createPipeline(options: PipelineOptions): Pipeline {
  return new Pipeline(options);
}

/** What commander hands back for the input options. */
export interface InputCliOptions {
  jsonl?: string | boolean;
  maxBytes?: string;
  jobs?: string;
  ext?: string;
  progress?: boolean;
  output?: string;
  lineErrorsOk?: boolean;
}

export interface InputSettings {
  /** undefined: not batch mode; '-': standard input; otherwise a file. */
  jsonl?: string;
  maxBytes: number;
  jobs: number;
  extensions: readonly string[];
  progress: boolean;
  /** Output file for JSONL mode (default: standard output). */
  output?: string;
  /** JSONL mode: exit 0 when only some lines failed (each has its error line in the output). */
  lineErrorsOk: boolean;
}

export function addInputOptions(command: Command): Command {
  return command
    .option('--jsonl [file]', 'batch mode: JSON Lines {"id","text"} from FILE (or stdin), one output line per input line')
    .option('-o, --output <file>', 'with --jsonl: write the output lines to FILE instead of stdout')
    .option('--line-errors-ok', 'with --jsonl: exit 0 when only some lines failed (their error lines are in the output), for pipelines that fail a task on any non-zero exit (Hadoop Streaming, Spark RDD.pipe)')
    .option('--max-bytes <size>', 'largest document accepted, in bytes (suffixes k, MB, GB)', String(DEFAULT_MAX_BYTES))
    .option('--jobs <n>', 'worker threads for batch and folder input (default: number of cores)')
    .option('--ext <list>', `file extensions read from folders, comma-separated (default: ${DEFAULT_EXTENSIONS.join(',')})`)
    .option('--no-progress', 'never show the progress bar (it is shown on stderr only when stderr is a terminal)');
}

export function toInputSettings(opts: InputCliOptions): InputSettings {
  const jobs = opts.jobs === undefined ? defaultJobs() : parseInteger('--jobs', opts.jobs, 1, 256);
  const extensions = opts.ext === undefined ? DEFAULT_EXTENSIONS : opts.ext.split(',').map((e) => e.trim().replace(/^\./, '')).filter(Boolean);
  if (extensions.length === 0) throw new UsageError('--ext needs at least one extension');
  const jsonl = opts.jsonl === undefined || opts.jsonl === false ? undefined : opts.jsonl === true ? '-' : opts.jsonl;
  if (opts.output !== undefined && jsonl === undefined) throw new UsageError('--output is only used with --jsonl (use --out-dir for redacted copies of files)');
  if (opts.lineErrorsOk && jsonl === undefined) throw new UsageError('--line-errors-ok is only used with --jsonl');
  return {
    jsonl,
    maxBytes: parseByteSize(opts.maxBytes ?? String(DEFAULT_MAX_BYTES)),
    jobs,
    extensions,
    progress: opts.progress !== false,
    output: opts.output,
    lineErrorsOk: opts.lineErrorsOk === true,
  };
}

export function defaultJobs(): number {
  return Math.max(1, Math.min(availableParallelism(), 16));
}

export function parseInteger(name: string, value: string, min: number, max: number): number {
  if (!/^\d{1,9}$/.test(value.trim())) throw new UsageError(`invalid ${name} "${value}": expected a whole number`);
  const n = Number(value.trim());
  if (n < min || n > max) throw new UsageError(`invalid ${name} ${n}: expected ${min} to ${max}`);
  return n;
}
