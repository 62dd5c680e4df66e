/**
 * Provenance channel: what the file's metadata says about where the pixels came from. Pure TypeScript.
 * It produces findings (facts with human-readable evidence); fusion.ts decides how much each one weighs.
 * Nothing here is cryptographically verified, and missing metadata is never evidence of anything.
 */
import exifReader from 'exif-reader';
import type { ImageFormat } from './formats.ts';
import { extractMetadata, type MetadataBlocks } from './containers.ts';
import { readC2pa, type C2paSummary } from './c2pa.ts';

export type ClaimTarget = 'fake' | 'inpainting';

export interface ProvenanceFindings {
  /** Declared by a standard field (C2PA action or IPTC DigitalSourceType): generated or AI-composited. */
  sourceClaims: { target: ClaimTarget; via: 'c2pa' | 'iptc'; evidence: string }[];
  /** Generator software traces (PNG generation parameters, EXIF Software/XMP CreatorTool naming a generator). */
  generatorTraces: { target: ClaimTarget; structured: boolean; evidence: string }[];
  /** Capture evidence: 'strong' = coherent camera EXIF with exposure data; 'weak' = partial. */
  camera: { strength: 'strong' | 'weak'; evidence: string } | null;
  /** A C2PA manifest that declares a capture origin (unverified). */
  captureClaim: string | null;
  /** Editing software named in the metadata (a local edit is possible, not shown). */
  editor: string | null;
  /** JPEG quantisation: whether the luminance table is the IJG standard table at some quality. */
  jpegTables: { standard: boolean; quality: number | null } | null;
  c2pa: C2paSummary | null;
  /** Evidence lines for the response, in reading order. */
  evidence: string[];
}

const GENERATOR_NAMES =
  /\b(midjourney|dall[-·\s]?e|gpt-image|chatgpt|openai|stable[\s_-]?diffusion|sdxl|comfyui|automatic1111|novelai|invokeai|adobe[\s_]firefly|imagen|google gemini|flux\.1|black forest labs|leonardo\.ai|ideogram|dreamstudio|nightcafe|craiyon|bing image creator|image creator from microsoft|dreamina|kling|hunyuan|kandinsky|playground v\d)\b/i;
/** In generation parameters: hints that only a masked region was regenerated. */
const INPAINT_HINT = /inpaint|SetLatentNoiseMask|Mask blur|Masked content|Inpaint area/i;
const A1111_PARAMS = /Steps:\s*\d+.*(Sampler|CFG scale|Seed):/s;

const CAMERA_MAKES =
  /\b(canon|nikon|sony|fujifilm|fuji|olympus|om digital|panasonic|pentax|ricoh|asahi|leica|hasselblad|phase one|sigma|samsung|apple|google|huawei|xiaomi|oneplus|oppo|vivo|motorola|lg|htc|nokia|hmd|kodak|minolta|konica|casio|sanyo|jolla|sharp|dji|gopro|reconyx|blackberry|zeiss|realme|honor|microsoft|polaroid|toshiba|epson|vivitar|fairphone|essential|lenovo|zte|meizu|asus|sony ericsson|parrot|insta360|yi|hewlett-packard|hp|agfa|pentacon|contax|mamiya|red|arri|blackmagic)\b/i;
const EDITORS = /\b(photoshop|lightroom|gimp|affinity|pixelmator|paint\.net|capture one|darktable|rawtherapee|snapseed|picsart|facetune|luminar|photopea|canva)\b/i;

/** IJG (libjpeg) standard luminance table, natural order, quality 50. */
const IJG_LUMA = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];

/** Quality q whose IJG-scaled luminance table equals this one exactly, or null (camera/Photoshop/custom). */
export function ijgQuality(table: number[]): number | null {
  for (let q = 1; q <= 100; q++) {
    const scale = q < 50 ? 5000 / q : 200 - 2 * q;
    if (IJG_LUMA.every((base, i) => Math.min(255, Math.max(1, Math.floor((base * scale + 50) / 100))) === table[i])) return q;
  }
  return null;
}

function readExif(blocks: MetadataBlocks): ReturnType<typeof exifReader> | null {
  for (const block of blocks.exif) {
    try {
      return exifReader(Buffer.from(block.buffer, block.byteOffset, block.byteLength));
    } catch {
      // unreadable EXIF: try the next block
    }
  }
  return null;
}

