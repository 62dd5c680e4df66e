import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import type { TextDetector } from '../../server/engines/text-detect/index.ts';
import { checkInvariants, cleanArtefacts, humanize } from '../../server/engines/humanize/index.ts';

/** What the invariant checker calls an artefact, for the "never in our output" property. */
const ARTEFACT = /[\p{Cf}\u00A0\u2000-\u200A\u202F\u205F\u3000]|(?<=\S) {2,}(?=\S)|[\uFF21-\uFF5A\u{1D400}-\u{1D7FF}]/u;
const MIXED_SCRIPT_WORD = /(?=\S*\p{Script=Latin})\S*[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]\S*/u;

describe('humanizer clean-up of typing artefacts', () => {
  it('maps look-alike letters inside Latin words back to Latin', () => {
    assert.equal(cleanArtefacts('arises in varіous natural systems, speϲifically aquatic еcosystems'), 'arises in various natural systems, specifically aquatic ecosystems');
    assert.equal(cleanArtefacts('Fear gⲅipped the squire. It\u2019ѕ a plan. Elderly Resident at Grea\u{1D69D}er Manchester'), 'Fear gripped the squire. It\u2019s a plan. Elderly Resident at Greater Manchester');
    assert.equal(cleanArtefacts('a bowl of ｎａｉｌｓ and a ⓒake'), 'a bowl of nails and a cake');
    assert.equal(cleanArtefacts('He ѕhоuld gо hоmе nоw.'), 'He should go home now.');
  });

  it('maps a word typed wholly in look-alikes when the text has no real word of that script', () => {
    assert.equal(cleanArtefacts('The cat sat оn the mat аnd slept.'), 'The cat sat on the mat and slept.');
  });

  it('leaves text genuinely in another script alone', () => {
    const russian = 'Москва — столица России, а он сказал: «сор».';
    assert.equal(cleanArtefacts(russian), russian);
    const mixed = 'The word привет means hello, and сор is a Russian word too.';
    assert.equal(cleanArtefacts(mixed), mixed);
    const greek = 'The α-helix and β-sheet differ; the constant π is about 3.14.';
    assert.equal(cleanArtefacts(greek), greek);
    assert.equal(cleanArtefacts('Ἀθῆναι and Ελλάδα are Greek words.'), 'Ἀθῆναι and Ελλάδα are Greek words.');
  });

  it('removes invisible characters, keeps emoji joiners, and normalises odd spacing', () => {
    assert.equal(cleanArtefacts('zero\u200Bwidth\u200C and soft\u00ADhyphen\uFEFF text'), 'zerowidth and softhyphen text');
    assert.equal(cleanArtefacts('a\u00A0b\u2009c  d\u3000e'), 'a b c d e');
    assert.equal(cleanArtefacts('It costs Â£20.'), 'It costs £20.');
    const family = 'Our family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} came.';
    assert.equal(cleanArtefacts(family), family);
    assert.equal(cleanArtefacts('Line one.\n\n    indented line\tand tab'), 'Line one.\n\n    indented line\tand tab');
  });

  it('never touches code spans', () => {
    const code = 'Run `x  =  vаr` and\n```\nif (a  &&  b) {}\u200B\n```\nthen stop.';
    assert.equal(cleanArtefacts(code), code);
  });

  it('property: idempotent, never adds characters, and leaves plain ASCII text as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (text) => {
        const once = cleanArtefacts(text);
        assert.equal(cleanArtefacts(once), once);
        assert.ok([...once].length <= [...text].length);
      }),
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'abc XYZ.,\n\'"-019'.split('')), maxLength: 120 }), (text) => {
        assert.equal(cleanArtefacts(text.replace(/(?<=\S) {2,}(?=\S)/gu, ' ')), text.replace(/(?<=\S) {2,}(?=\S)/gu, ' '));
      }),
    );
  });

  it('humanize returns a clean text for an attacked input, with every invariant kept', () => {
    const detector: TextDetector = {
      version: 'test-constant-sentences',
      // Scores by the share of "crucial": the rewrite that drops it wins.
      detect: (text) => {
        const score = Math.min(1, 0.2 + (text.match(/crucial/gu)?.length ?? 0) * 0.3);
        return { aiScore: score, sentences: splitSentences(text).map((s) => ({ ...s, aiScore: score })), language: 'eng', englishCalibrated: true };
      },
    };
    const attacked = 'Plankton аre a crucіal part of aquatic еcosystems\u200B in the Nоrth Sea. They feed fish, and the fish feed us. It is a crucial link.';
    const result = humanize(attacked, { detector });
    assert.doesNotMatch(result.text, ARTEFACT);
    assert.doesNotMatch(result.text, MIXED_SCRIPT_WORD);
    assert.match(result.text, /North Sea/u);
    assert.deepEqual(checkInvariants(attacked, result.text).violations, []);
  });
});
