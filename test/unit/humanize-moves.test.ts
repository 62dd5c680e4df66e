import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bracketAppositive, joinLong, joinSemicolon, moveClauseBack, moveClauseFront, replaceColon, simplePast, splitFrontParticiple, splitLong, splitSubjectWhich, splitTrailingAction, splitWhile, splitWithClause } from '../../server/engines/humanize/structure.ts';
import { replacePhrases } from '../../server/engines/humanize/phrases.ts';
import { verbForms } from '../../server/engines/humanize/verbs.ts';
import { protectedItems } from '../../server/engines/humanize/protect.ts';
import { humanize } from '../../server/engines/humanize/index.ts';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';

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
    // Irregular pasts come from the table the grammar engine uses too.
    assert.equal(forms('misleading'), 'mislead/misleads/misled');
    assert.equal(forms('overtaking'), 'overtake/overtakes/overtook');
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
    // After an opening time phrase.
    assert.equal(splitTrailingAction('In 2019, the company launched a new app, offering free rides to students.'), 'In 2019, the company launched a new app. It offered free rides to students.');
    assert.equal(splitTrailingAction('Later, we walked to the harbour, hoping to see the boats.'), 'Later, we walked to the harbour. We hoped to see the boats.');
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

describe('humanizer clause moves of round 7', () => {
  it('tells a finished present perfect in the simple past, but not one tied to now', () => {
    assert.equal(simplePast('The council has approved the plan.'), 'The council approved the plan.');
    assert.equal(simplePast('Two men have been charged with theft.'), 'Two men were charged with theft.');
    assert.equal(simplePast('The company has also said that it will appeal.'), 'The company also said that it will appeal.');
    assert.equal(simplePast('She has lived in Leeds since 2010.'), null);
    assert.equal(simplePast('The monster has grabbed you and is dragging you away.'), null);
    assert.equal(simplePast('They have seen the film.'), null); // "saw" and "seen" differ
    assert.equal(simplePast('The university launched an inquiry and has vowed to act.'), null); // would mix tenses
  });

  it('splits a while-contrast into two sentences only when both halves are clauses', () => {
    assert.equal(
      splitWhile('The positive electrode is connected to the launcher, while the negative electrode is connected to the ground.'),
      'The positive electrode is connected to the launcher. The negative electrode is connected to the ground.',
    );
    assert.equal(splitWhile('She read the letter twice, while waiting for the train to arrive.'), null);
  });

  it('turns a trailing with-clause into a sentence in the main clause\'s tense', () => {
    assert.equal(
      splitWithClause('The incident has sparked outrage in the community, with many calling for stricter laws.'),
      'The incident has sparked outrage in the community. Many called for stricter laws.',
    );
    assert.equal(splitWithClause('The pasta dishes are out of this world, with each bite bursting with flavour.'), 'The pasta dishes are out of this world. Each bite bursts with flavour.');
    assert.equal(splitWithClause('The cannoli were crunchy and sweet, with a delightful filling of ricotta.'), null);
    assert.equal(splitWithClause('This is his second win in the lottery, with the first win coming in 2019.'), null);
  });

  it('rewrites stock abstract openings and fantasy words plainly', () => {
    assert.equal(replacePhrases('In this study, we model the emergence of waves.', 2), 'We model the emergence of waves.');
    assert.equal(replacePhrases('This study was funded by the council.', 0), 'This study was funded by the council.');
    assert.equal(replacePhrases('Her songs carry her to a forgotten realm.', 0), 'Her songs carry her to a forgotten world.');
    assert.ok(['In the chaos, she smiled.', 'In the middle of the chaos, she smiled.'].includes(replacePhrases('Amidst the chaos, she smiled.', 0)));
  });
});

