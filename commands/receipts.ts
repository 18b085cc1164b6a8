// `occam receipts show <id>`: the signed receipt a lean read referenced (`receipt: {id, keyId}`), as one JSON
// document from the local receipt log (issue 29). Exit 0 found · 1 no such receipt · 2 usage.
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { EXIT, VerbError, printErr, printJson, wantsJson } from './output.ts';

export function register(program: Command): void {
  const receipts = program.command('receipts').description('the local receipt log of lean reads (receipts show ID)');
  receipts
    .command('show')
    .argument('<id>', 'the receipt.id of a lean read')
    .description('print a logged receipt ({signed, blockLeaves?, timeAnchor?}) as JSON')
    .addHelpText('after', '\nExit codes: 0 found · 1 not in the log · 2 usage.\nVerify it: occam verify --id ID')
    .option('--json', 'print the entry (or the failure) as one JSON document (the default output is JSON already)')
    .action(async (id: string, opts) => {
      const json = wantsJson(opts);
      const { readLoggedReceipt, RECEIPT_ID_PATTERN } = await import('../src/store/receipt-log.ts');
      if (!RECEIPT_ID_PATTERN.test(id.trim().toLowerCase())) {
        const message = `a receipt id is hex (got ${JSON.stringify(id)})`;
        throw new VerbError(`usage: ${message}`, EXIT.usage, json ? { error: message } : undefined);
      }
      const logged = await readLoggedReceipt(processContext(), id);
      if (!logged) {
        const message = `no receipt ${id} in this install's receipt log`;
        if (json) printJson({ ok: false, failureCode: 'receipt_not_found', message });
        printErr(`occam receipts: ${message}`);
        process.exitCode = EXIT.failed;
        return;
      }
      printJson(logged);
      process.exitCode = EXIT.ok;
    });
}
