/**
 * C2PA manifest stores (JUMBF) read far enough to follow the ingredient chain and its digital source
 * types. Signatures and hashes are NOT verified: the result is a claim, and is reported as such.
 */
import { decodeCbor, type CborValue } from './cbor.ts';

export interface JumbfBox {
  type: string; // 'jumb' superbox or a content box type ('cbor', 'json', 'jumd', ...)
  label?: string; // from the description box of a superbox
  children: JumbfBox[];
  payload: Uint8Array; // content box payload (empty for superboxes)
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');
const MAX_BOX_DEPTH = 16;

/** Parses a sequence of ISO BMFF-style boxes; stops quietly at the first malformed header. */
export function parseBoxes(bytes: Uint8Array, depth = 0): JumbfBox[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: JumbfBox[] = [];
  let pos = 0;
  while (pos + 8 <= bytes.length) {
    let size = view.getUint32(pos);
    const type = latin1.decode(bytes.subarray(pos + 4, pos + 8));
    let header = 8;
    if (size === 1) {
      if (pos + 16 > bytes.length) break;
      size = Number(view.getBigUint64(pos + 8));
      header = 16;
    } else if (size === 0) size = bytes.length - pos;
    if (size < header || pos + size > bytes.length) break;
    const body = bytes.subarray(pos + header, pos + size);
    if (type === 'jumb' && depth < MAX_BOX_DEPTH) {
      const inner = parseBoxes(body, depth + 1);
      const description = inner[0]?.type === 'jumd' ? inner[0] : undefined;
      boxes.push({ type, label: description ? descriptionLabel(description.payload) : undefined, children: inner.slice(description ? 1 : 0), payload: new Uint8Array() });
    } else {
      boxes.push({ type, children: [], payload: body });
    }
    pos += size;
  }
  return boxes;
}

/** jumd: 16-byte content-type UUID, a toggles byte, then the label (NUL-terminated) when bit 1 is set. */
function descriptionLabel(jumd: Uint8Array): string | undefined {
  if (jumd.length < 17 || !(jumd[16] & 0x02)) return undefined;
  const end = jumd.indexOf(0, 17);
  return utf8.decode(jumd.subarray(17, end < 0 ? jumd.length : end));
}

export interface C2paManifest {
  label: string;
  claimGenerator?: string;
  /** IPTC digital source type terms found in this manifest's actions (e.g. 'trainedAlgorithmicMedia'). */
  sourceTypes: string[];
  /** The subset declared on a c2pa.created action: how the canvas itself came to be. */
  createdSourceTypes: string[];
  actions: string[];
  ingredients: { manifestLabel?: string; relationship: string; title?: string; instanceId?: string }[];
  /** instanceIDs of ingredients named by a c2pa.opened action: the canvas this manifest edits. */
  openedInstanceIds: string[];
}

export interface C2paSummary {
  manifests: C2paManifest[];
  activeLabel?: string;
  verdict: 'fake' | 'inpainting' | 'capture' | 'none';
  /** One sentence on how the verdict was reached. */
  reason: string;
}

const SOURCE_TYPE = /digitalsourcetype\/([A-Za-z]+)/g;

/** All IPTC source-type terms named anywhere inside a value (strings nested in maps and arrays). */
function sourceTypesIn(value: CborValue, out: Set<string>): void {
  if (typeof value === 'string') {
    for (const m of value.matchAll(SOURCE_TYPE)) out.add(m[1]);
  } else if (Array.isArray(value)) value.forEach((v) => sourceTypesIn(v, out));
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    Object.values(value).forEach((v) => sourceTypesIn(v, out));
  }
}

const str = (v: CborValue): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: CborValue): Record<string, CborValue> | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array) ? v : undefined;

function contentOf(box: JumbfBox): CborValue {
  const content = box.children.find((c) => c.type === 'cbor' || c.type === 'json');
  if (!content) return undefined;
  try {
    return content.type === 'cbor' ? decodeCbor(content.payload) : (JSON.parse(utf8.decode(content.payload)) as CborValue);
  } catch {
    // Undecodable assertion: still honour any source-type URI written in it.
    return latin1.decode(content.payload);
  }
}

/** "self#jumbf=/c2pa/urn:uuid:…/c2pa.claim" → "urn:uuid:…". */
function manifestLabelFromUrl(url: string | undefined): string | undefined {
  const m = url?.match(/jumbf=\/?c2pa\/([^/]+)/);
  return m?.[1];
}

