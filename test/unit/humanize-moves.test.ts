import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { splitTrailingAction } from '../../server/engines/humanize/structure.ts';
import { verbForms } from '../../server/engines/humanize/verbs.ts';

describe('humanizer verb forms', () => {
  it('recovers base, -s and past forms from a participle', () => {
    const forms = (p: string): string | null => {
      const f = verbForms(p);
      return f && `${f.base}/${f.third}/${f.past}`;
    };
    assert.equal(forms('offering'), 'offer/offers/offered');
    assert.equal(forms('hoping'), 'hope/hopes/hoped');
    assert.equal(forms('stopping'), 'stop/stops/stopped');
    assert.equal(forms('calling'), 'call/calls/called');
    assert.equal(forms('singing'), 'sing/sings/sang');
    assert.equal(forms('ranging'), 'range/ranges/ranged');
    assert.equal(forms('leaving'), 'leave/leaves/left');
    assert.equal(forms('studying'), 'study/studies/studied');
    assert.equal(forms('casting'), 'cast/casts/cast');
    // Not verbs, or unsure.
    assert.equal(forms('nothing'), null);
    assert.equal(forms('being'), null);
    assert.equal(forms('lying'), null);
  });

  it('gives forms that are words, never the participle itself', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{2,9}ing$/u), (participle) => {
        const f = verbForms(participle);
        if (f === null) return;
        assert.ok(/^[a-z]+$/u.test(f.base) && f.base !== participle);
        assert.ok(f.third.startsWith(f.base.replace(/y$/u, '')));
      }),
    );
  });
});

describe('humanizer trailing-action split', () => {
  it('turns a trailing participle phrase into a sentence with the subject as a pronoun, in the same tense', () => {
    assert.equal(
      splitTrailingAction('The staff was really knowledgeable and attentive, offering helpful recommendations and answering any questions we had.'),
      'The staff was really knowledgeable and attentive. They offered helpful recommendations and answered any questions we had.',
    );
    assert.equal(splitTrailingAction('The woman stood at the door, holding a small box.'), 'The woman stood at the door. She held a small box.');
    assert.equal(splitTrailingAction('He becomes a wandering swordsman, helping those in need and protecting the innocent.'), 'He becomes a wandering swordsman. He helps those in need and protects the innocent.');
    assert.equal(splitTrailingAction('The council has welcomed the decision, saying it will help local families.'), 'The council has welcomed the decision. It said it will help local families.');
    assert.equal(splitTrailingAction('The tree has been a home to countless creatures, offering them shelter.'), 'The tree has been a home to countless creatures. It offers them shelter.');
  });

  it('leaves it alone when the subject, the tense or the phrase is unclear', () => {
    // Unknown person noun (he or she?), a second subject, a passive, a list, a noun in -s that is a verb.
    assert.equal(splitTrailingAction('The chef prepared the dish with care, adding a touch of lemon.'), null);
    assert.equal(splitTrailingAction('He reached out for her and she closed her eyes, waiting for the end.'), null);
    assert.equal(splitTrailingAction('I was impressed by the range of colours, ensuring that everyone could find something.'), null);
    assert.equal(splitTrailingAction('I spent the whole day at the beach, swimming, reading and sleeping.'), null);
    assert.equal(splitTrailingAction('The sun shines down upon its leaves, casting dappled shadows across the floor.'), null);
    // "unique and surprising finds": the second -ing word is an adjective; "left us upset and questioning": it belongs to the object.
    assert.equal(splitTrailingAction('The store is a nostalgic haven, brimming with an array of unique and surprising finds.'), null);
    assert.equal(splitTrailingAction('The dishes lacked any flavour, leaving us disappointed and questioning the quality of the food.'), null);
    assert.equal(splitTrailingAction('She will arrive tomorrow, bringing gifts for everyone.'), null);
  });
});
