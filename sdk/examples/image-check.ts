/**
 * Check whether an image is real, AI-generated or inpainted. Without a path, a PNG is drawn here.
 *
 *   CI_API_KEY=ci_… npx tsx sdk/examples/image-check.ts [photo.jpg]
 */
import sharp from 'sharp';
import { clientFromEnv, runExample } from './common.ts';

/** A 256×256 PNG of smooth gradients with a little noise. */
async function drawPng(): Promise<Buffer> {
  const size = 256;
  const pixels = Buffer.alloc(size * size * 3);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      pixels[i] = (x + Math.random() * 12) & 255;
      pixels[i + 1] = (y + Math.random() * 12) & 255;
      pixels[i + 2] = (128 + 60 * Math.sin((x + y) / 40)) & 255;
    }
  }
  return sharp(pixels, { raw: { width: size, height: size, channels: 3 } }).png().toBuffer();
}

await runExample(async () => {
  const client = clientFromEnv();
  const path = process.argv[2];
  // A path is streamed from disk; bytes, Blobs and streams work the same way.
  const result = path ? await client.detectImage(path) : await client.detectImage(await drawPng(), { filename: 'generated.png' });
  const { real, fake, inpainting } = result.probabilities;
  console.log(`${path ?? 'generated.png'}: ${result.prediction} (confidence ${result.confidence.toFixed(3)})`);
  console.log(`  real ${real.toFixed(3)}  fake ${fake.toFixed(3)}  inpainting ${inpainting.toFixed(3)}; ${result.credits_charged} credits charged`);
  const health = await client.imageHealth();
  console.log(`Image engine: ${health.status}, circuit ${health.circuit.status}`);
});
