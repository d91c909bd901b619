import { open, writeFile } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import type { Command } from 'commander';
import { addAttackOptions, buildAttack, loadAttackInputs, parseIntList, parsePositiveInt, type AttackCliOptions } from '../../reid/cli-support.js';
import { documentView, rankDocument } from '../../reid/ensemble.js';
import { formatExperimentTable, idfShareAtRate, runExperiment, type Detect } from '../../reid/experiment.js';
import { greedyMask } from '../../reid/kanon.js';
import { applyMaskSpans, carryOver, maskSpans, summariseCost, maskingCost, tokensCovered, DEFAULT_MASK_TEXT, type MaskingCost } from '../../reid/masking.js';
import { profileIndex } from '../../reid/profiles.js';
import { renderReidReport } from '../../reid/report.js';
import { findMasks, viewText } from '../../reid/text.js';
import { CliError, ExitCode, UsageError } from '../errors.js';
import { fsReason } from '../input.js';
import { addEngineOptions, createPipeline, toPipelineOptions, type EngineCliOptions } from '../options.js';
import { assertNotAnInput, stdinRef } from '../output-guard.js';
import type { CliContext } from '../program.js';
import { endStream, writeChunk } from '../stream-io.js';

type KanonCliOptions = AttackCliOptions &
  EngineCliOptions & {
    k?: string;
    output?: string;
    fromRedaction?: boolean;
    beam?: string;
    maskText?: string;
    report?: string;
    curveK?: string;
    rateK?: string;
    idfSteps?: string;
  };

/**
 * `splice kanon --profiles P.jsonl --k K DOCS.jsonl`: greedy masking until each
 * document's true profile is out of the top K of every re-identifier
 * (src/reid/kanon.ts). One output line per document, same id:
 * {"id","profile","text","masks"?,"spans":[{start,end,source,label?}],"rank_before",
 *  "rank_start"?,"rank_after","ranks_after":{member: rank},"reached","words","masked_words"}
 * (spans refer to the ORIGINAL text; rank_after is measured again on the output
 * text). `--report FILE` also runs the baselines and curves and writes the HTML report.
 */
