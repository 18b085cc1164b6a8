// The implemented tools. A catalog entry (contract/catalog.ts) without a module here is simply absent from
// tools/list: nothing is advertised before it works. Tool modules stay light (zod + lazy imports).
import type { ToolModule } from '../tool.ts';
import { clientCapabilitiesTool } from './client-capabilities.ts';
import { examSubmitTool } from './exam-submit.ts';
import { canaryIssueTool, canaryVerifyTool } from './canary.ts';
import { verifyTool } from './verify.ts';
import { attestTool, claimCheckTool, datasetExportTool } from './claims.ts';
import { batchTools } from './batch.ts';
import { searchTool } from './search.ts';
import { occamTool } from './occam.ts';
import { digestTool } from './digest.ts';
import { mapTool } from './map.ts';
import { transcodeTool } from './transcode.ts';
import { probeTool } from './probe.ts';
import { playbookResolveTool } from './playbook-resolve.ts';
import { playbookLintTool } from './playbook-lint.ts';
import { extractKnowledgeTool } from './extract-knowledge.ts';
import { playbookHealTool } from './playbook-heal.ts';
import { playbookSaveTool } from './playbook-save.ts';
import { watchTool } from './watch.ts';
import { browserInteractTool } from './browser-interact.ts';
import { failureAtlasTool } from './failure-atlas.ts';
import { crosscheckTool } from './crosscheck.ts';

export const IMPLEMENTED_TOOLS: readonly ToolModule[] = [
  clientCapabilitiesTool,
  examSubmitTool,
  canaryIssueTool,
  canaryVerifyTool,
  verifyTool,
  claimCheckTool,
  attestTool,
  datasetExportTool,
  ...batchTools,
  searchTool,
  occamTool,
  digestTool,
  mapTool,
  transcodeTool,
  probeTool,
  playbookResolveTool,
  playbookLintTool,
  extractKnowledgeTool,
  playbookHealTool,
  playbookSaveTool,
  watchTool,
  browserInteractTool,
  failureAtlasTool,
  crosscheckTool,
];

export function implementedTool(name: string): ToolModule | undefined {
  return IMPLEMENTED_TOOLS.find((t) => t.name === name);
}
