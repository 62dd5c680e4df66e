/**
 * Set phrases that learners write as one word, which neither harper.js nor the noisy channel
 * mends ("Inspite of" → Inspire, "Eventhough" left as is): the run-together form is no word, and
 * its pieces are the phrase. Curated by hand; forms harper already splits (alot, infront,
 * eachother, aswell, atleast, incase, infact, ofcourse) are not repeated here.
 */
export const RUN_TOGETHER: ReadonlyMap<string, string> = new Map([
  ['inspite', 'in spite'],
  ['inorder', 'in order'],
  ['eventhough', 'even though'],
  ['evenif', 'even if'],
  ['nowdays', 'nowadays'],
  ['nowadys', 'nowadays'],
  ['inbetween', 'in between'],
  ['aslong', 'as long'],
  ['insteadof', 'instead of'],
  ['becauseof', 'because of'],
  ['alittle', 'a little'],
  ['abit', 'a bit'],
  ['noone', 'no one'],
]);