describe('humanizer fronted participles and long joins', () => {
  it('turns a fronted participle phrase into a short sentence about the subject', () => {
    assert.equal(splitFrontParticiple('Feeling tired and cold, she went to bed early.'), 'She felt tired and cold. She went to bed early.');
    assert.equal(splitFrontParticiple('Determined to win, I stepped onto the field.'), 'I was determined to win. I stepped onto the field.');
    assert.equal(splitFrontParticiple('Observing the calm response, the officials began to relax.'), 'The officials observed the calm response. They began to relax.');
    // Fixed phrases, a possibly dangling participle (a guessed plural subject), a verb of either tense.
    assert.equal(splitFrontParticiple('According to the report, the council spent too much.'), null);
    assert.equal(splitFrontParticiple('Moving further in, the floorboards squeaked under his feet.'), null);
    assert.equal(splitFrontParticiple('Armed with a red pen, I set out to fix the grammar.'), null);
  });

  it('joins two sentences into one of at most 48 words', () => {
    const first = 'The first stage will see the riders tackle a long and hilly route from the coast to the old city centre.';
    const second = 'The second stage will take place in the Yorkshire Dales National Park on Saturday.';
    assert.equal(joinLong(first, second), `${first.slice(0, -1)}, and the second stage will take place in the Yorkshire Dales National Park on Saturday.`);
    // A sentence may end in a name, never in an abbreviation; neither half may already hold two clauses.
    assert.ok(joinLong('The first stage takes the riders along the coast from Bridlington to Scarborough.', 'The second stage will take place in the national park on Saturday.'));
    assert.equal(joinLong('The company was founded by the brothers and later sold to Acme Inc.', 'The new owners will keep the brand name for now.'), null);
    assert.equal(joinLong('The first stage takes the riders along the coast to the old town.', 'The second stage is in the park, and the third one ends in the city.'), null);
    const long = 'The council said that the new rules would apply to every driver in the county from the start of next year and beyond that.';
    assert.equal(joinLong(long, `${long.slice(0, -1)} as well.`), null);
    // A second sentence with its own subject after "A" or "My" joins too; one of 35 words is too long to join.
    assert.equal(joinLong('We sent the samples to the lab in the spring.', 'A second batch followed in the autumn after the new rules came in for everyone.'), 'We sent the samples to the lab in the spring, and a second batch followed in the autumn after the new rules came in for everyone.');
    assert.equal(joinLong('We sent the samples to the lab in the spring.', `A second batch followed in the autumn ${'and then more '.repeat(9)}came.`), null);
    assert.equal(joinLong('In nature it decorates ripe fruit and flowers in the spring.', 'A bold and striking colour, red commands attention.'), null);
  });
});

describe('humanizer colons in prose', () => {
  it('uses a comma before a quotation and a full stop before a clause, and keeps list colons', () => {
    assert.equal(replaceColon('He said: \uE000\uE100\uE001'), 'He said, \uE000\uE100\uE001');
    assert.equal(replaceColon('Gabriel came to a strange realization: he wanted to go home.'), 'Gabriel came to a strange realization. He wanted to go home.');
    assert.equal(replaceColon('They found the main cause of the decline: a fungal infection that has affected the food supply.'), null);
    assert.equal(replaceColon('The menu has three parts: starters, mains and desserts.'), null);
  });
});

describe('humanizer semicolon joins and which-clauses', () => {
  it('joins a sentence with its own subject to the one before with a semicolon', () => {
    assert.equal(joinSemicolon('The old mill closed in the spring.', 'It had run at a loss for years.'), 'The old mill closed in the spring; it had run at a loss for years.');
    // Not a second that opens with a name or a linking word, not a question, not past 40 words.
    assert.equal(joinSemicolon('The old mill closed in the spring.', 'Smith had run it at a loss for years.'), null);
    assert.equal(joinSemicolon('The old mill closed in the spring.', 'But it had run at a loss for years.'), null);
    assert.equal(joinSemicolon('Why did the old mill close in the spring?', 'It had run at a loss for years.'), null);
    assert.equal(joinSemicolon('The old mill closed in the spring.', `It had run at a loss for years ${'and years '.repeat(20)}before that.`), null);
    assert.equal(joinSemicolon('The equations are derived in a gauge-invariant form.', 'The equations are then solved numerically.'), 'The equations are derived in a gauge-invariant form; the equations are then solved numerically.');
    assert.equal(joinSemicolon('The old mill closed in the spring.', 'The owner, a baker, had run it at a loss.'), null);
  });

  it('splits a which-clause inside the subject before an irregular past', () => {
    assert.equal(splitSubjectWhich('The incident, which unfolded in a quiet suburban street, shook the community.'), 'The incident unfolded in a quiet suburban street. It shook the community.');
  });
});

