/**
 * English variants: an explicit target converts spellings with the curated map, in both
 * directions, per each variant's conventions; `auto` keeps the variant the text writes; harper's
 * dialect "corrections" (colour → color) are never applied on their own.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGrammarEngine, type TargetVariant } from '../../server/engines/grammar/index.ts';
import { VariantSpellings } from '../../server/engines/grammar/variants.ts';

const engine = await createGrammarEngine();
const variants = new VariantSpellings();

async function to(variant: TargetVariant, text: string): Promise<string> {
  return (await engine.correct(text, variant)).correctedText;
}

const BRITISH = 'My favourite colour is grey. We organised a programme at the theatre centre and analysed the travelled distance in kilometres.';
const AMERICAN = 'My favorite color is gray. We organized a program at the theater center and analyzed the traveled distance in kilometers.';

describe('variant conversion', () => {
  it('converts British spellings to American ones', async () => {
    assert.equal(await to('en-US', BRITISH), AMERICAN);
  });

  it('converts American spellings to British ones (program stays: British English writes it for software)', async () => {
    assert.equal(await to('en-GB', AMERICAN), BRITISH.replace('programme', 'program'));
  });

  it('follows Canadian conventions: -our and -re like British, -ize and -yze like American', async () => {
    assert.equal(
      await to('en-CA', AMERICAN),
      'My favourite colour is grey. We organized a program at the theatre centre and analyzed the travelled distance in kilometres.',
    );
    assert.equal(
      await to('en-CA', BRITISH),
      'My favourite colour is grey. We organized a program at the theatre centre and analyzed the travelled distance in kilometres.',
    );
  });

  it('follows Australian (program) and Indian (programme) conventions', async () => {
    assert.equal(await to('en-AU', AMERICAN), BRITISH.replace('programme', 'program'));
    assert.equal(await to('en-AU', BRITISH), BRITISH.replace('programme', 'program'));
    assert.equal(await to('en-IN', BRITISH), BRITISH);
  });

  it('converts a word only where it cannot be another word: cheque → check, but never check → cheque', async () => {
    assert.equal(await to('en-US', 'I paid the cheque and checked the tyre.'), 'I paid the check and checked the tire.');
    assert.equal(await to('en-GB', 'I paid the check and checked the tire.'), 'I paid the check and checked the tire.');
  });

  it('keeps capitalised words inside a sentence (names) and words inside addresses', async () => {
    assert.equal(await to('en-US', 'The Labour Party met at the Barbican Centre.'), 'The Labour Party met at the Barbican Centre.');
    assert.equal(await to('en-GB', 'Visit colors.example.com or mail color@example.com about color_id.'), 'Visit colors.example.com or mail color@example.com about color_id.');
    assert.equal(await to('en-US', 'Colour matters. Flavour too.'), 'Color matters. Flavor too.');
  });

  it('keeps the variant the text writes with auto, and does not flip it as a spelling error', async () => {
    for (const text of [BRITISH, AMERICAN, 'I realise the colour is odd, but I organize my time by color.']) {
      const result = await engine.correct(text, 'auto');
      assert.equal(result.changed, false, JSON.stringify(result.diff));
    }
  });

  it('reports the conversion as one variant issue', async () => {
    const result = await engine.correct(BRITISH, 'en-US');
    assert.deepEqual(result.issues, [{ category: 'variant', severity: 'low', message: 'Converted 10 spellings to American English (en-US).' }]);
    assert.equal(result.diff.length, 10);
    assert.ok(result.diff.every((op) => op.type === 'replace'));
  });

  it('still corrects grammar and spelling while converting', async () => {
    assert.equal(await to('en-GB', 'he go to the center becuase of the color.'), 'He goes to the centre because of the colour.');
  });
});

describe('variant map', () => {
  it('maps each pair both ways and recognises regional forms', () => {
    for (const [us, uk] of [
      ['color', 'colour'],
      ['organize', 'organise'],
      ['organization', 'organisation'],
      ['analyze', 'analyse'],
      ['center', 'centre'],
      ['traveled', 'travelled'],
      ['catalog', 'catalogue'],
      ['defense', 'defence'],
      ['gray', 'grey'],
      ['pediatric', 'paediatric'],
    ]) {
      assert.equal(variants.respelling(uk, us), 'us', `${uk} → ${us}`);
      assert.equal(variants.respelling(us, uk), 'uk', `${us} → ${uk}`);
      assert.ok(variants.isRegionalForm(us) && variants.isRegionalForm(uk));
    }
    assert.equal(variants.respelling('cheese', 'cheque'), null);
    assert.equal(variants.respelling('programmed', 'programme'), null);
  });

  it('detects the variant a text writes', () => {
    assert.equal(variants.detect(BRITISH), 'en-GB');
    assert.equal(variants.detect(AMERICAN), 'en-US');
    assert.equal(variants.detect('I check the program.'), null);
  });
});