const clean = (v: unknown): string => (typeof v === 'string' ? v.replace(/\0/g, '').trim() : '');
const short = (s: string, n = 60): string => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** EXIF UserComment: 8-byte charset prefix, then ASCII or UTF-16 text. */
function userComment(raw: unknown): string {
  if (!(raw instanceof Uint8Array) || raw.length <= 8) return clean(raw);
  const charset = Buffer.from(raw.subarray(0, 8)).toString('latin1');
  const body = Buffer.from(raw.subarray(8));
  if (charset.startsWith('UNICODE')) {
    const be = body.length > 1 && body[0] === 0 && body[1] !== 0;
    return clean(be ? Buffer.from(body).swap16().toString('utf16le') : body.toString('utf16le'));
  }
  return clean(body.toString('latin1'));
}

function findGeneratorTexts(blocks: MetadataBlocks, findings: ProvenanceFindings): void {
  const add = (structured: boolean, text: string, evidence: string): void => {
    const target: ClaimTarget = INPAINT_HINT.test(text) ? 'inpainting' : 'fake';
    const suffix = target === 'inpainting' ? '; the parameters describe a masked (inpainting) edit' : '';
    findings.generatorTraces.push({ target, structured, evidence: evidence + suffix });
  };
  const keys = new Map(blocks.text.map((t) => [t.key.toLowerCase(), t.value]));
  const prompt = keys.get('prompt');
  const workflow = keys.get('workflow');
  if ((prompt && /"class_type"/.test(prompt)) || (workflow && /"nodes"/.test(workflow))) {
    add(true, `${prompt ?? ''}\n${workflow ?? ''}`, 'PNG text chunks prompt/workflow hold a ComfyUI generation graph');
  }
  const parameters = keys.get('parameters');
  if (parameters && A1111_PARAMS.test(parameters)) add(true, parameters, 'PNG text chunk "parameters" holds Stable Diffusion WebUI generation settings');
  for (const key of ['invokeai_metadata', 'sd-metadata', 'dream', 'generation_data']) {
    const value = keys.get(key);
    if (value) add(true, value, `PNG text chunk "${key}" holds generation settings`);
  }
  const comment = keys.get('comment');
  if (comment && /"(steps|sampler|noise_schedule)"/.test(comment)) add(true, comment, 'PNG text chunk "Comment" holds generation settings');
  for (const { key, value } of blocks.text) {
    if (/^(software|source|creation software|generator)$/i.test(key) && GENERATOR_NAMES.test(value)) {
      add(false, value, `PNG text "${key}" names a generator: ${short(clean(value))}`);
    }
  }
}

function examineExif(exif: ReturnType<typeof exifReader>, findings: ProvenanceFindings): void {
  const image = exif.Image ?? {};
  const photo = exif.Photo ?? {};
  const software = clean(image.Software);
  const comment = userComment(photo.UserComment);
  const description = clean(image.ImageDescription);
  if (software && GENERATOR_NAMES.test(software)) {
    findings.generatorTraces.push({ target: 'fake', structured: false, evidence: `EXIF Software names a generator: ${short(software)}` });
  }
  for (const [field, text] of [['UserComment', comment], ['ImageDescription', description]] as const) {
    if (A1111_PARAMS.test(text)) {
      const target: ClaimTarget = INPAINT_HINT.test(text) ? 'inpainting' : 'fake';
      findings.generatorTraces.push({ target, structured: true, evidence: `EXIF ${field} holds Stable Diffusion generation settings` });
    }
  }
  if (software && EDITORS.test(software)) findings.editor = short(software);

  const make = clean(image.Make);
  const model = clean(image.Model);
  const exposure = ['ExposureTime', 'FNumber', 'ISOSpeedRatings', 'PhotographicSensitivity', 'FocalLength', 'DateTimeOriginal']
    .filter((k) => photo[k] !== undefined).length;
  if (!make || !CAMERA_MAKES.test(make)) return;
  // A model string naming a different manufacturer than Make is incoherent: copied or forged metadata.
  const makeBrand = make.match(CAMERA_MAKES)?.[1]?.toLowerCase();
  const modelBrand = model.match(CAMERA_MAKES)?.[1]?.toLowerCase();
  if (modelBrand && makeBrand && modelBrand !== makeBrand && !(modelBrand + makeBrand).match(/^(konicaminolta|minoltakonica|fujifuji)/)) {
    findings.evidence.push(`EXIF Make "${short(make, 30)}" and Model "${short(model, 30)}" name different manufacturers: camera metadata ignored`);
    return;
  }
  const who = `${short(make, 30)}${model ? ` ${short(model, 40)}` : ''}`;
  if (model && exposure >= 2) {
    findings.camera = { strength: 'strong', evidence: `EXIF camera metadata is coherent (${who}, ${exposure} exposure fields)` };
  } else {
    findings.camera = { strength: 'weak', evidence: `EXIF names a camera (${who}) with little exposure data` };
  }
}

