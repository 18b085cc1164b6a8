// `occam receipts show <id>`: the signed receipt a lean read referenced (`receipt: {id, keyId}`), as one JSON
// document from the local receipt log (issue 29). Exit 0 found · 1 no such receipt · 2 usage.
import type { Command } from 'commander';
import { processContext } from '../src/runtime/context.ts';
import { EXIT, VerbError, printErr, printJson } from './output.ts';

export function register(program: Command): void {
  const receipts = program.command('receipts').description('the local receipt log of lean reads (receipts show ID)');
  receipts
    .command('show')
    .argument('<id>', 'the receipt.id of a lean read')
    .description('print a logged receipt ({signed, blockLeaves?, timeAnchor?}) as JSON')
    .addHelpText('after', '\nExit codes: 0 found · 1 not in the log · 2 usage.\nVerify it: occam verify --id ID')
    .action(async (id: string) => {
      const { readLoggedReceipt, RECEIPT_ID_PATTERN } = await import('../src/store/receipt-log.ts');
      if (!RECEIPT_ID_PATTERN.test(id.trim().toLowerCase())) throw new VerbError(`usage: a receipt id is hex (got ${JSON.stringify(id)})`, EXIT.usage);
      const logged = await readLoggedReceipt(processContext(), id);
      if (!logged) {
        printErr(`occam receipts: no receipt ${id} in this install's receipt log`);
        process.exitCode = EXIT.failed;
        return;
      }
      printJson(logged);
      process.exitCode = EXIT.ok;
    });
}
