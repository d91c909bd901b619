import type { Command } from 'commander';
import { addAttackOptions, buildAttack, loadAttackInputs, parseIntList, type AttackCliOptions } from '../../reid/cli-support.js';
import { evaluateReid, formatReidTable } from '../../reid/ensemble.js';
import type { CliContext } from '../program.js';
import { writeChunk } from '../stream-io.js';

type ReidCliOptions = AttackCliOptions & { k?: string; json?: boolean };

/**
 * `splice reid --profiles P.jsonl DOCS.jsonl`: how often each re-identifier,
 * and the ensemble (any member), ranks a document's true profile first and in
 * its top K, for the documents as given (original, or redacted by Splice or
 * anything else: masks are ignored). README, "Re-identification attacks".
 */
export function registerReidCommand(program: Command, context: CliContext): void {
  const command = program
    .command('reid')
    .description('attack documents with re-identifiers over a set of profiles: re-identification rate at 1 and at K, per re-identifier and for the ensemble')
    .argument('[documents]', 'documents, JSON Lines {"id","text","profile"} (default: stdin)');
  addAttackOptions(command)
    .option('--k <list>', 'report the rate at these K, comma-separated', '1,10')
    .option('--json', 'print JSON (rates and each document\'s ranks) instead of a table')
    .addHelpText(
      'after',
      `
Examples:
  splice reid --profiles people.jsonl notes.jsonl
  splice redact --jsonl notes.jsonl | jq -c '{id,text}' > redacted.jsonl   # then add "profile" back
  splice reid --profiles people.jsonl --k 1,5,10 --dense encoder.onnx redacted.jsonl`,
    )
    .action(async (documentsPath: string | undefined, opts: ReidCliOptions) => {
      const ks = parseIntList('--k', opts.k ?? '1,10');
      const { profiles, documents } = await loadAttackInputs(opts, documentsPath ?? '-', context.io.stdin);
      const members = await buildAttack(opts, profiles);
      const evaluation = await evaluateReid(members, profiles, documents, ks);
      if (opts.json) {
        const { perDocument, ...summary } = evaluation;
        const out = {
          ...summary,
          documentRanks: perDocument.map((d) => ({ id: d.id, profile: d.profile, ensemble: d.ensemble, ranks: Object.fromEntries(evaluation.members.map((m, i) => [m, d.ranks[i]])) })),
        };
        await writeChunk(context.io.stdout, `${JSON.stringify(out, null, 2)}\n`);
      } else {
        await writeChunk(context.io.stdout, formatReidTable(evaluation));
      }
    });
}