describe('humanizer comma splits and clause moves', () => {
  it('splits two plain clauses joined by a bare comma, never an elliptical or introductory one', () => {
    assert.equal(splitLong('The acting was awful, the plot was predictable, and the special effects were laughable.'), 'The acting was awful. The plot was predictable, and the special effects were laughable.');
    assert.equal(splitLong('The colors I had yearned for were muted whispers, the shapes I had dreamed of distorted shadows.'), null);
    assert.equal(splitLong('After the long war had ended, the city was rebuilt by the people who stayed.'), null);
    assert.equal(splitLong('The model rests on the idea that the electrons form a lattice, and that the interactions between them are weak.'), null);
  });

  it('does not move a clause behind a pronoun that stands for something in it', () => {
    assert.equal(moveClauseBack('When Lily receives an antique music box, its haunting melodies carry her away.'), null);
    assert.equal(moveClauseBack('When the bandages were finally removed, a surge of emotions overwhelmed me.'), 'A surge of emotions overwhelmed me when the bandages were finally removed.');
  });

  it('does not move an opening phrase behind a clause inside the main one, where it would attach to that clause', () => {
    assert.equal(moveClauseBack('In a surprising twist, the police arrested a man who was seen near the bank.'), null);
    assert.equal(moveClauseBack('In terms of comfort, the seats were fine considering the price of the ticket.'), null);
    assert.equal(moveClauseBack('When he opened the door, he knew his day would never be the same.'), null);
    assert.equal(moveClauseBack('After the storm, the fields were covered in mud.'), 'The fields were covered in mud after the storm.');
    // After a bare determiner an -ing word is an adjective, not the verb of a with-clause.
    assert.equal(splitWithClause('The final will now be played next month, with the governing body responsible for picking a date.'), null);
    assert.equal(moveClauseFront('The captain admits that there may be some nerves when they first meet on the pitch.'), null);
    assert.equal(moveClauseBack('Among them were old farms, new mills and a small school.'), null);
    assert.equal(moveClauseBack('Before I knew it, I had eaten both tacos.'), null);
    assert.equal(splitLong('The minister said the tax rules are a complex issue, and that any change would need long study.'), null);
    // A contrast with "while" would read as time at the end.
    assert.equal(moveClauseBack('While efforts are made to limit such delays, some things are beyond our control.'), null);
  });
});

