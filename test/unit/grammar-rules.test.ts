/**
 * The grammar engine's behaviour: each of our rules on examples (and on the near misses it must
 * leave alone), what is dropped from harper.js (style, typography, renames, names, valid words),
 * clean text unchanged, non-English unchanged, determinism.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createGrammarEngine } from '../../server/engines/grammar/index.ts';
import { RULES } from '../../server/engines/grammar/rules.ts';
import { indefiniteArticle } from '../../server/engines/grammar/articles.ts';

const traced: string[][] = [];
const trace = (_text: string, edits: ReadonlyArray<{ rule: string }>): void => void traced.push(edits.map((e) => e.rule));
const engine = await createGrammarEngine({ trace });
/** Our rules alone (harper.js left out), so that each rule is seen doing its own work. */
const rulesOnly = await createGrammarEngine({ trace, withoutHarper: true });

async function corrected(text: string): Promise<string> {
  return (await engine.correct(text, 'auto')).correctedText;
}

/** The rules that made the corrections of `text` (by default with our rules alone). */
async function rulesFor(text: string, on = rulesOnly): Promise<string[]> {
  traced.length = 0;
  await on.correct(text, 'auto');
  return traced.flat();
}

async function unchanged(text: string): Promise<void> {
  const result = await engine.correct(text, 'auto');
  assert.equal(result.correctedText, text, `changed: ${JSON.stringify(result.diff)}`);
  assert.equal(result.changed, false);
  assert.deepEqual(result.diff, []);
}

