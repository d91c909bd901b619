import type { Command } from 'commander';
import { KgVerifier } from '../../kg/verify.js';
import { ExitCode } from '../errors.js';
import { parseInteger } from '../options.js';
import { assertNotAnInput, stdinRef } from '../output-guard.js';
import type { CliContext } from '../program.js';
import { endStream, writeChunk } from '../stream-io.js';
import { asInput, loadKgDocuments, openOutput, parseMatches } from './kg-shared.js';
import { loadKnowledgeGraph } from '../../kg/graph.js';

interface VerifyCliOptions {
  kg: string;
  k: string;
  maxArity: string;
  maxCombinations: string;
  matches: string;
  output?: string;
}

/**
 * `splice kg verify`: the independent check of src/kg/verify.ts on documents
 * as released (e.g. the output of `kg mask`, or any redaction). One line per
 * document: {"id","terms","combinations","violations","smallest","incomplete"}
 * (counts only: never the terms, which are PII). Exit status 1 when any
 * document has a violation or could not be checked completely.
 */
export function registerKgVerifyCommand(kg: Command, context: CliContext): void {
  kg.command('verify')
    .description('check released documents: does any combination of graph terms left in clear match 1 to k-1 individuals?')
    .argument('[documents]', 'documents as released, JSON Lines {"id","text"} (default: stdin)')
    .requiredOption('--kg <file>', 'the knowledge graph (profiles or triples JSON Lines)')
    .requiredOption('--k <k>', 'the k to check')
    .option('--max-arity <n>', 'largest combination checked', '2')
    .option('--max-combinations <n>', 'combinations checked per document before giving up (reported as incomplete)', '20000000')
    .option('--matches <which>', "which mentions count: 'all' hits, nested ones included, or the 'longest' non-overlapping ones", 'all')
    .option('-o, --output <file>', 'write the per-document lines to FILE (default: stdout)')
    .addHelpText('after', `
Example:
  splice kg mask --kg people.jsonl --k 5 bios.jsonl -o masked.jsonl
  splice kg verify --kg people.jsonl --k 5 --max-arity 2 masked.jsonl`)
    .action(async (documents: string | undefined, opts: VerifyCliOptions) => {
      const k = parseInteger('--k', opts.k, 1, 1_000_000);
      const maxArity = parseInteger('--max-arity', opts.maxArity, 1, 8);
      const budget = parseInteger('--max-combinations', opts.maxCombinations, 1, 999_999_999);
      const matches = parseMatches(opts.matches);
      const source = documents ?? '-';
      if (opts.output) assertNotAnInput(opts.output, [...(source === '-' ? stdinRef(context.io.stdin) : [{ path: source }]), { path: opts.kg }], '--output');
      const graph = await asInput(() => loadKnowledgeGraph(opts.kg));
      const verifier = new KgVerifier(graph);
      const docs = await loadKgDocuments(source, context);
      const output = await openOutput(opts.output, context);
      let failing = 0;
      let incomplete = 0;
      let violations = 0;
      for (const doc of docs) {
        const r = verifier.check(doc.text, k, maxArity, budget, matches);
        const smallest = r.violations.length ? Math.min(...r.violations.map((v) => v.individuals)) : null;
        if (r.violations.length) failing++;
        if (r.incomplete) incomplete++;
        violations += r.violations.length;
        await writeChunk(output, `${JSON.stringify({ id: doc.id, terms: r.terms, combinations: r.combinations, violations: r.violations.length, smallest, incomplete: r.incomplete })}\n`);
      }
      if (opts.output) await endStream(output);
      context.io.stderr.write(
        `splice kg verify: ${docs.length} documents, k = ${k}, arity ≤ ${maxArity}: ${failing} with a combination of 1 to ${k - 1} individuals (${violations} combinations)` +
          (incomplete ? `, ${incomplete} not checked completely` : '') +
          '\n',
      );
      if (failing || incomplete) context.exitCode = ExitCode.ProcessingError;
    });
}