describe('humanizer brackets', () => {
  it('puts an appositive in brackets, inside a subject or at the end, but never a list item or after an opening phrase', () => {
    assert.equal(bracketAppositive('Lord Howe Island, a small island off the coast of Australia, is home to the insects.'), 'Lord Howe Island (a small island off the coast of Australia) is home to the insects.');
    assert.equal(bracketAppositive('The stick insects are native to Lord Howe Island, a small island off the coast of Australia.'), 'The stick insects are native to Lord Howe Island (a small island off the coast of Australia).');
    assert.equal(bracketAppositive('The fungus, known as Sclerotinia, infects the plants.'), 'The fungus (known as Sclerotinia) infects the plants.');
    assert.equal(bracketAppositive('She bought apples, a pear, and bananas.'), null);
    assert.equal(bracketAppositive('Burglaries have risen in the nearby village, a councillor says.'), null);
    assert.equal(bracketAppositive('The cuts hit many departments and functions, including admin roles and frontline services.'), 'The cuts hit many departments and functions (including admin roles and frontline services).');
    assert.equal(bracketAppositive('We tried many dishes, such as the soup, and we loved them.'), null);
    // Never a clause, the last items of a list, or after an opening clause or phrase.
    for (const sentence of [
      'When a voltage is applied between the two electrodes, an electrostatic force is produced.',
      'After years of saving, a new medical procedure offered hope.',
      'Zork was a combination of a zebra, an elephant and a kangaroo.',
      'The story unfolded before me, a story of love, loss, and redemption.',
      'As soon as I stepped through the door, the smell of garlic, tomatoes, and fresh herbs enveloped me.',
      'Albeit you are visiting for a casual lunch, a romantic dinner or a party, this place caters to all occasions.',
    ]) assert.equal(bracketAppositive(sentence), null, sentence);
    assert.equal(bracketAppositive('Jane, an experienced support worker, picked up the phone.'), 'Jane (an experienced support worker) picked up the phone.');
    assert.equal(bracketAppositive('In 2010, the company, a subsidiary of Acme, was sold.'), null);
    assert.equal(bracketAppositive('The old house (now a museum) stands by the river, a quiet spot.'), null);
    // A clause after an opening clause, and the last items of a list, are no appositives.
    assert.equal(bracketAppositive('When the two plates are charged, an electric force is generated.'), null);
    assert.equal(bracketAppositive('When the lights finally came on, a wave of relief swept over the crowd.'), null);
    assert.equal(bracketAppositive('In the depths of the cave, a faint glow appeared.'), null);
    assert.equal(bracketAppositive('Despite the harsh weather, the hikers adapted, slowly learning the trail.'), null);
    assert.equal(bracketAppositive('The mood in the hall was tense, a sense of dread slowly building.'), null);
    assert.equal(bracketAppositive('Just when all hope seemed lost, a loud knock broke the silence.'), null);
    assert.equal(bracketAppositive('He raised an eyebrow at the plan, a hint of doubt now clear.'), null);
    assert.equal(bracketAppositive('The tale unfolded before me, a story of love, loss and hope.'), null);
    assert.equal(bracketAppositive('Many of the riders fell back, a few reaching the finish.'), null);
    assert.equal(bracketAppositive('All eyes were on the big screen, a loud gasp went through the room.'), null);
    assert.equal(bracketAppositive('I ordered the special of the day, a pasta dish with fresh basil.'), 'I ordered the special of the day (a pasta dish with fresh basil).');
    assert.equal(bracketAppositive('The creature was a mix of a goat, a horse and a parrot.'), null);
    assert.equal(bracketAppositive('Whether you come for a quick snack, a long dinner or a party, this cafe fits the bill.'), null);
  });
});

describe('humanizer contracted openers', () => {
  it('takes a capitalised contraction that opens a sentence for no name: a move lower-cases it', () => {
    assert.deepEqual([...protectedItems("You've won. We're here. Don't go. I'm sure. Ann's car is red.").keys()], ["Ann's"]);
    const text = "Let's go through this scenario step by step.\n\nYou've finally come up with an algorithm for solving the coding question after some trial and error on the whiteboard. You're feeling relieved.";
    const out = humanize(text, { detector: loadTextDetector() }).text;
    assert.doesNotMatch(out, /, You've/u);
  });
});

describe('humanizer clause fronting after a conjunction', () => {
  it('leaves a clause that opens with a conjunction as it is (no "Before they cause harm, but it ...")', () => {
    assert.equal(moveClauseFront('But it makes sure professionals can fix mistakes before they cause harm.'), null);
    assert.equal(moveClauseFront('And we left the house before the storm arrived.'), null);
    assert.equal(moveClauseFront('We left the house before the storm arrived.'), 'Before the storm arrived, we left the house.');
  });
});

describe('humanizer brackets round a list of examples', () => {
  it('brackets a list that closes the sentence, not one the sentence goes on after', () => {
    assert.equal(bracketAppositive('The shop sells many fruits, such as apples, pears and plums.'), 'The shop sells many fruits (such as apples, pears and plums).');
    assert.equal(bracketAppositive('The world has relied on fossil fuels, such as gas, oil, and coal, for centuries.'), null);
  });
});