/** Each rule: [input, expected output] pairs it fixes, and inputs it must leave alone. */
const CASES: Record<string, { fixes: Array<[string, string]>; leaves: string[] }> = {
  'agreement-third-person': {
    fixes: [
      ['Every morning he go to the park.', 'Every morning he goes to the park.'],
      ['I think she have a good reason.', 'I think she has a good reason.'],
      ['On Sundays he usually bring a book.', 'On Sundays he usually brings a book.'],
      ['In addition it have a negative influence.', 'In addition, it has a negative influence.'],
      ['Everyone know the answer.', 'Everyone knows the answer.'],
      // "it" begins a clause after a wh-word, a noun it relates to, or a verb of saying.
      ['The soup is bitter from the herbs it contain.', 'The soup is bitter from the herbs it contains.'],
      ['The council says it want to close the road.', 'The council says it wants to close the road.'],
      ['Nobody knows how it work in the cold.', 'Nobody knows how it works in the cold.'],
    ],
    leaves: ['We will let it go and watch it grow.', 'He felt it move under his hand.', 'They thought it fit to resign.', 'We help everyone understand it.', 'Let everybody go home.', 'He last chose to learn the truth.', 'We made it work in the end.', 'They let him go home early.', 'Not only could he be remembered as a great artist.', 'Does she know the way?', 'Since no one knew about the disease, it spread around the world.', 'He put the book on the table.', 'She hurt her hand.', "His study's results were good."],
  },
  'plural-bare-subject': {
    fixes: [
      ['Recently scientist have been working on it.', 'Recently scientists have been working on it.'],
      ['It is hard, because scientist assume it.', 'It is hard, because scientists assume it.'],
      ['Scientist assume that it is not the case.', 'Scientists assume that it is not the case.'],
    ],
    leaves: ['Rose have a car.', 'History tell us the truth.', 'Time flies when we play.', 'Car owners pay more.', 'Parents teach their children well.', 'The scientist has been working on it.'],
  },
  'agreement-mass-subject': {
    fixes: [
      ['Research have shown that it works.', 'Research has shown that it works.'],
      ['Technology make our lives easier.', 'Technology makes our lives easier.'],
      ['Money attract money.', 'Money attracts money.'],
    ],
    leaves: ['Statistics show that it works.', 'Staff have the right to know.', 'Government use of money is high.', 'I suggest that research continue.', 'Money transfer fees are high.', 'Mark have a car.', 'When I was young, music helped me.', 'Research has shown that it works.'],
  },
  'be-agree': {
    fixes: [
      ['I am agree with you.', 'I agree with you.'],
      ['He is agree with me.', 'He agrees with me.'],
    ],
    leaves: ['We agree with you.', 'The terms are agreed.'],
  },
  'gerund-after': {
    fixes: [
      ['I look forward to meet you.', 'I look forward to meeting you.'],
      ['I enjoy to read books.', 'I enjoy reading books.'],
    ],
    leaves: ['I look forward to it.', 'They are considered to have been made here.', 'We moved forward to see the stage.'],
  },
  'interested-in': {
    fixes: [['I am very interesting in music.', 'I am very interested in music.']],
    leaves: ['It is interesting in many ways.', 'This book is interesting.'],
  },
  'agreement-plural-pronoun': {
    fixes: [
      ['Yesterday they was at home all day.', 'Yesterday they were at home all day.'],
      ['Every summer we goes to the lake.', 'Every summer we go to the lake.'],
      ['When you be successful, you will be happy.', 'When you are successful, you will be happy.'],
    ],
    leaves: ['He and I are good friends.', 'If I were you, I would stay.', 'Will they be there?', 'Let them be happy.', 'I want you be happy.', 'Do you be quiet?', 'Here k is the rate and B | i is the measured value.'],
  },
  'agreement-plural-noun': {
    fixes: [
      ['Many students was late for the exam.', 'Many students were late for the exam.'],
      ['Young people is not able to wait.', 'Young people are not able to wait.'],
      ['Most people does not know about this.', 'Most people do not know about this.'],
      ['Most people thinks it is good.', 'Most people think it is good.'],
      ['It shows that endangered animals is in danger.', 'It shows that endangered animals are in danger.'],
      ['Most of these systems runs on electricity.', 'Most of these systems run on electricity.'],
      ['All of the students was late.', 'All of the students were late.'],
    ],
    leaves: ['The news is good today.', 'One of the students is late.', 'Each of the students is late.', 'The heads of many companies say no.', 'Most of the time goes to work.', 'Most of the students are happy.', 'Physics is hard.', 'Economics is a science.', "The students' works are on the wall.", 'The children of my sister are nice.', 'Smoking cigarettes is bad for you.', 'Shields suggests that the early towns were small. As noted by Shields, trade came later.', 'The average stay for young or old patients was about six days.'],
  },
  'agreement-relative': {
    fixes: [
      ['She is a person who are always kind.', 'She is a person who is always kind.'],
      // A pronoun antecedent has its own number; adjectives may stand between the determiner and the noun.
      ['The prize goes to someone who are new to the sport.', 'The prize goes to someone who is new to the sport.'],
      ['Those who is late will wait outside.', 'Those who are late will wait outside.'],
      ['It was a narrow path that are rarely used.', 'It was a narrow path that is rarely used.'],
    ],
    leaves: ['He is one of those who are late.', 'Children aged one who are ill stay at home.', 'We need a young team that are hungry for goals.', 'These are the people who are always kind.', 'The study of rivers that is based on mud flows is old.'],
  },
  'agreement-there-are': {
    fixes: [
      ['There is many reasons to stay here.', 'There are many reasons to stay here.'],
      ['On the other hand, there is also people that disagree.', 'On the other hand, there are also people that disagree.'],
      // A bare plural phrase with adjectives or nouns before its head, at a clause start.
      ['There is other reasons to stay, of course.', 'There are other reasons to stay, of course.'],
      ['In summer, there is evening boat trips to the island.', 'In summer, there are evening boat trips to the island.'],
    ],
    leaves: ['There is sports equipment in the hall.', 'There is little point in waiting.', 'There is a reason to stay here.', 'There is news from home.', 'There is students housing near here.', 'There was parents’ consent.'],
  },
  'agreement-noun-subject': {
    fixes: [
      ['The attack on the old hall on Mill Road are believed to be racist.', 'The attack on the old hall on Mill Road is believed to be racist.'],
      ['It was raining. Copies of the letter was sent out later.', 'It was raining. Copies of the letter were sent out later.'],
      ['Officials said more funding were required.', 'Officials said more funding was required.'],
      ['Video playback are not available on this phone.', 'Video playback is not available on this phone.'],
      ['Reports say Mr Ortega are not among the dead.', 'Reports say Mr Ortega is not among the dead.'],
      ['Reports say Mr. Ortega are not among the dead.', 'Reports say Mr. Ortega is not among the dead.'],
      ['A 52-year-old woman have been charged.', 'A 52-year-old woman has been charged.'],
      ['The 52-year-old, who were born in a small village, was given a medal.', 'The 52-year-old, who was born in a small village, was given a medal.'],
      ['The beetle, which are related to the weevil, was found in the attic.', 'The beetle, which is related to the weevil, was found in the attic.'],
      ["Local customs and habits is part of the town's identity.", "Local customs and habits are part of the town's identity."],
      ['One of the guards are seen holding a cat.', 'One of the guards is seen holding a cat.'],
      // After a time adverbial the subject starts its clause.
      ['Last week a new grant were given to the school.', 'Last week a new grant was given to the school.'],
      ['On Monday the report were published.', 'On Monday the report was published.'],
      ['She told the board that backup plans is being prepared.', 'She told the board that backup plans are being prepared.'],
      // An adverb or a prepositional phrase that opens the clause stands before the subject.
      ['Perhaps the answer are simpler than we think.', 'Perhaps the answer is simpler than we think.'],
      ['Within two weeks the bridge were open again.', 'Within two weeks the bridge was open again.'],
      // "several" or a possessive makes a plural many, whatever the counts say of the noun.
      ['Several old fence poles was knocked over in the storm.', 'Several old fence poles were knocked over in the storm.'],
      // A count of a plural is as many as it counts; a noun in -ing after "a" is one action.
      ['A number of old trees was cut down last year.', 'A number of old trees were cut down last year.'],
      ['Hundreds of letters was sent to the paper.', 'Hundreds of letters were sent to the paper.'],
      ['They said that a complete rebuilding were needed.', 'They said that a complete rebuilding was needed.'],
      // An amount of a singular is one; a participle between the determiner and the noun is in the phrase.
      ['A lot of the damage were caused by the wind.', 'A lot of the damage was caused by the wind.'],
      ['Police said the stolen car were found in a field.', 'Police said the stolen car was found in a field.'],
      // "both"/"all" before a participle makes names joined by "and" many.
      ['Ann Lee and Tom Hart was both elected to the board.', 'Ann Lee and Tom Hart were both elected to the board.'],
    ],
    leaves: [
      // The subject is before "of" ("finding" is no reporting verb here); "near-infrared" is one word, not "near" + phrase.
      'Rescuers said the chance of finding survivors was becoming slim.',
      'High dispersion near-infrared spectra have been taken of seven stars.',
      // A time that holds its sentence's full stop ends the sentence; "folk" takes either number.
      'Classes meet Saturday mornings at 9:00AM. Class size is limited to six students.',
      'I discovered that the Cooperstown folk have those words trademarked.',
      'If the firm were still run from London, it would stay.',
      'The team are playing well and the club have said so.',
      'Ten years is a long time.',
      'Two tables is the most you can manage.',
      'The people who bought the house are happy.',
      'The rest of the players are tired.',
      'Whose owner and trainer is the jockey Peter Smith?',
      'The size and cost of the repair has also been noted.',
      'England were beaten by Canada on Saturday.',
      'We also looked at the third regional cohort, who have been tracked only three years so far.',
      'Several pitchers in the small - town farm system are too young to be trusted yet.',
      'The differences between these recipes is what the judges taste.',
      'One of its Pine - Wood doors was removed and painted again last spring.',
      'The ancestor of all Proto- Slavic dialects was itself spoken near the river.',
      "Words of advice Mary Baker doesn't have much time for fads.",
      'Leeds, who have won the league three times, drew.',
      'Which books has he read this year?',
      'Research and development is costly.',
      'Mr and Mrs Smith are at home.',
      'Some shirts sold as school wear were not suitable.',
      // A gerund's object is not the subject; ", and" may end a list of subjects.
      'Tracking animals is hard in the winter months.',
      'Rent, insurance, and food are what the grant has to cover.',
      'He cancelled it on Monday, hours before the concert was due to start.',
      'Also worth seeing are the old mills by the river.',
      'His ten years at the club was a happy time.',
      'Near the station the old shops are closing.',
      'The number of letters was small.',
      'The following are the main points.',
      'The missing were found alive.',
      'A lot of the staff were angry.',
      'Lots of people were there.',
      'Bread and butter is both loved and hated.',
      'Smith and Jones is all over the town.',
    ],
  },
  'agreement-there-is': {
    fixes: [
      ['There are no excuse for this, the minister said.', 'There is no excuse for this, the minister said.'],
      ['He said there were an obvious lack of trust between them.', 'He said there was an obvious lack of trust between them.'],
      // The perfect, "much"/"little" before a singular, a compound's last noun as its head.
      ['Over the years, there have been a steady rise in prices.', 'Over the years, there has been a steady rise in prices.'],
      ['Despite the delays, there were little doubt about the result.', 'Despite the delays, there was little doubt about the result.'],
      ['There are a bus service to the town every hour.', 'There is a bus service to the town every hour.'],
    ],
    leaves: ['I am sure that if there were a movement to restrict it, we would know.', 'There were little cottages along the lane.', 'Here and there are small farms.', 'There have been a number of complaints.', 'There are a lot of people here.', 'There were a number of problems.', 'There are a few left.', 'There are no teachers or pupils here.', 'There were a man and a woman in the car.', 'There are no plans to change it.', 'The people there are a problem.'],
  },
  'verb-after-modal': {
    fixes: [
      ['She can goes there by bus.', 'She can go there by bus.'],
      // "may" + an -s form after a subject (not "may parts", a slip for "many"); an -s form the tagger calls a noun.
      ['It may starts to rain later.', 'It may start to rain later.'],
      ['Peers may facilitates growth in one another.', 'Peers may facilitate growth in one another.'],
      ['He did not went to the party.', 'He did not go to the party.'],
      ["He can't swims in the sea.", "He can't swim in the sea."],
      ['Does he plays football?', 'Does he play football?'],
      ['What does it means?', 'What does it mean?'],
      ['Does he has a car?', 'Does he have a car?'],
    ],
    leaves: ['She can go there by bus.', 'It must be done by noon.', 'Does it matter?', 'He does it well, and so did they.', 'Did you notice it?'],
  },
  'agreement-the-number-of': {
    fixes: [
      ['The number of cars are increasing.', 'The number of cars is increasing.'],
      ['The number of young people have grown.', 'The number of young people has grown.'],
    ],
    leaves: ['A number of cars are parked outside.', 'The number of cars is increasing.', 'We counted the number of cars that are red.'],
  },
  'agreement-uncountable-be': {
    fixes: [
      ['This information were wrong.', 'This information was wrong.'],
      ['Money are important to them.', 'Money is important to them.'],
    ],
    leaves: ['Money and time are important.', 'The software engineers are here.', 'The research teams were large.'],
  },
  'on-weekday': {
    fixes: [
      ['We will meet in Monday.', 'We will meet on Monday.'],
      ['I work at Sundays.', 'I work on Sundays.'],
    ],
    leaves: ["The report in Monday's paper was wrong.", 'We met on Monday in the morning.'],
  },
  'verb-after-to': {
    fixes: [['I want to went home early.', 'I want to go home early.']],
    leaves: ['This is an alternative to prescribed burning.', 'The same will happen to taxes on fuel.', 'Fans visited the stadium to lay flowers on the pitch.', 'They want to found a company.'],
  },
  'perfect-participle': {
    fixes: [
      ['She has went to the market already.', 'She has gone to the market already.'],
      ['The letter was wrote by my friend.', 'The letter was written by my friend.'],
    ],
    leaves: ['She has gone to the market already.', 'They thought the senator had showed poor sense.'],
  },
  'perfect-base-participle': {
    fixes: [
      ['First, they have spend many hours on the computer.', 'First, they have spent many hours on the computer.'],
      ['She has already write the letter.', 'She has already written the letter.'],
      ['I have choose this one.', 'I have chosen this one.'],
    ],
    leaves: ['They have come home.', 'We have put it away.', 'We have drink after work.', 'They have spent it all.', 'I have to write it.'],
  },
  'irregular-past': {
    fixes: [
      ['Yesterday I choosed the red one.', 'Yesterday I chose the red one.'],
      ['The police had catched him before he runned away.', 'The police had caught him before he ran away.'],
    ],
    leaves: ['They seed the fields every spring.', 'He lied about it.', 'They hanged the picture and lighted the candles.'],
  },
  'plural-after-quantifier': {
    fixes: [
      ['There are many student in this class.', 'There are many students in this class.'],
      ['Each of the player in the team got a medal.', 'Each of the players in the team got a medal.'],
      ['There are a lot of scientist in this city.', 'There are a lot of scientists in this city.'],
      ['He argued with other driver on the road.', 'He argued with other drivers on the road.'],
      ['It helps us to understand certain thing in life.', 'It helps us to understand certain things in life.'],
      ['The reason these problem occurs is simple.', 'The reason these problems occur is simple.'],
      ['Some student think so.', 'Some students think so.'],
    ],
    leaves: ['It was the first addition to the Canadian top ten list since 1987.', 'Four point to point steeple races are held in the county.', 'They sent one of their own race to investigate life on Earth.', 'It is a certain thing.', 'They face certain death.', 'To a certain degree it works.', 'You accept both winning and losing.', 'Some guy makes it.', 'I gave some student books.', 'Some time passed.', 'There are certain things we know.', 'Many buildings fell.', 'These auto-tracking services break the rules.', 'That gives us a lot of opportunity to think.', 'A lot of noise came from the street.', 'The other driver was angry.', 'We spent a lot of time there.', 'Many people live here.', 'Many car owners agree with this.', 'We need much information.', "One of the book's pages was torn.", 'Each of the team members agreed.', 'At five o ’ clock we met.', 'They grew a variety of grape on the hill.', 'That is a business strategy that many claim will ruin the small shops.', 'Both of these can be measured without harm.', 'These will be stored in separate jars.', 'Both sent the kids running into the yard.', 'Never worry about those left behind at the station.', 'The city has one of the country’s tallest towers.'],
  },
  'singular-after-every': {
    fixes: [['Every students must bring a pencil.', 'Every student must bring a pencil.']],
    leaves: ['Every student must bring a pencil.', 'Each genus g solution has only a single asymptotic point.'],
  },
  'capital-mid-sentence': {
    fixes: [
      ['For example, When I traveled to France, I was happy.', 'For example, when I traveled to France, I was happy.'],
      ['So It will be a good day.', 'So it will be a good day.'],
    ],
    leaves: ['We read The Lord of the Rings.', 'He said: The end is near.', 'Then I left. It was late.', 'I like it. The end.', 'She saw The Times today.', 'The professor said, This can be changed.', 'We had no time to learn, They were busy.', 'Summary and outlook\nWe have shown that the method works.', 'It ends with a short coda in the final section\nThere is a pause before the last chord.', 'The x and A values were measured twice.', 'Results and discussion We have found that the cells grow.'],
  },
  'gerund-subject': {
    fixes: [
      ['Moreover, take risks teaches you a lot.', 'Moreover, taking risks teaches you a lot.'],
      ['Learn languages helps you.', 'Learning languages helps you.'],
    ],
    leaves: ['Make sure the car works.', 'Take the bus that goes to town.', 'Tell people what works.', 'Take risks and learn.'],
  },
  'modal-be-able': {
    fixes: [['Now, we will able to do it.', 'Now, we will be able to do it.']],
    leaves: ['We will be able to do it.', 'We are able to do it.'],
  },
  'passive-participle': {
    fixes: [
      ['The sulfur dioxide is generate by natural sources.', 'The sulfur dioxide is generated by natural sources.'],
      ['The houses were destroy by the storm.', 'The houses were destroyed by the storm.'],
    ],
    leaves: ['The shop is close by the station.', 'It was done by hand.', 'The goal is to win by a lot.', 'It is used by many.'],
  },
  'verb-confusion': {
    fixes: [
      ['We should raise taxes to safe the environment.', 'We should raise taxes to save the environment.'],
      ['He ended up loosing the money.', 'He ended up losing the money.'],
      ['You will loose your job.', 'You will lose your job.'],
    ],
    leaves: ['Hard work is the key to success in life.', 'The knot came loose.', 'I need advice on this.', 'It is safe to go.', 'It is hard to breathe.'],
  },
  'almost-most': {
    fixes: [['It is serious, but almost people know it.', 'It is serious, but most people know it.']],
    leaves: ['Almost all people know it.', 'It is almost ready.', 'We almost missed the train.', 'Almost everyone knows it.'],
  },
  'set-phrase': {
    fixes: [
      ['In a such situation we wait.', 'In such a situation we wait.'],
      ['I stayed on the internet for long time.', 'I stayed on the internet for a long time.'],
      ['That is why i m here.', "That is why I'm here."],
    ],
    leaves: ['In such a situation we wait.', 'We waited for long time periods.', 'I waited for a long time.'],
  },
  'double-capital': {
    fixes: [
      ['THe weather was fine.', 'The weather was fine.'],
      ['I met a person in NIce who was kind.', 'I met a person in Nice who was kind.'],
    ],
    leaves: ['I bought an IPhone and two TVs.', 'She has a PhD in physics.', 'We use NATO rules.'],
  },
  'split-compound': {
    fixes: [
      ['He hurt him self badly.', 'He hurt himself badly.'],
      ['We did some thing wrong.', 'We did something wrong.'],
      ['Them selves they could not help.', 'Themselves they could not help.'],
    ],
    leaves: ['He did it himself.', 'Some things are hard.', 'It is my selfie.'],
  },
  'uncountable-plural': {
    fixes: [
      // Before a noun the lost apostrophe is the slip.
      ['He opened a childrens hospital in Orlando.', "He opened a children's hospital in Orlando."],
      ['They gave us many informations about it.', 'They gave us much information about it.'],
      ['Many childs play outside.', 'Many children play outside.'],
      ['We saw two sheeps in the field.', 'We saw two sheep in the field.'],
    ],
    leaves: ['They gave us information about it.', "It was in the men's room.", 'The children play outside.', 'This is just one of our many wildlife magazines.'],
  },
  'this-these': {
    fixes: [['I do not like this cars at all.', 'I do not like these cars at all.']],
    leaves: ["This car's engine is loud.", 'This year was good.', '"This increases the threat to the islands," he said.', 'This answers (and generalizes) a conjecture of Smith.'],
  },
  'to-after-modal': {
    fixes: [
      ['You should not to worry about it.', 'You should not worry about it.'],
      ['The teacher made us to write an essay.', 'The teacher made us write an essay.'],
      ['He made his friends to laugh.', 'He made his friends laugh.'],
    ],
    leaves: ['They made efforts to improve the school.', 'They made a decision to leave.', 'It made people to the north angry.'],
  },
  'its-your-contraction': {
    fixes: [
      ['I think its very hard to learn.', "I think it's very hard to learn."],
      ['Thanks, your welcome to join us.', "Thanks, you're welcome to join us."],
    ],
    leaves: ['The company changed its name.', 'Your book is on the table.'],
  },
  'comma-after-introduction': {
    fixes: [
      ['For example we can walk to school.', 'For example, we can walk to school.'],
      ['However it is not easy to do.', 'However, it is not easy to do.'],
      ['Secondly we need more time.', 'Secondly, we need more time.'],
      ['Second the price is too high.', 'Second, the price is too high.'],
    ],
    leaves: [
      'However hard it is, we try.', 'For example, we can walk to school.', 'Also we can walk to school.', 'Therefore we stayed at home.',
      'Second place went to our team.', 'Finally arrived, we rested.', 'In my opinion is the best way.', 'Finally the third cause is the weather.', 'Nowadays the drinking of soda is common.', 'Besides that, we had no money.',
      // A short introductory phrase may go without its comma.
      'In this case a tour guide is useful.', 'Of course it has its risks.', 'In fact we need more places.',
    ],
  },
  'verb-extra-preposition': {
    fixes: [
      ['The reading passage emphasizes about an alternative.', 'The reading passage emphasizes an alternative.'],
      ['She lacks of money.', 'She lacks money.'],
      ['He mentioned about the cost.', 'He mentioned the cost.'],
      ['You can really trust on it.', 'You can really trust it.'],
    ],
    leaves: ['You can trust in it.', 'The trust on both sides grew.', 'The lack of money is a problem.', 'He mentioned it.', 'They were talking about the cost.'],
  },
  'to-before-place': {
    fixes: [
      ['My classmates and I traveled France and Italy.', 'My classmates and I traveled to France and Italy.'],
      ['Last year I went America with my family.', 'Last year I went to America with my family.'],
    ],
    leaves: ['A survey such as the on-going Hyper Suprime-Cam project helps.', 'We traveled to France.', 'Come Monday, we will see.', 'Let us go Dutch tonight.', 'We went home early.', 'They traveled the world.', 'Go Team!', 'Here comes Fenwick, waving a flag.', 'They returned Bruno to his owner.'],
  },
  'past-after-time-clause': {
    fixes: [
      ['When I was a high school student, I spend all of my money on books.', 'When I was a high school student, I spent all of my money on books.'],
      ['When I did the interview, the employer ask me questions.', 'When I did the interview, the employer asked me questions.'],
    ],
    leaves: ['When I was young, I think I was happier.', 'When he arrives, I will go.', 'When I was a child, I lived in Paris.', 'If I was wrong, I apologize to you.', 'When I was a child, my parents read to me.'],
  },
  'adverb-before-verb': {
    fixes: [
      ['Since they know already the rules, it is easy.', 'Since they already know the rules, it is easy.'],
      ['I would like to buy always another one.', 'I would like to always buy another one.'],
    ],
    leaves: ['I know already.', 'He is always the best.', 'I saw him already.', 'They always eat their lunch here.', 'I think always that it works.'],
  },
  'missing-be': {
    fixes: [
      ['It so expensive that nobody buys it.', 'It is so expensive that nobody buys it.'],
      ['He too tired to go out.', 'He is too tired to go out.'],
    ],
    leaves: ['I so wanted to go.', 'They very rarely come.', 'It very much depends.', 'Make it so good that they buy it.', 'It was so good.', 'When we arrived, it so cold.', 'This very important issue is old.', 'He said that very few came.'],
  },
  'plural-kind-of': {
    fixes: [
      ['There are many kind of people in the city.', 'There are many kinds of people in the city.'],
      ['I like all type of music.', 'I like all types of music.'],
    ],
    leaves: ['This kind of person is rare.', 'There are many kinds of people.', 'It is a kind of magic.', 'These kind of fish live long.'],
  },
  'for-after-easy': {
    fixes: [
      ['It was very easy to me to understand the lesson.', 'It was very easy for me to understand the lesson.'],
      ['It is difficult to them to find a job.', 'It is difficult for them to find a job.'],
    ],
    leaves: ['It is important to me to be honest.', 'It was easy to get to them.', 'It is easy for me to understand.'],
  },
  'comma-before-especially': {
    fixes: [['It is more interesting than the others especially when you are young.', 'It is more interesting than the others, especially when you are young.']],
    leaves: ['This is especially important for us.', 'We liked it especially much.', 'It is cheap, especially in winter.'],
  },
  confusable: {
    fixes: [
      ['The weather will effect the harvest.', 'The weather will affect the harvest.'],
      ["The dog wagged it's tail.", 'The dog wagged its tail.'],
      ['There is a problem with you letter.', 'There is a problem with your letter.'],
      ["I don't know weather to go.", "I don't know whether to go."],
    ],
    leaves: [
      'They defended the people in their right to earn a living.',
      'I too know how hard it is.',
      'Sales rose from the spring of 1999 to late 2001.',
      'The new rules will affect everyone, and the effect will be large.',
      "I think it's time to go.",
      "It is the best way and it's legal!",
      'That would win you friends.',
      'He passed the test and walked past the house.',
    ],
  },
  'doubled-word': {
    fixes: [
      ['Many held that the moral moral order was undermined.', 'Many held that the moral order was undermined.'],
      ['He held the cat in one hand hand and an axe.', 'He held the cat in one hand and an axe.'],
    ],
    leaves: ['Every time I am there there seems to be a problem.', 'I think that that is right and he had had enough.', 'Sirhan Sirhan was convicted.'],
  },
  'agreement-subject-pronoun': {
    fixes: [
      ['He told the jury he were not interested.', 'He told the jury he was not interested.'],
      ['The company said it were moving offices.', 'The company said it was moving offices.'],
      // A demonstrative that opens a clause is its subject.
      ['This are not the only reason we left.', 'This is not the only reason we left.'],
      ['We were told to wait, but these was never opened.', 'We were told to wait, but these were never opened.'],
      ['That do not change the result.', 'That does not change the result.'],
    ],
    leaves: ['Warnings about not straying on the line to view it were heeded.', 'Added to this are the costs of travel.', 'She found the letters that were hidden.', 'If this were true, we would know by now.', 'If he were rich, he would help.', 'I wish she were here.', 'He and I are good friends.', 'Does he have a car?', 'It is, as it were, a test.'],
  },
  'preposition-in-phrase': {
    fixes: [['He is afraid from dogs.', 'He is afraid of dogs.']],
    leaves: ['The ruler was described about western writers as cruel.', 'They spent money on a centre at Eden Campus.', 'I reported about the history of the town.', 'He is afraid of dogs.'],
  },
  'preposition-choice': {
    fixes: [
      ['There was a lack on trust between the two teams.', 'There was a lack of trust between the two teams.'],
      ['They arrived in the middle at the night.', 'They arrived in the middle of the night.'],
    ],
    leaves: [
      'There was a lack of trust between the two teams.',
      'They went on to win the cup in May.',
      'He was in charge of the project.',
      'We met at the beginning of the year.',
      'The book is on the table by the door.',
      'I am looking forward to seeing you.',
      // Between two capitalised words, a name's or a title's (the name guard, names.ts, keeps it).
      'They sang A Lack on Trust at the end.',
      // "by" names an agent, a means or a place: the words around seldom rule it out ("one of the" is no reason).
      'I liked the red one by the stairs.',
      'A small one by the bed will do.',
    ],
  },
  'preposition-before-verb': {
    fixes: [
      ['She had little time at decide what to do next.', 'She had little time to decide what to do next.'],
      ['They went out for celebrate their first win.', 'They went out to celebrate their first win.'],
    ],
    leaves: ['The staff responsible for approve the budget met today.', 'He asked his friends for help with the move.', 'The plane was cleared for take-off at noon.', 'She read it with interest and care.', 'We asked them for help by the end of the day.'],
  },
  'split-word-joined': {
    fixes: [['The week end was fun.', 'The weekend was fun.']],
    leaves: ['I can not come and any one of them can.', 'Each square was a square on the chess board.'],
  },
  'split-word-counts': {
    fixes: [
      ['He could not under stand why they left.', 'He could not understand why they left.'],
      ['Video play back is not available on this phone.', 'Video playback is not available on this phone.'],
      ['He waited out side his home.', 'He waited outside his home.'],
    ],
    leaves: [
      'It happened some time between one and three.',
      'Is there any one of you who can help?',
      'It may be true.',
      'We go there every day.',
      'They will roll out the plan next year.',
      'Press play back at the studio.',
      'Each square was a square on the chess board.',
      'Banks have offered finger print checks for a year.',
    ],
  },
  'comma-before-which': {
    fixes: [
      ['He studies the disease which means that he works hard.', 'He studies the disease, which means that he works hard.'],
    ],
    leaves: ['They sought to overturn city council regulations which meant drivers had to pass a test.', 'The place I went was Kyoto which is the most beautiful city.', 'I read the book which you gave me.', 'No matter which one you choose, it works.', 'The city in which we live is small.'],
  },
  'article-missing': {
    fixes: [
      ['I got good score in the final test.', 'I got a good score in the final test.'],
      ['Some people might bring good plan to you.', 'Some people might bring a good plan to you.'],
      ['Yesterday they made big mistake.', 'Yesterday they made a big mistake.'],
    ],
    leaves: ['Try buying organic pesticide free foods whenever possible.', 'The model gives satisfactory signal-matching performance.', 'They take good care of their children.', 'We went there by car.', 'She stayed at home.', 'It causes serious damage to the lungs.', 'Old travellers may cause slow movement of the group.', 'We got good grades.', 'He had increased medical costs.', 'The wood turns into ash.', 'It is just like nuclear power.', 'The company aims at providing exceptional service.', 'These results provide new insight into the brain.', 'It was said to possess immense power.'],
  },
  'article-missing-context': {
    fixes: [
      ['We arrived at end of the road.', 'We arrived at the end of the road.'],
      ['She waited until end of the film.', 'She waited until the end of the film.'],
      ['He made decision to leave early.', 'He made the decision to leave early.'],
      ['He missed the train as result of the storm.', 'He missed the train as a result of the storm.'],
    ],
    leaves: ['The museum extended its opening hours to cope with demand.', 'Such models can be constrained from observation of the background.', 'We solve the problem on a Riemann surface with boundary.', 'They saved their findings for court, where everyone would hear them.', 'The hotel was praised for its food as well as quality of its rooms.', 'He served the club as chairman for ten years.', 'The pilot was skilled in bombing, not in flying.', 'If the ant is lost, it turns back at end of the trail. lookForCrumbs (); turnLeft ();', 'Most of the talent here comes from youth.', 'Some of them left the main march in attack a bank.', 'They like to go fishing in weekend with friends.', 'She stayed at home with flu.', 'It was a huge missed chance for them.', 'He went to school by bus.', 'My brother is in hospital.', 'They sat on a patch of grass by the lake.', 'We went there by car.', 'He wants to store data on disk.', 'The news went from cabin to cabin.', 'The boat drifted from nation to nation.', 'She was weary in soul and limb.', 'Please tell us about any change in location or time.', 'The crops failed by lack of rain that year.'],
  },
  'run-together-split': {
    fixes: [
      ['She wanted toparody the song.', 'She wanted to parody the song.'],
      ['Please give this note tohis teacher.', 'Please give this note to his teacher.'],
      ['The actor, whoplays the king in the film, was late.', 'The actor, who plays the king in the film, was late.'],
    ],
    leaves: ['The shop sells schoolwear and shoes.', 'It is importand to rest.', 'We met at the Wąsowski bakery.', 'He spends his nights on violent videogames and comics.', 'Critics argued about the new artforms of the age.', 'Mum was just sayin ’ hello.'],
  },
  'agreement-singular-noun': {
    fixes: [
      ['The professor need them to study harder.', 'The professor needs them to study harder.'],
      ['For me, the age do not matter.', 'For me, the age does not matter.'],
    ],
    leaves: ['The students need them to study harder.', 'The water supply system is old.', 'The new bus stop near the school is closed.', 'I suggest that the student take a break.', 'When I did a job interview, the employer ask me questions.', 'Police said a lorry and a bus were involved in the crash.'],
  },
  'article-before-plural': {
    fixes: [
      ['We begin to share a information and ask.', 'We begin to share information and ask.'],
      ['They will become an experts in those fields.', 'They will become experts in those fields.'],
      ['They can make a products and sell them.', 'They can make products and sell them.'],
    ],
    leaves: ['He has a knowledge of Latin.', 'It was a broad knowledge.', 'We need an information desk.', 'A few days later we left.', 'It is a sports car.', 'They waited a great many years.', 'It is a series of events.', 'He has a broad knowledge of history.'],
  },
  'doubled-determiner': {
    fixes: [['For the these reasons, I agree with it.', 'For these reasons, I agree with it.']],
    leaves: ['For these reasons, I agree with it.', 'The man gave the book to the boy.'],
  },
  'comma-before-object-clause': {
    fixes: [
      ['I believe, that the product is good.', 'I believe that the product is good.'],
      ['I think, we should leave now.', 'I think we should leave now.'],
    ],
    leaves: ['As I said, we should leave now.', 'I know, I know, it is late.', 'I think, however, that it is late.', 'I believe that the product is good.'],
  },
  'go-ing-activity': {
    fixes: [['Also they can go for shopping and swimming.', 'Also they can go shopping and swimming.']],
    leaves: ['We went for a walk in the park.', 'They go for nothing.', 'She went for training every day.'],
  },
  'quantifier-of-bare-plural': {
    fixes: [
      ['Also, most of people prefer to drive.', 'Also, most people prefer to drive.'],
      ['Many of young students like it.', 'Many young students like it.'],
    ],
    leaves: ['Most of the people prefer to drive.', 'Some of them like it.', "Some of students' work was lost.", 'Many of cars disadvantages will go.', 'Most of Europe is cold.'],
  },
  'to-too': {
    fixes: [
      ['The exam was to hard for me.', 'The exam was too hard for me.'],
      ['It will not affect them to much.', 'It will not affect them too much.'],
      ['If it looks to pretty he is going to buy it.', 'If it looks too pretty he is going to buy it.'],
    ],
    leaves: ['We went to new places.', 'He is to blame for this.', 'They contributed to much of the work.', 'It is close to perfect.', 'It seems to pretty girls that it is fine.'],
  },
  'capital-sentence-start': {
    fixes: [['It is late. in my opinion we should go.', 'It is late. In my opinion, we should go.']],
    leaves: ['Bring fruit, e.g. apples and pears.', 'We waited... and waited.'],
  },
  'article-a-an': {
    fixes: [
      ['I think it is good idea.', 'I think it is a good idea.'],
      ['I am student.', 'I am a student.'],
      ['It was urgent matter.', 'It was an urgent matter.'],
      ['It is useful tool.', 'It is a useful tool.'],
      ['This is not good idea.', 'This is not a good idea.'],
    ],
    leaves: ['It is not good news for us.', 'He is not home yet.', 'It is not a good idea.', 'This is not important work.', 'He is president of the club.', 'He was guest of honour at the parade.', 'It is potassium.', 'With this knowledge it would be immediate use.', 'I am home.', 'It is good news for us.', 'It is time to go.', 'The product is water.', 'We read widely, so we get ample exposure.', 'The bridge was closed, as was usual practice in winter.', 'I am hard put to say which is better.', 'There is broader support for the idea now.', 'The outcome was broader access to credit.'],
  },
  'article-the-superlative': {
    fixes: [
      ['It is one of most important cities in Japan.', 'It is one of the most important cities in Japan.'],
      ['We arrived at same time.', 'We arrived at the same time.'],
      ['The result is not same.', 'The result is not the same.'],
      ['They are not same people.', 'They are not the same people.'],
      ['Most important thing is to be happy.', 'The most important thing is to be happy.'],
    ],
    leaves: ['Most young people like it.', 'Most important information is free.', 'It is most likely true.', 'She is most likely sleeping now.', 'It is not the same.', 'Same time tomorrow.'],
  },
  'final-period': {
    fixes: [['We will all drive electric cars in the future', 'We will all drive electric cars in the future.']],
    leaves: ['Introduction to the course', 'Being Imprisoned by Surveillance Technology', 'We will all drive electric cars in the future.', 'Are we going to drive electric cars?', 'Looking at the evidence you will agree that'],
  },
  'to-before-infinitive': {
    fixes: [['I really want go there next year.', 'I really want to go there next year.']],
    leaves: ['I want help with my homework.', 'They let us go early.'],
  },
};

