import type { Command } from 'commander';
import { distantLabels, toBio } from '../../kg/labels.js';
import { KgMasker, type MaskedDocument } from '../../kg/masker.js';
import { DEFAULT_MAX_COMBINATIONS } from '../../kg/terms-to-mask.js';
import { assertNotAnInput, stdinRef } from '../output-guard.js';
import type { CliContext } from '../program.js';
import { endStream, writeChunk } from '../stream-io.js';
import { loadGraph, loadKgDocuments, maskSettings, openOutput, type KgMaskCliOptions } from './kg-shared.js';
import { registerKgEvalCommand } from './kg-eval.js';
import { registerKgSynthCommand } from './kg-synth.js';
import { registerKgVerifyCommand } from './kg-verify.js';

/**
 * `splice kg`: knowledge-graph k-anonymity and distant supervision
 * (Papadopoulou et al., "Bootstrapping Text Anonymization Models with Distant
 * Supervision"; src/kg).
 *
 *   kg mask    masked documents, the masks as spans
 *   kg label   the masks as distant labels (JSONL, and BIO with --bio)
 *   kg verify  an independent check of masked documents
 *   kg eval    classifier and rule-based detector side by side on a gold file
 *   kg synth   a synthetic graph and biographies with gold mentions
 */
export function registerKgCommand(program: Command, context: CliContext): void {
  const kg = program.command('kg').description('knowledge-graph k-anonymity: mask documents so every combination of graph terms left in clear matches at least k people; distant labels for training');
  registerMasking(kg, context, 'mask');
  registerMasking(kg, context, 'label');
  registerKgVerifyCommand(kg, context);
  registerKgEvalCommand(kg, context);
  registerKgSynthCommand(kg, context);
}

function addMaskOptions(command: Command): Command {
  return command
    .requiredOption('--kg <file>', 'the knowledge graph: JSON Lines profiles {"id","attributes"} or triples {"s","p","o"}')
    .requiredOption('--k <k>', 'every combination of terms left in clear must match at least K individuals (or none)')
    .option('--max-arity <n>', 'largest combination of terms checked', '3')
    .option('--choice <how>', "which term of a combination to mask: 'greedy' (shortest posting list) or 'random'", 'greedy')
    .option('--seed <n>', 'seed of --choice random', '1')
    .option('--max-combinations <n>', 'combinations checked per document before masking all that is left (fail closed)', String(DEFAULT_MAX_COMBINATIONS))
    .option('--matches <which>', "which mentions count: 'all' hits, nested ones included (safe against any reading), or the 'longest' non-overlapping ones", 'all')
    .option('-o, --output <file>', 'write the JSON Lines output to FILE (default: stdout)');
}

type MaskingOptions = KgMaskCliOptions & { bio?: string };

function registerMasking(kg: Command, context: CliContext, mode: 'mask' | 'label'): void {
  const command = kg
    .command(mode)
    .description(
      mode === 'mask'
        ? 'mask the graph terms of each document until it is k-anonymous; writes {"id","text" (masked),"spans","terms","masked_terms","mentions"}'
        : 'the masks of `kg mask` as distant labels: {"id","text","spans":[{start,end,label}]} (benchmark format, for `splice train --from`), and BIO with --bio',
    )
    .argument('[documents]', 'documents, JSON Lines {"id","text","profile"?} (default: stdin); "profile" names the subject in the graph');
  addMaskOptions(command);
  if (mode === 'label') command.option('--bio <file>', 'also write the labels as BIO tokens (token<TAB>tag, -DOCSTART- per document)');
  command
    .addHelpText(
      'after',
      mode === 'mask'
        ? `
Spans: {start, end, label, source: "kg", reason: single | combination | budget, arity}, offsets
UTF-16 into the ORIGINAL text; the masked text replaces each by [LABEL].

Examples:
  splice kg mask --kg people.jsonl --k 5 bios.jsonl -o masked.jsonl
  splice kg mask --kg triples.jsonl --k 10 --max-arity 2 --choice random --seed 7 < bios.jsonl`
        : `
Examples:
  splice kg label --kg people.jsonl --k 5 bios.jsonl -o labels.jsonl --bio labels.bio
  splice train --from labels.jsonl --out kg-model.json.gz`,
    )
    .action(async (documents: string | undefined, opts: MaskingOptions) => {
      const settings = maskSettings(opts);
      const source = documents ?? '-';
      const inputs = [...(source === '-' ? stdinRef(context.io.stdin) : [{ path: source }]), { path: opts.kg }];
      if (opts.output) assertNotAnInput(opts.output, inputs, '--output');
      if (opts.bio) assertNotAnInput(opts.bio, inputs, '--bio');
      const { graph, index, gazetteer, seconds } = await loadGraph(opts.kg);
      context.io.stderr.write(`splice kg: ${graph.ids.length} individuals, ${index.size} terms indexed in ${seconds.toFixed(1)} s\n`);
      if (settings.k > graph.ids.length) context.io.stderr.write(`splice kg: warning: k = ${settings.k} exceeds the ${graph.ids.length} individuals of the graph: every graph term will be masked\n`);
      const docs = await loadKgDocuments(source, context);
      const masker = new KgMasker(index, gazetteer, settings);
      const output = await openOutput(opts.output, context);
      const bio = mode === 'label' && opts.bio ? await openOutput(opts.bio, context) : undefined;
      const t0 = performance.now();
      let terms = 0;
      let maskedTerms = 0;
      let mentions = 0;
      let maskedMentions = 0;
      let budget = 0;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i];
        const r: MaskedDocument = masker.mask(doc, i);
        terms += r.terms;
        maskedTerms += r.maskedTerms;
        mentions += r.mentions;
        maskedMentions += r.maskedMentions;
        if (r.spans.some((s) => s.reason === 'budget')) budget++;
        if (mode === 'mask') {
          const record = {
            id: doc.id,
            text: r.masked,
            spans: r.spans.map((s) => ({ start: s.start, end: s.end, label: s.label, source: 'kg', reason: s.reason, arity: s.arity })),
            terms: r.terms,
            masked_terms: r.maskedTerms,
            mentions: r.mentions,
          };
          await writeChunk(output, `${JSON.stringify(record)}\n`);
        } else {
          const labelled = distantLabels(doc.id, doc.text, r.spans);
          await writeChunk(output, `${JSON.stringify(labelled)}\n`);
          if (bio) await writeChunk(bio, toBio(labelled));
        }
      }
      if (opts.output) await endStream(output);
      if (bio) await endStream(bio);
      const pct = (a: number, b: number) => `${b ? ((a / b) * 100).toFixed(1) : '0.0'}%`;
      context.io.stderr.write(
        `splice kg ${mode}: ${docs.length} documents, k = ${settings.k}, arity ≤ ${settings.maxArity}, ${settings.choice}: ` +
          `${maskedTerms} of ${terms} graph terms masked (${pct(maskedTerms, terms)}), ${maskedMentions} of ${mentions} mentions, in ${((performance.now() - t0) / 1000).toFixed(1)} s` +
          (budget ? `; ${budget} documents over --max-combinations (all their terms masked)` : '') +
          '\n',
      );
    });
}
