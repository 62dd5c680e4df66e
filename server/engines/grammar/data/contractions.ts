/**
 * Contractions written without their apostrophe, often with an extra vowel ("im", "doesnt",
 * "dosent", "wasent"): the spell checker's nearest words for them are unrelated ("i", "wants",
 * "does sent"). Forms that are words themselves ("its", "lets", "well", "were", "ill", "wont",
 * "cant", "shell", "id") are left out. Curated by hand.
 */
const NEGATIVES: Record<string, string[]> = {
  "don't": ['dont'],
  "doesn't": ['doesnt', 'dosent', 'doesent', 'dosnt'],
  "didn't": ['didnt', 'dident'],
  "isn't": ['isnt', 'isent'],
  "wasn't": ['wasnt', 'wasent'],
  "weren't": ['werent'],
  "aren't": ['arent'],
  "haven't": ['havent', 'haveent'],
  "hasn't": ['hasnt', 'hasent'],
  "hadn't": ['hadnt'],
  "couldn't": ['couldnt', 'couldent'],
  "wouldn't": ['wouldnt', 'wouldent'],
  "shouldn't": ['shouldnt', 'shouldent'],
};

const OTHERS: Record<string, string> = {
  im: "I'm",
  ive: "I've",
  youre: "you're",
  theyre: "they're",
  youve: "you've",
  theyve: "they've",
  weve: "we've",
  youll: "you'll",
  theyll: "they'll",
  thats: "that's",
  whats: "what's",
  theres: "there's",
  hes: "he's",
  shes: "she's",
};

/** The contraction a lower-case apostrophe-less form stands for ("dosent" → "doesn't"). */
export const CONTRACTIONS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(NEGATIVES).flatMap(([contraction, forms]) => forms.map((form): [string, string] => [form, contraction])),
  ...Object.entries(OTHERS),
]);