describe('our grammar rules', () => {
  it('chooses a/an by sound, one chooser for every rule', () => {
    const expected: Record<string, 'a' | 'an'> = {
      apple: 'an', hour: 'an', honest: 'an', book: 'a', university: 'a', unique: 'a', usual: 'a', european: 'a', one: 'a',
      urgent: 'an', urban: 'an', uranium: 'a', urine: 'a', unimportant: 'an', uninteresting: 'an', umbrella: 'an',
    };
    for (const [word, article] of Object.entries(expected)) assert.equal(indefiniteArticle(word), article, word);
  });

  it('every rule has examples here', () => {
    for (const rule of RULES) assert.ok(CASES[rule.id], `no examples for ${rule.id}`);
  });

  for (const [id, { fixes, leaves }] of Object.entries(CASES)) {
    it(`${id}: fixes its errors and leaves correct text alone`, async () => {
      for (const [input, expected] of fixes) {
        assert.equal(await corrected(input), expected, input);
        assert.ok((await rulesFor(input)).includes(id), `${id} did not fire on: ${input}`);
      }
      for (const input of leaves) {
        assert.ok(!(await rulesFor(input)).includes(id), `${id} fired on correct text: ${input}`);
        assert.ok(!(await rulesFor(input, engine)).includes(id), `${id} fired on correct text: ${input}`);
      }
    });
  }
});

