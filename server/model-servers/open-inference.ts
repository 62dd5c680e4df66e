/**
 * A classifier behind the Open Inference Protocol (v2: KServe, Triton, MLServer, OpenVINO Model
 * Server): `POST /v2/models/{name}/infer` with one FP32 tensor, answered with the probability of
 * each class (rows that sum to 1) or of "fake" alone, one row per item of the batch. The request
 * bodies are built on an engine thread (engines/model-inputs); this sends them and reads the rows.
 */
import { z } from 'zod';
import { UpstreamError, type ModelChannel } from './channel.ts';

export interface ClassifierOptions {
  model: string;
  /** Index of the "fake" class when the output has a probability per class. */
  fakeClass: number;
}

const InferAnswer = z.object({
  outputs: z
    .array(z.object({ name: z.string().optional(), shape: z.array(z.number().int().min(0)), datatype: z.string().optional(), data: z.array(z.number()) }))
    .min(1),
});

/** P(fake) of each item of one answer of `batch` items. */
function fakeProbabilities(answer: z.infer<typeof InferAnswer>, batch: number, fakeClass: number): number[] {
  const { shape, data } = answer.outputs[0];
  const rows = shape[0];
  const perRow = shape.slice(1).reduce((a, b) => a * b, 1);
  if (rows !== batch || data.length !== rows * perRow) throw new UpstreamError(`a wrong output shape [${shape.join(', ')}] for a batch of ${batch}`);
  if (data.some((p) => !(p >= 0 && p <= 1))) throw new UpstreamError('an output that is not probabilities (values outside [0, 1]; export the model with its softmax)');
  if (perRow === 1) return data;
  if (fakeClass >= perRow) throw new UpstreamError(`${perRow} classes, so no class ${fakeClass} ("fake")`);
  const out: number[] = [];
  for (let r = 0; r < rows; r++) {
    const row = data.slice(r * perRow, (r + 1) * perRow);
    if (Math.abs(row.reduce((a, b) => a + b, 0) - 1) > 0.01) throw new UpstreamError('class probabilities that do not sum to 1');
    out.push(row[fakeClass]);
  }
  return out;
}

/** Sends the requests in order (one at a time: a model server batches on its own) and returns P(fake) per item; throws UpstreamError. */
export async function classify(channel: ModelChannel, options: ClassifierOptions, requests: { body: string; batch: number }[]): Promise<number[]> {
  return channel.call(async (signal) => {
    const out: number[] = [];
    for (const { body, batch } of requests) {
      const answer = await channel.post(`/v2/models/${encodeURIComponent(options.model)}/infer`, body, InferAnswer, signal);
      out.push(...fakeProbabilities(answer, batch, options.fakeClass));
    }
    return out;
  });
}
