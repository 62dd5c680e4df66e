/**
 * Check whether a recording is an AI voice. Without a path, an 8-second WAV is synthesised here.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/voice-check.ts [recording.wav|.mp3|.flac|…]
 */
import { clientFromEnv, runExample } from './common.ts';

/** 16-bit mono PCM WAV of a voiced, pitch-gliding tone with syllable-like loudness. */
function synthesiseWav(seconds: number, sampleRate = 16_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const t = i / sampleRate;
    phase += (2 * Math.PI * (140 + 35 * Math.sin(2 * Math.PI * 0.6 * t))) / sampleRate;
    const loudness = 0.5 + 0.5 * Math.sin(2 * Math.PI * 3 * t) ** 2;
    const sample = loudness * (0.4 * Math.sin(phase) + 0.2 * Math.sin(2 * phase) + 0.1 * Math.sin(3 * phase)) + (Math.random() - 0.5) * 0.02;
    data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample)) * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

await runExample(async () => {
  const client = clientFromEnv();
  const path = process.argv[2];
  const result = path ? await client.detectVoice(path) : await client.detectVoice(synthesiseWav(8), { filename: 'synthesised.wav' });
  console.log(`${path ?? 'synthesised.wav'}: ${result.verdict} (AI ${result.ai_probability.toFixed(3)}, natural ${result.natural_probability.toFixed(3)})`);
  console.log(`  ${result.duration_seconds} s analysed, ${result.billed_seconds} s billed = ${result.credits_used} credits`);
  for (const segment of result.segments) console.log(`  ${segment.start_time}–${segment.end_time}  ${segment.verdict}  ${segment.ai_probability.toFixed(2)}`);
  if (result.statistics) console.log(`  AI in ${result.statistics.ai_time_percentage}% of the time over ${result.statistics.processed_segments} segments`);
});
