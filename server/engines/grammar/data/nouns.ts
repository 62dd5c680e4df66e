/**
 * Noun knowledge for the rules, curated by hand: uncountable nouns, and learner plurals of them.
 */
import { withoutPrototype } from '../../shared/without-prototype.ts';

/**
 * Nouns that are uncountable in every common sense: "an information", "an advice" are always
 * wrong (a narrower list than MASS_NOUNS: "a life", "an experience", "a time" are correct).
 */
export const STRICT_UNCOUNTABLE: ReadonlySet<string> = new Set([
  'information', 'advice', 'knowledge', 'equipment', 'furniture', 'homework', 'luggage', 'baggage', 'software', 'hardware', 'feedback', 'research', 'evidence',
  'progress', 'news', 'traffic', 'pollution', 'weather', 'garbage', 'rubbish', 'machinery', 'scenery', 'jewelry', 'jewellery', 'money', 'health', 'safety',
  'happiness', 'violence', 'transportation', 'chaos', 'sanitation', 'healthcare', 'infrastructure', 'wildlife', 'electricity', 'pollution', 'vandalism',
]);

/** Nouns that are uncountable in their usual sense: never pluralised after many/several/these. */
export const MASS_NOUNS: ReadonlySet<string> = new Set([
  'information', 'advice', 'knowledge', 'equipment', 'furniture', 'homework', 'luggage', 'baggage', 'software', 'hardware', 'feedback', 'research', 'evidence',
  'traffic', 'pollution', 'money', 'water', 'air', 'news', 'progress', 'weather', 'music', 'transportation', 'health', 'education', 'behavior', 'behaviour', 'happiness',
  'safety', 'time', 'work', 'help', 'fun', 'energy', 'technology', 'food', 'information', 'stuff', 'housing', 'clothing', 'garbage', 'rubbish', 'machinery', 'scenery',
  'vocabulary', 'grammar', 'poetry', 'jewelry', 'jewellery', 'mail', 'rice', 'bread', 'sugar', 'salt', 'milk', 'coffee', 'tea', 'oil', 'gold', 'silver', 'wood',
  'paper', 'land', 'space', 'nature', 'society', 'business', 'experience', 'life', 'love', 'peace', 'freedom', 'justice', 'violence', 'damage', 'importance',
]);
/** Learner forms that are always wrong: plurals of uncountable nouns, and "todays". */
export const WRONG_PLURALS = withoutPrototype<string>({
  informations: 'information', advices: 'advice', knowledges: 'knowledge', equipments: 'equipment', furnitures: 'furniture', homeworks: 'homework',
  todays: "today's", luggages: 'luggage', baggages: 'baggage', softwares: 'software', feedbacks: 'feedback', childrens: 'children', sceneries: 'scenery', machineries: 'machinery',
  vocabularies: 'vocabulary', pollutions: 'pollution', traffics: 'traffic', garbages: 'garbage', jewelries: 'jewelry', jewelleries: 'jewellery',
  // Regular -s on an irregular plural: the plural is the irregular form.
  childs: 'children', foots: 'feet', tooths: 'teeth', sheeps: 'sheep', deers: 'deer', womans: 'women', mens: 'men', womens: 'women',
});

/** Irregular plurals of the singulars that take one. */
const PLURAL_OF = withoutPrototype<string>({ child: 'children', person: 'people', man: 'men', woman: 'women', foot: 'feet', tooth: 'teeth', mouse: 'mice', life: 'lives', wife: 'wives', knife: 'knives', leaf: 'leaves', half: 'halves', shelf: 'shelves', thief: 'thieves', wolf: 'wolves', criterion: 'criteria', phenomenon: 'phenomena' });

/** The regular or irregular plural of a singular noun. */
export function pluralize(noun: string): string {
  const irregular = PLURAL_OF[noun];
  if (irregular) return irregular;
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

/** Suffixes of abstract nouns, which often go without an article ("cause slow movement", "is great importance"). */
export const ABSTRACT_SUFFIX = /(ness|ity|ism|ics|tion|sion|ment|ance|ence)$/;

/** Plural nouns that take a singular verb, or are not plural at all. */
export const SINGULAR_S_NOUNS : ReadonlySet<string> = new Set([
  'news', 'series', 'species', 'physics', 'mathematics', 'economics', 'politics', 'statistics', 'means', 'ethics', 'linguistics', 'electronics', 'athletics',
  'gymnastics', 'measles', 'diabetes', 'billiards', 'headquarters', 'crossroads', 'genetics', 'logistics', 'aerobics', 'robotics', 'mechanics', 'dynamics', 'optics',
  'this', 'is', 'was', 'has', 'does', 'its', 'his', 'hers', 'yes', 'bus', 'gas', 'glass', 'class', 'process', 'success', 'business', 'access', 'address', 'progress',
  'analysis', 'basis', 'crisis', 'thesis', 'emphasis', 'hypothesis', 'status', 'campus', 'virus', 'focus', 'bonus', 'census', 'chaos', 'lens', 'always', 'perhaps',
  'us', 'plus', 'thus', 'across', 'less', 'unless', 'whereas', 'afterwards', 'towards', 'sometimes', 'nowadays',
]);

/** Nouns of number or kind that take the verb of what they count ("a couple of them were", "the rest are"). */
export const GROUP_NOUNS : ReadonlySet<string> = new Set(['pair', 'couple', 'number', 'total', 'rest', 'remainder', 'lot', 'bulk', 'half', 'percentage', 'proportion', 'variety', 'series', 'range', 'kind', 'sort', 'type', 'army', 'navy', 'enemy', 'opposition', 'electorate', 'clergy', 'parliament', 'cabinet', 'congregation', 'community', 'orchestra', 'choir', 'side', 'trio', 'duo', 'quartet', 'none', 'dozen', 'score']);

/** Nouns for a group, which British English may use with a plural verb ("Government use", "Staff have"). */
export const COLLECTIVE_NOUNS : ReadonlySet<string> = new Set(['government', 'management', 'administration', 'staff', 'faculty', 'personnel', 'police', 'public', 'team', 'family', 'youth', 'majority', 'minority', 'committee', 'council', 'company', 'audience', 'crew', 'class', 'media', 'data', 'cattle', 'population', 'generation', 'club', 'board', 'party', 'side', 'group', 'union', 'band', 'firm', 'squad', 'panel', 'jury', 'press', 'folk', 'clergy']);

/** Plurals without -s (the tagger sometimes reads "people" as a verb). */
export const IRREGULAR_PLURALS : ReadonlySet<string> = new Set(['people', 'children', 'men', 'women', 'police', 'teeth', 'feet', 'mice']);