function readManifest(box: JumbfBox): C2paManifest {
  const manifest: C2paManifest = { label: box.label ?? '', sourceTypes: [], createdSourceTypes: [], actions: [], ingredients: [], openedInstanceIds: [] };
  const types = new Set<string>();
  const createdTypes = new Set<string>();
  for (const child of box.children) {
    if (child.label?.startsWith('c2pa.claim')) {
      const claim = obj(contentOf(child));
      const info = claim?.claim_generator_info;
      const firstInfo = Array.isArray(info) ? obj(info[0]) : obj(info);
      manifest.claimGenerator = str(claim?.claim_generator) ?? str(firstInfo?.name);
    }
    if (child.label !== 'c2pa.assertions') continue;
    for (const assertion of child.children) {
      const label = assertion.label ?? '';
      if (label.startsWith('c2pa.actions')) {
        const content = contentOf(assertion);
        sourceTypesIn(content, types);
        const list = obj(content)?.actions;
        if (!Array.isArray(list)) continue;
        for (const a of list) {
          const name = str(obj(a)?.action);
          if (name) manifest.actions.push(name);
          if (name === 'c2pa.created') sourceTypesIn(a, createdTypes);
          const id = str(obj(obj(a)?.parameters)?.instanceId);
          if (name === 'c2pa.opened' && id) manifest.openedInstanceIds.push(id);
        }
      } else if (label.startsWith('c2pa.ingredient')) {
        const ing = obj(contentOf(assertion));
        const ref = obj(ing?.active_manifest) ?? obj(ing?.c2pa_manifest);
        manifest.ingredients.push({
          manifestLabel: manifestLabelFromUrl(str(ref?.url)),
          relationship: str(ing?.relationship) ?? 'componentOf',
          title: str(ing?.title) ?? str(ing?.['dc:title']),
          instanceId: str(ing?.instanceID) ?? str(ing?.instance_id),
        });
      }
    }
  }
  manifest.sourceTypes = [...types];
  manifest.createdSourceTypes = [...createdTypes];
  return manifest;
}

const AI_GENERATED = 'trainedAlgorithmicMedia';
const AI_COMPOSITE = 'compositeWithTrainedAlgorithmicMedia';
const CAPTURE = new Set(['digitalCapture', 'computationalCapture', 'negativeFilm', 'positiveFilm', 'print']);

/**
 * The ingredient is the canvas being edited: declared parentOf, or the file a c2pa.opened action opened
 * (some writers, Photoshop among them, label that ingredient componentOf).
 */
function isParent(m: C2paManifest, ing: C2paManifest['ingredients'][number]): boolean {
  if (ing.relationship === 'parentOf') return true;
  if (ing.instanceId && m.openedInstanceIds.includes(ing.instanceId)) return true;
  return m.actions.includes('c2pa.opened') && m.ingredients.length === 1;
}

/**
 * Reads every manifest store found in the file and walks from the active (last) manifest through its
 * ingredients. Generated anywhere in the canvas lineage (parentOf chain) → fake; an AI composite or an AI
 * component placed on a canvas that was not itself generated → inpainting; a capture origin → capture.
 */
export function readC2pa(stores: Uint8Array[]): C2paSummary | null {
  const manifests: C2paManifest[] = [];
  for (const store of stores) {
    for (const top of parseBoxes(store)) {
      if (top.type !== 'jumb' || top.label !== 'c2pa') continue;
      for (const m of top.children) if (m.type === 'jumb') manifests.push(readManifest(m));
    }
  }
  if (manifests.length === 0) return null;
  const byLabel = new Map(manifests.map((m) => [m.label, m]));
  const active = manifests[manifests.length - 1];

  // Canvas lineage: the active manifest and its parentOf ancestors; components: everything else referenced.
  const lineage: C2paManifest[] = [];
  const components: C2paManifest[] = [];
  const seen = new Set<string>();
  const visit = (m: C2paManifest, inLineage: boolean): void => {
    if (seen.has(m.label)) return;
    seen.add(m.label);
    (inLineage ? lineage : components).push(m);
    for (const ing of m.ingredients) {
      const target = ing.manifestLabel ? byLabel.get(ing.manifestLabel) : undefined;
      if (target) visit(target, inLineage && isParent(m, ing));
    }
  };
  visit(active, true);

  const has = (list: C2paManifest[], type: string): C2paManifest | undefined => list.find((m) => m.sourceTypes.includes(type));
  const who = (m: C2paManifest): string => (m.claimGenerator ? ` (claim generator ${m.claimGenerator})` : '');
  // The canvas was generated when a lineage manifest creates it with a generative model, or declares
  // generation while having no parent canvas at all. Generation on an edit of a parent is a composite.
  const createsCanvas = (m: C2paManifest): boolean =>
    m.createdSourceTypes.includes(AI_GENERATED) ||
    (m.sourceTypes.includes(AI_GENERATED) && !m.ingredients.some((i) => isParent(m, i)));
  const generated = lineage.find(createsCanvas);
  if (generated) {
    const where = generated === active ? 'the active manifest' : 'an ingredient in the parent chain';
    return { manifests, activeLabel: active.label, verdict: 'fake', reason: `${where} declares ${AI_GENERATED}${who(generated)}` };
  }
  const composite =
    has(lineage, AI_COMPOSITE) ?? has(lineage, AI_GENERATED) ?? has(components, AI_GENERATED) ?? has(components, AI_COMPOSITE);
  if (composite) {
    return { manifests, activeLabel: active.label, verdict: 'inpainting', reason: `the edit history declares generated content composited into the image${who(composite)}` };
  }
  const capture = lineage.find((m) => m.sourceTypes.some((t) => CAPTURE.has(t)));
  if (capture) {
    return { manifests, activeLabel: active.label, verdict: 'capture', reason: `the origin is declared a capture (${capture.sourceTypes.join(', ')})${who(capture)}` };
  }
  return { manifests, activeLabel: active.label, verdict: 'none', reason: `no digital source type declared${who(active)}` };
}