export function registerKanonCommand(program: Command, context: CliContext): void {
  const command = program
    .command('kanon')
    .description('mask words greedily until no re-identifier ranks the true profile in its top K; baselines and curves with --report')
    .argument('[documents]', 'documents, JSON Lines {"id","text","profile"} (default: stdin)');
  addAttackOptions(command)
    .requiredOption('--k <k>', 'the goal: the true profile leaves the top K of every re-identifier')
    .option('-o, --output <file>', 'write the masked documents to FILE (default: stdout)')
    .option('--from-redaction', "start from Splice's own redaction (the detection options below apply) and only add masks")
    .option('--beam <n>', 'keep the best N partial maskings at each step (1: plain greedy)', '1')
    .option('--mask-text <text>', 'what replaces masked words (must itself read as a mask, e.g. [MASK] or ████)', DEFAULT_MASK_TEXT)
    .option('--report <file.html>', 'also compare with the baselines (lexical, named-entity redaction, IDF) and write curves over K and thresholds to an HTML report')
    .option('--curve-k <list>', 'with --report: the K values greedy masking is run for', '1,2,5,10')
    .option('--rate-k <list>', 'with --report: the K values rates are reported at', '1,2,5,10,20,50,100')
    .option('--idf-steps <n>', 'with --report: IDF thresholds tried', '16');
  addEngineOptions(command);
  command
    .addHelpText(
      'after',
      `
Examples:
  splice kanon --profiles people.jsonl --k 10 notes.jsonl -o masked.jsonl
  splice kanon --profiles people.jsonl --k 10 --from-redaction --report kanon.html notes.jsonl > masked.jsonl
  splice reid --profiles people.jsonl masked.jsonl     # re-attack the output`,
    )
    .action(async (documentsPath: string | undefined, opts: KanonCliOptions) => {
      const k = parsePositiveInt('--k', opts.k ?? '');
      const beam = parsePositiveInt('--beam', opts.beam ?? '1', 64);
      const maskText = opts.maskText ?? DEFAULT_MASK_TEXT;
      const found = findMasks(maskText);
      if (found.length !== 1 || found[0].start !== 0 || found[0].end !== maskText.length) {
        throw new UsageError('--mask-text must read as a mask itself (a [TAG], <tag>, or a run of █), or the masked words could not be told from text');
      }
      const source = documentsPath ?? '-';
      const inputs = [...(source === '-' ? stdinRef(context.io.stdin) : [{ path: source }]), ...(opts.profiles ? [{ path: opts.profiles }] : [])];
      if (opts.output) assertNotAnInput(opts.output, inputs, '--output');
      if (opts.report) assertNotAnInput(opts.report, inputs, '--report');
      const { profiles, documents } = await loadAttackInputs(opts, source, context.io.stdin);
      if (k >= profiles.length) throw new UsageError(`--k (${k}) must be smaller than the number of profiles (${profiles.length})`);
      const members = await buildAttack(opts, profiles);
      const pipeline = opts.fromRedaction || opts.report ? createPipeline(toPipelineOptions(opts, context.io.env)) : undefined;
      const detect: Detect | undefined = pipeline ? async (text, id) => (await pipeline.detect(text, id)).spans : undefined;

      let output: Writable = context.io.stdout;
      if (opts.output) {
        try {
          output = (await open(opts.output, 'w')).createWriteStream();
        } catch (err) {
          throw new CliError(`${opts.output}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
        }
      }
      const index = profileIndex(profiles);
      const costs: MaskingCost[] = [];
      let reached = 0;
      let firstBefore = 0;
      let firstAfter = 0;
      for (const doc of documents) {
        const target = index.get(doc.profile!)!;
        const view = documentView(doc);
        const redaction = opts.fromRedaction && detect ? await detect(doc.text, doc.id) : [];
        const redactionSpans = redaction.map((s) => ({ start: s.start, end: s.end, label: s.label }));
        const initialMask = tokensCovered(view, redactionSpans);
        const result = await greedyMask(members, view, target, { k, beam, initialMask });
        const spans = maskSpans(view, result.added, redactionSpans);
        const text = applyMaskSpans(doc.text, spans, maskText);
        // Masks the input marked (surrogates) move with the text and stay marked.
        const masks = doc.masks ? carryOver(doc.masks, spans, maskText) : undefined;
        // Measured again on the text as released: what an attacker would see.
        const after = await rankDocument(members, viewText(text, masks), target);
        const ok = after.ensemble > k;
        if (ok) reached++;
        if (result.rankBefore === 1) firstBefore++;
        if (after.ensemble === 1) firstAfter++;
        const cost = maskingCost(view, spans);
        costs.push(cost);
        const record = {
          id: doc.id,
          profile: doc.profile,
          text,
          ...(masks ? { masks } : {}),
          spans: spans.map((s) => ({ start: s.start, end: s.end, source: s.source, ...(s.label ? { label: s.label } : {}) })),
          rank_before: result.rankBefore,
          ...(opts.fromRedaction ? { rank_start: result.rankStart } : {}),
          rank_after: after.ensemble,
          ranks_after: Object.fromEntries(members.map((m, i) => [m.name, after.ranks[i]])),
          reached: ok,
          words: cost.words,
          masked_words: cost.maskedWords,
        };
        await writeChunk(output, `${JSON.stringify(record)}\n`);
      }
      if (opts.output) await endStream(output);
      const total = summariseCost(costs);
      const n = documents.length;
      const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
      context.io.stderr.write(
        `splice kanon: ${n} documents, ${profiles.length} profiles, K = ${k}: ${reached} (${pct(n ? reached / n : 0)}) out of every re-identifier's top ${k}; ` +
          `words masked ${pct(total.maskedShare)}, information lost ${pct(total.informationLost)}; ensemble rate@1 ${pct(n ? firstBefore / n : 0)} before, ${pct(n ? firstAfter / n : 0)} after\n`,
      );
      if (opts.report) {
        const ks = parseIntList('--rate-k', opts.rateK ?? '1,2,5,10,20,50,100').filter((x) => x < profiles.length);
        const kanonKs = [...new Set([...parseIntList('--curve-k', opts.curveK ?? '1,2,5,10'), k])].filter((x) => x < profiles.length).sort((a, b) => a - b);
        const steps = parsePositiveInt('--idf-steps', opts.idfSteps ?? '16', 200);
        const experiment = await runExperiment(members, profiles, documents, { ks, kanonKs, beam, detect, idfSteps: steps });
        const html = renderReidReport(experiment, { k, profilesPath: opts.profiles!, documentsPath: source, idfShareUnder1: idfShareAtRate(experiment, 0.01) });
        try {
          await writeFile(opts.report, html, 'utf8');
        } catch (err) {
          throw new CliError(`${opts.report}: cannot write (${fsReason(err)})`, ExitCode.UsageError);
        }
        context.io.stderr.write(formatExperimentTable(experiment));
      }
      if (reached < n) {
        context.io.stderr.write(`splice kanon: ${n - reached} documents are still in some re-identifier's top ${k} (see "reached": false)\n`);
        context.exitCode = ExitCode.ProcessingError;
      }
    });
}