function examineXmp(xmp: string, findings: ProvenanceFindings): void {
  for (const m of xmp.matchAll(/digitalsourcetype\/([A-Za-z]+)/gi)) {
    const term = m[1];
    if (/^trainedAlgorithmicMedia$/i.test(term)) {
      findings.sourceClaims.push({ target: 'fake', via: 'iptc', evidence: 'XMP IPTC DigitalSourceType = trainedAlgorithmicMedia (unsigned claim)' });
    } else if (/^compositeWithTrainedAlgorithmicMedia$/i.test(term)) {
      findings.sourceClaims.push({ target: 'inpainting', via: 'iptc', evidence: 'XMP IPTC DigitalSourceType = compositeWithTrainedAlgorithmicMedia (unsigned claim)' });
    }
  }
  const tool = xmp.match(/(?:xmp:CreatorTool|tiff:Software)(?:="([^"]*)"|>([^<]*)<)/);
  const toolName = clean(tool?.[1] ?? tool?.[2] ?? '');
  if (toolName && GENERATOR_NAMES.test(toolName)) {
    findings.generatorTraces.push({ target: 'fake', structured: false, evidence: `XMP CreatorTool names a generator: ${short(toolName)}` });
  } else if (toolName && EDITORS.test(toolName) && !findings.editor) findings.editor = short(toolName);
}

function examineC2pa(c2pa: C2paSummary, findings: ProvenanceFindings): void {
  const n = c2pa.manifests.length;
  const head = `C2PA manifest store (${n} manifest${n === 1 ? '' : 's'}, signature not verified)`;
  if (c2pa.verdict === 'fake' || c2pa.verdict === 'inpainting') {
    const claim = c2pa.verdict === 'fake' ? 'trainedAlgorithmicMedia' : 'compositeWithTrainedAlgorithmicMedia';
    findings.sourceClaims.push({ target: c2pa.verdict, via: 'c2pa', evidence: `${head} claims ${claim}: ${c2pa.reason}` });
  } else if (c2pa.verdict === 'capture') {
    findings.captureClaim = `${head}: ${c2pa.reason}`;
  } else {
    findings.evidence.push(`${head}: ${c2pa.reason}`);
  }
  for (const m of c2pa.manifests) {
    if (m.claimGenerator && EDITORS.test(m.claimGenerator) && !findings.editor) findings.editor = short(m.claimGenerator);
  }
}

export function readProvenance(bytes: Uint8Array, format: ImageFormat): ProvenanceFindings {
  const findings: ProvenanceFindings = {
    sourceClaims: [], generatorTraces: [], camera: null, captureClaim: null, editor: null, jpegTables: null, c2pa: null, evidence: [],
  };
  const blocks = extractMetadata(bytes, format);
  findings.c2pa = blocks.jumbf.length ? readC2pa(blocks.jumbf) : null;
  if (findings.c2pa) examineC2pa(findings.c2pa, findings);
  for (const xmp of blocks.xmp) examineXmp(xmp, findings);
  findGeneratorTexts(blocks, findings);
  const exif = readExif(blocks);
  if (exif) examineExif(exif, findings);

  const luma = blocks.quantTables.get(0);
  if (luma) {
    const quality = ijgQuality(luma);
    findings.jpegTables = { standard: quality !== null, quality };
  }

  const lines = [
    ...findings.sourceClaims.map((c) => c.evidence),
    ...findings.generatorTraces.map((t) => t.evidence),
    ...(findings.captureClaim ? [findings.captureClaim] : []),
    ...(findings.camera ? [findings.camera.evidence] : []),
  ];
  if (findings.jpegTables) {
    lines.push(findings.jpegTables.standard
      ? `JPEG uses the standard IJG quantisation table at quality ${findings.jpegTables.quality} (library encoder; the file was likely re-saved)`
      : 'JPEG uses non-standard quantisation tables (typical of camera firmware or photo editors)');
  }
  if (findings.editor) lines.push(`metadata names editing software: ${findings.editor}`);
  findings.evidence = [...lines, ...findings.evidence];
  return findings;
}