describe('what harper.js proposes and we do not apply', () => {
  it('keeps names, renamed places, valid rare words, and style as written', async () => {
    await unchanged('Khafre built the second pyramid at Giza.');
    await unchanged('We flew to Turkey and then to Burma.');
    await unchanged('She studied biomechanics and neuroscience.');
    await unchanged('It was not impossible, and the food was very good.');
    await unchanged('We bought apples, pears and plums.');
    await unchanged('He waited... and then he left.');
    await unchanged('I filled the car with petrol.');
    await unchanged('The school teachers met at the workplace.');
    await unchanged('Dr. Okonkwo met Ms. Nguyen and Mr. Wąsowski at the café.');
    await unchanged('Thieves can easily find out the best time to visit.');
  });

  it('keeps the plural of an -ing noun, which counts, and still mends a plural mass noun', async () => {
    await unchanged('It is very expensive to prescribe burnings every few years.');
    await unchanged('We had many meetings and some interesting findings.');
    assert.equal(await corrected('They gave me many advices.'), 'They gave me much advice.');
  });

  it('keeps long words a broad word list has though WordNet lacks them', async () => {
    await unchanged('They are one of the greatest attributers to air pollution.');
    await unchanged('Their bone structure is similar to endothermy, but not the same.');
  });

  it('keeps correct news and story English that harper or our rules misread', async () => {
    await unchanged('The email was first discovered on Friday.'); // RedundantFirsts: style
    await unchanged('I would have to say no to a lot of things.'); // NotTo
    await unchanged('Thomas Evans pled guilty.'); // PreferPleaded
    await unchanged('They were concerned about the safety and wellbeing of passengers.'); // WellBeing
    await unchanged('The senators were concerned, with many calling for stricter laws.'); // MassNouns
    await unchanged('We have always been fascinated by your kind.'); // YourPredicateAdjective
    await unchanged('Your left eye had closed, and your right one had opened.');
    await unchanged('The UK bank (GIB) has faced problems since 2dF and SuperMan came out.'); // OrthographicConsistency
    await unchanged('But how come Mr Obama is making amends?');
    await unchanged('He announced that his plans include investing in the railways.');
    await unchanged('"And I want to transition?" asks his wife.');
    await unchanged('In addition to the great food, the service was good.');
    await unchanged('It was really good; however, we both felt as though it could have had more.');
    await unchanged('Next time we could both go hotter.');
    await unchanged('He played for both club and country.');
    await unchanged('I command you to write a six page essay.');
    await unchanged('We do everything we can to give the guys breaks.');
    await unchanged('Here we go Steelers, here we go!');
    await unchanged('There were very few things on the menu that were vegan.');
    await unchanged('Is she okay? Wait, what?');
    await unchanged('They sold HUGE-ASS pumpkins with a 2hr limit in the late 70\'s and early 80\'s, a cliche.');
    await unchanged('Then-chief executive Dick Costolo admitted it.');
    await unchanged('It is one of the top 100 courses in England.');
    await unchanged('Every time I am there there seems to be a problem.');
    await unchanged('He said: This tops the Chelsea win.');
    await unchanged('If these go well, we win.');
    await unchanged('Bullying damages the lives of many children, btw. FYI, it is OK soon to be seen in PG 1618+563B.');
    await unchanged('He has been involved in so far.');
    assert.equal(await corrected('It is one of the top player.'), 'It is one of the top players.');
    assert.equal(await corrected('The informations are useful.'), 'The information is useful.');
    assert.equal(await corrected('I can to go there.'), 'I can go there.');
    assert.equal(await corrected('He is a person who are kind.'), 'He is a person who is kind.');
    assert.equal(await corrected('These problem occurs often.'), 'These problems occur often.');
    assert.equal(await corrected('I think your right about that.'), "I think you're right about that.");
    assert.equal(await corrected('In addition we need money.'), 'In addition, we need money.');
    assert.equal(await corrected('I do not lIke it.'), 'I do not like it.');
    assert.equal(await corrected('We traveled France last year.'), 'We traveled to France last year.');
  });

  it('keeps "more" counting a noun after a comparative, and drops it from a double comparative', async () => {
    await unchanged('There are more older people than ever.');
    await unchanged('We have more younger voters now.');
    assert.equal(await corrected('Life is more easier now.'), 'Life is easier now.');
    assert.equal(await corrected('It is a more better way.'), 'It is a better way.');
    assert.equal(await corrected('This car is more faster than that one.'), 'This car is faster than that one.');
  });

  it('keeps "then" that answers an opening if, and corrects "more then" elsewhere', async () => {
    await unchanged('If fish utilize more then chances of growth will be more.');
    assert.equal(await corrected('They could lose much more then others.'), 'They could lose much more than others.');
  });

  it('keeps correctly formed inflections of rare verbs, repeated "that", numbers split by a space', async () => {
    await unchanged('The farmers prefer disking to burning the fields.');
    await unchanged('The reason is that that birds use a compass.');
    await unchanged('He had had enough of it.');
    await unchanged('I told you you were right.');
    await unchanged('My 1 2th exam went well.');
    await unchanged('The passage describes an alternative to prescribed burning.');
    await unchanged('So Ho Chi Minh city will grow.');
    await unchanged('After I studied the topic more in depth, I understood it.');
    await unchanged('Young people like i-Pods or mp 3s.');
    await unchanged('We watched a bad tv programme on my ipod.');
    await unchanged('I have been there yesterday.');
    assert.doesNotMatch(await corrected('He gave me an advice.'), /tip/);
    await unchanged('We went there today.');
    assert.equal(await corrected('They want to show there product.'), 'They want to show their product.');
    assert.equal(await corrected('The childrens are playing.'), 'The children are playing.');
    assert.equal(await corrected('I made lot\'s of friends.'), 'I made lots of friends.');
    assert.doesNotMatch(await corrected('I have a lots of work.'), /lot's/);
    assert.equal(await corrected('I really lIke this city.'), 'I really like this city.');
  });

  it('splits two run-together words rather than respelling them as a distant word', async () => {
    assert.equal(await corrected('You can see that inmany books the idea is old.'), 'You can see that in many books the idea is old.');
    assert.equal(await corrected('It is importand to have a solid base.'), 'It is important to have a solid base.');
  });

  it('does not cut a misspelt word into a word and a rare piece', async () => {
    assert.doesNotMatch(await corrected('I am also very interestion in it.'), /interest ion/);
    assert.doesNotMatch(await corrected('They donnot have much time.'), /don not/);
    assert.equal(await corrected('They live in the oldage of their lives.'), 'They live in the old age of their lives.');
  });

  it('restores the apostrophe of a contraction written without it, even with an extra vowel', async () => {
    assert.equal(await corrected('I think im right about it.'), "I think I'm right about it.");
    assert.equal(await corrected('It wasent like that before.'), "It wasn't like that before.");
    assert.equal(await corrected('He dosent know the answer.'), "He doesn't know the answer.");
    await unchanged('We were well, and its colour lets the light in.');
  });

  it('still corrects a misspelt inflection, a repeated word and a wrong number suffix', async () => {
    assert.equal(await corrected('It keeps occuring every year.'), 'It keeps occurring every year.');
    assert.equal(await corrected('Most of the the things I hear are not true.'), 'Most of the things I hear are not true.');
    assert.equal(await corrected('He came 2th in the race.'), 'He came 2nd in the race.');
  });

  it('corrects a misspelling at a sentence start and "u" as a word, not as a capital', async () => {
    assert.equal(await corrected('It is late. becouse of the rain we stayed.'), 'It is late. Because of the rain we stayed.');
    assert.equal(await corrected('I know that u dont like it.'), "I know that you don't like it.");
  });

  it('splits a set phrase written as one word, also at a sentence start', async () => {
    assert.equal(await corrected('Inspite of the rain we went out.'), 'In spite of the rain we went out.');
    assert.equal(await corrected('We went out eventhough it was raining.'), 'We went out even though it was raining.');
    assert.equal(await corrected('Nowdays people use phones.'), 'Nowadays people use phones.');
  });

  it('fixes a/an before a word, not a stray "a" before a preposition', async () => {
    assert.equal(await corrected('I waited for a hour.'), 'I waited for an hour.');
    assert.equal(await corrected('You put air a on car.'), 'You put air a on car.');
  });

  it('joins a prefix that is no word of its own, not one that is a word', async () => {
    assert.equal(await corrected('It is usually un known to them.'), 'It is usually unknown to them.');
    await unchanged('Then, auto makers need to develop new systems.');
  });

  it('does not split, rename or reverse a word', async () => {
    const result = await engine.correct('The package was unreturned and the idea is possible.', 'auto');
    assert.equal(result.changed, false, JSON.stringify(result.diff));
  });

  it('corrects plain misspellings with the likeliest word, not harper\'s first candidate', async () => {
    assert.equal(await corrected('I do not know wich one to take.'), 'I do not know which one to take.');
    assert.equal(await corrected('This is my arguement about it.'), 'This is my argument about it.');
    assert.equal(await corrected('We live in a big enviroment.'), 'We live in a big environment.');
    assert.equal(await corrected('I learn english at school.'), 'I learn English at school.');
    // Two letters swapped: harper's candidates lack the word, our vocabulary has it.
    assert.equal(await corrected('There are many palces to visit.'), 'There are many places to visit.');
    // A letter left out or added: harper offers "bad", "bade", "bald"; the pair "based on" decides.
    assert.equal(await corrected('The decision was baed on facts.'), 'The decision was based on facts.');
    // The e of a past ending left out: the past, not the present ("happens").
    assert.equal(await corrected('It happend yesterday.'), 'It happened yesterday.');
  });

  it('fixes a misspelling inside a long sentence (harper\'s advice on sentence length hides nothing)', async () => {
    const long =
      'It is true that consumers preffer to buy a product that has a lower price, but when international companies begin to send their goods to market, ' +
      'people will still choose what they know because the difference between prices is probbably not going to affect them much.';
    const out = await corrected(long);
    assert.match(out, /consumers prefer/);
    assert.match(out, /is probably not/);
  });
});

describe('clean, non-English and repeated input', () => {
  it('leaves clean text unchanged', async () => {
    await unchanged('The committee met on Tuesday. It approved the budget, and the results will be published next month.');
    await unchanged('Photosynthesis converts light energy into chemical energy. Plants store it as glucose.');
    await unchanged('Our API returns JSON. Send the request with an X-API-Key header and read the status field.');
  });

  it('leaves text in other languages unchanged and says so', async () => {
    for (const text of [
      'Le chat est sur la table et il mange une pomme avec son ami.',
      'Die Regierung hat beschlossen, die Steuern im nächsten Jahr zu erhöhen.',
      'El perro come la comida en la casa de mi abuela todos los días.',
      '这是一个中文句子，没有英文单词。',
    ]) {
      const result = await engine.correct(text, 'en-GB');
      assert.equal(result.changed, false, text);
      assert.equal(result.correctedText, text);
      assert.equal(result.issues[0]?.category, 'language');
    }
  });

  it('corrects the English paragraph of a mixed text and leaves the other one', async () => {
    const text = 'He go to school every day.\nLe chat est sur la table et il mange une pomme avec son ami.';
    const result = await engine.correct(text, 'auto');
    assert.equal(result.correctedText, 'He goes to school every day.\nLe chat est sur la table et il mange une pomme avec son ami.');
    assert.ok(result.issues.some((i) => i.category === 'language'));
  });

  it('is deterministic', async () => {
    const text = 'i has a apple and she can goes there. Many student was late becuase of the rain.';
    const first = await engine.correct(text, 'auto');
    for (let k = 0; k < 3; k++) assert.deepEqual(await engine.correct(text, 'auto'), first);
    const other = await createGrammarEngine();
    assert.deepEqual(await other.correct(text, 'auto'), first);
  });

  it('reads words that name members of every JavaScript object as words (a "constructor" once broke a rule)', async () => {
    for (const word of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      const text = `The ${word} is here. Many ${word} was late. ${word} are good. They ${word} the ${word}es. He ${word} it, and its ${word} is an ${word} of ${word}s. The students ${word} the house, and there ${word} a ${word}.`;
      const result = await engine.correct(text, 'auto');
      assert.equal(typeof result.correctedText, 'string', word);
      assert.ok(!/function|Object|\[object/.test(result.correctedText), result.correctedText);
    }
  });

  it('reports one issue per kind of problem', async () => {
    const result = await engine.correct('i has a apple. he go home becuase he is tired.', 'auto');
    const categories = result.issues.map((i) => i.category);
    assert.deepEqual(categories, [...new Set(categories)]);
    assert.ok(categories.includes('grammar') && categories.includes('spelling') && categories.includes('capitalization'));
  });
});

describe('spelling candidates of our own', () => {
  it('finds common words one edit away (swap, deletion, insertion, substitution) and nothing else', async () => {
    const { Lexicon } = await import('../../server/engines/grammar/lexicon.ts');
    const lexicon = Lexicon.load();
    assert.ok(lexicon.nearWords('palces').includes('places'));
    assert.ok(lexicon.nearWords('recieve').includes('receive'));
    assert.ok(lexicon.nearWords('adress').includes('address'));
    assert.ok(lexicon.nearWords('baed').includes('based'));
    assert.ok(lexicon.nearWords('lke').includes('like'));
    assert.ok(lexicon.nearWords('woek').includes('work'));
    assert.ok(!lexicon.nearWords('palces').includes('place'), 'two edits away');
    assert.ok(!lexicon.nearWords('places').includes('places'));
    assert.deepEqual(lexicon.nearWords('xqzv'), []);
  });

  it('knows correctly formed inflections of verbs from incorrectly formed ones', async () => {
    const { Lexicon } = await import('../../server/engines/grammar/lexicon.ts');
    const lexicon = Lexicon.load();
    for (const w of ['disking', 'harrowed', 'plowing', 'occurring', 'stopped']) assert.ok(lexicon.isRegularVerbForm(w), w);
    for (const w of ['occuring', 'stoped', 'studing', 'makeing']) assert.ok(!lexicon.isRegularVerbForm(w), w);
  });
});

describe('what writers get wrong, and correct English left alone (issue 46)', () => {
  it('fixes the confusions new users tried', async () => {
    assert.equal(await corrected('Their is a problem with you letter.'), 'There is a problem with your letter.');
    assert.equal(await corrected("The dog wagged it's tail."), 'The dog wagged its tail.');
    assert.equal(await corrected('It is to late to go now.'), 'It is too late to go now.');
    assert.equal(await corrected('She is taller then her brother.'), 'She is taller than her brother.');
    assert.equal(await corrected('The weather will effect the harvest.'), 'The weather will affect the harvest.');
  });

  it('leaves names, foreign names, valid rare words and confusables used rightly as written', async () => {
    for (const text of [
      'Mr. Skyros said the bank would pay. Later Mr. Skyros left the room.',
      'They defended the people in their right to earn a living.',
      'The loan came from Cassa di Risparmio di Firenze last year.',
      'The funds were escrowed until the sale closed.',
      'Tucci was nominated for an Oscar. Tucci said nobody would tell him.',
      'Seen by the paper, Ms May said the plan would work.',
    ]) {
      assert.equal(await corrected(text), text);
    }
  });

  it('explains each operation to the writer, with its category', async () => {
    const { diff } = await engine.correct('The weather will effect the harvest.', 'auto');
    assert.equal(diff.length, 1);
    assert.equal(diff[0].category, 'grammar');
    assert.match(diff[0].explanation, /"effect" and "affect" are easily confused/);
    const infinitive = (await engine.correct('She had little time at decide what to do next.', 'auto')).diff;
    assert.match(infinitive[0].explanation, /the infinitive takes "to", not "at"/);
  });
});
