/** Every endpoint, one file each, keyed by its operation id: the route table and this list match exactly. */
import type { OperationId } from '../../../contract/routes.ts';
import type { Endpoint } from '../endpoint.ts';
import cancelBatch from './cancel-batch.ts';
import correctGrammar from './correct-grammar.ts';
import createBatch from './create-batch.ts';
import deleteSource from './delete-source.ts';
import detectAndHumanize from './detect-and-humanize.ts';
import detectImage from './detect-image.ts';
import detectText from './detect-text.ts';
import detectVoice from './detect-voice.ts';
import getAccount from './get-account.ts';
import getBatch from './get-batch.ts';
import getJob from './get-job.ts';
import humanize from './humanize.ts';
import imageHealth from './image-health.ts';
import importSources from './import-sources.ts';
import listSources from './list-sources.ts';
import livez from './livez.ts';
import readyz from './readyz.ts';
import scanPlagiarism from './scan-plagiarism.ts';
import voiceHealth from './voice-health.ts';

export const endpoints: { [Op in OperationId]: Endpoint<Op> } = {
  detectText,
  humanize,
  detectAndHumanize,
  getJob,
  createBatch,
  getBatch,
  cancelBatch,
  getAccount,
  correctGrammar,
  scanPlagiarism,
  detectImage,
  imageHealth,
  detectVoice,
  voiceHealth,
  listSources,
  importSources,
  deleteSource,
  livez,
  readyz,
};
