/**
 * Curated spelling differences between the English variants the API offers (en-US, en-GB, en-CA,
 * en-AU, en-IN). Written by hand from the usual style references (Oxford/Collins for British and
 * Indian usage, the Canadian Oxford / Canadian Press conventions, the Macquarie for Australian).
 *
 * Each group is a convention (which variant writes which form) and a list of entries; an entry
 * is the American form and the other form, or a stem that both forms share, and `variants.ts`
 * expands each entry into its inflections (colour → colours, coloured, colouring, colourful, ...).
 *
 * `oneWay`: the entry is only converted towards the American form, because the American form is
 * also an ordinary word elsewhere (check/cheque: "check" is a verb in every variant; tire/tyre:
 * "tire" is a verb; curb/kerb: "curb" is a verb; meter/metre: a "meter" measures in every variant;
 * program/programme: British and Indian English write "program" for software).
 */

/** Which form each variant writes: 'us' (the first), 'uk' (the second) or 'either' (no conversion). */
export type Convention = Record<'en-US' | 'en-GB' | 'en-CA' | 'en-AU' | 'en-IN', 'us' | 'uk' | 'either'>;

export interface VariantGroup {
  name: string;
  convention: Convention;
  /** How entries expand: suffix pairs appended to the two forms (the entry itself is always included). */
  suffixes: Array<[string, string]>;
  /** `us uk` pairs, or for `stem` groups a single stem. */
  entries: string[];
  /** Entries are stems: forms are stem + suffix pair. */
  stem?: boolean;
  oneWay?: boolean;
}

const BRITISH: Convention = { 'en-US': 'us', 'en-GB': 'uk', 'en-CA': 'uk', 'en-AU': 'uk', 'en-IN': 'uk' };
const BRITISH_NOT_CANADA: Convention = { 'en-US': 'us', 'en-GB': 'uk', 'en-CA': 'us', 'en-AU': 'uk', 'en-IN': 'uk' };
const BRITISH_CANADA_EITHER: Convention = { 'en-US': 'us', 'en-GB': 'uk', 'en-CA': 'either', 'en-AU': 'uk', 'en-IN': 'uk' };

export const VARIANT_GROUPS: VariantGroup[] = [
  {
    // color/colour: every variant but American writes -our (Canada too).
    name: 'our',
    convention: BRITISH,
    suffixes: [['s', 's'], ['ed', 'ed'], ['ing', 'ing'], ['ful', 'ful'], ['fully', 'fully'], ['less', 'less'], ['able', 'able'], ['ably', 'ably'], ['al', 'al'], ['ally', 'ally']],
    entries: [
      'color colour', 'favor favour', 'favorite favourite', 'favorites favourites', 'favoritism favouritism', 'honor honour', 'labor labour', 'neighbor neighbour',
      'neighborhood neighbourhood', 'neighborhoods neighbourhoods', 'neighboring neighbouring', 'neighborly neighbourly', 'behavior behaviour', 'behaviorally behaviourally',
      'humor humour', 'flavor flavour', 'harbor harbour', 'rumor rumour', 'vapor vapour', 'vigor vigour', 'savor savour', 'savory savoury', 'odor odour', 'armor armour',
      'armory armoury', 'endeavor endeavour', 'fervor fervour', 'parlor parlour', 'rigor rigour', 'splendor splendour', 'tumor tumour', 'valor valour', 'clamor clamour',
      'candor candour', 'ardor ardour', 'demeanor demeanour', 'savior saviour', 'behaviorism behaviourism', 'behaviorist behaviourist',
    ],
  },
  {
    name: 'ou',
    convention: BRITISH,
    suffixes: [['s', 's'], ['ed', 'ed'], ['ing', 'ing'], ['y', 'y']],
    entries: ['mold mould', 'molder moulder', 'smolder smoulder', 'molt moult'],
  },
  {
    // organize/organise: Canada writes -ize like the US; the UK, Australia and India -ise.
    name: 'ize',
    convention: BRITISH_NOT_CANADA,
    stem: true,
    suffixes: [['ize', 'ise'], ['izes', 'ises'], ['ized', 'ised'], ['izing', 'ising'], ['ization', 'isation'], ['izations', 'isations'], ['izational', 'isational'], ['izer', 'iser'], ['izers', 'isers'], ['izable', 'isable']],
    entries: `
      agon antagon apolog author bapt capital categor central character civil colon commercial computer critic custom democrat
      digit dramat econom emphas energ equal euthan fantas fertil final formal general global harmon hospital human hypothes ideal
      immun industrial initial item jeopard legal legitim liberal local marginal material maxim memor memorial mesmer minim mobil
      modern monopol moral motor national natural neutral normal optim organ ostrac oxid patron penal personal plagiar polar popular
      pressur priorit privat public random rational real recogn reorgan revolution sanit satir scrutin sensit serial social special
      stabil standard steril stigmat subsid summar symbol sympath synchron synthes systemat tantal terror theor traumat trivial tyrann
      urban util vandal victim visual vocal western decentral demoral desensit destabil dehuman familiar glamor mechan pasteur
      internal external crystall fossil
    `
      .split(/\s+/)
      .filter((w) => w !== ''),
  },
  {
    // analyze/analyse
    name: 'yze',
    convention: BRITISH_NOT_CANADA,
    stem: true,
    suffixes: [['yze', 'yse'], ['yzes', 'yses'], ['yzed', 'ysed'], ['yzing', 'ysing'], ['yzer', 'yser'], ['yzers', 'ysers']],
    entries: ['anal', 'paral', 'catal', 'breathal', 'dial', 'electrol', 'hydrol'],
  },
  {
    // center/centre: Canada writes -re.
    name: 're',
    convention: BRITISH,
    stem: true,
    suffixes: [['er', 're'], ['ers', 'res'], ['ered', 'red'], ['ering', 'ring']],
    entries: ['cent', 'fib', 'lit', 'theat', 'somb', 'calib', 'lust', 'sab', 'scept', 'spect', 'meag', 'och', 'sepulch', 'kilomet', 'centimet', 'millimet', 'mit', 'reconnoit'],
  },
  {
    // traveled/travelled: Canada doubles the l like the UK.
    name: 'l',
    convention: BRITISH,
    stem: true,
    suffixes: [['ed', 'led'], ['ing', 'ling'], ['er', 'ler'], ['ers', 'lers']],
    entries: `
      travel cancel label level model signal fuel dial channel counsel equal marvel quarrel rival shovel tunnel total
      duel enamel funnel grovel libel pedal pummel snorkel spiral swivel towel yodel bevel cudgel panel jewel
    `
      .split(/\s+/)
      .filter((w) => w !== ''),
  },
  {
    name: 'll',
    convention: BRITISH,
    suffixes: [['s', 's']],
    entries: [
      'jewelry jewellery', 'woolen woollen', 'marvelous marvellous', 'marvelously marvellously', 'counselor counsellor', 'counselors counsellors',
      'enroll enrol', 'enrollment enrolment', 'enrollments enrolments', 'fulfill fulfil', 'fulfillment fulfilment', 'skillful skilful', 'skillfully skilfully',
      'willful wilful', 'willfully wilfully', 'distill distil', 'instill instil', 'enthrall enthral', 'installment instalment', 'installments instalments',
    ],
  },
  {
    name: 'ence',
    convention: BRITISH,
    suffixes: [['s', 's']],
    entries: ['defense defence', 'offense offence', 'pretense pretence'],
  },
  {
    // licence is never American; license is also the verb everywhere.
    name: 'licence',
    convention: BRITISH,
    oneWay: true,
    suffixes: [['s', 's']],
    entries: ['license licence'],
  },
  {
    name: 'ogue',
    convention: BRITISH,
    suffixes: [['s', 's'], ['ed', 'ued'], ['ing', 'uing']],
    entries: ['catalog catalogue', 'analog analogue'],
  },
  {
    // paediatric/pediatric: Canadian usage is divided; left as written.
    name: 'ae-oe',
    convention: BRITISH_CANADA_EITHER,
    suffixes: [['s', 's']],
    entries: [
      'pediatric paediatric', 'pediatrics paediatrics', 'pediatrician paediatrician', 'anemia anaemia', 'anemic anaemic', 'anesthesia anaesthesia',
      'anesthetic anaesthetic', 'anesthetist anaesthetist', 'encyclopedia encyclopaedia', 'encyclopedic encyclopaedic', 'hemoglobin haemoglobin',
      'hemorrhage haemorrhage', 'leukemia leukaemia', 'orthopedic orthopaedic', 'estrogen oestrogen', 'fetus foetus', 'fetal foetal', 'diarrhea diarrhoea',
      'esophagus oesophagus', 'maneuver manoeuvre', 'maneuvered manoeuvred', 'maneuvering manoeuvring', 'edema oedema', 'gynecology gynaecology',
      'hematology haematology', 'etiology aetiology',
    ],
  },
  {
    name: 'grey',
    convention: BRITISH,
    suffixes: [['s', 's'], ['ish', 'ish'], ['ed', 'ed'], ['ing', 'ing']],
    entries: ['gray grey'],
  },
  {
    name: 'british-misc',
    convention: BRITISH_NOT_CANADA,
    suffixes: [['s', 's']],
    entries: [
      'aluminum aluminium', 'skeptic sceptic', 'skeptical sceptical', 'skeptically sceptically', 'skepticism scepticism', 'aging ageing', 'artifact artefact',
      'cozy cosy',
    ],
  },
  {
    // Canadian usage divided: left as written.
    name: 'british-misc-2',
    convention: BRITISH_CANADA_EITHER,
    suffixes: [['s', 's']],
    entries: ['sulfur sulphur', 'sulfuric sulphuric', 'plow plough', 'plowed ploughed', 'plowing ploughing', 'omelet omelette'],
  },
  {
    name: 'pyjamas',
    convention: BRITISH,
    suffixes: [],
    entries: ['pajamas pyjamas', 'mustache moustache', 'mustaches moustaches'],
  },
  {
    name: 'cheque',
    convention: BRITISH,
    oneWay: true,
    suffixes: [['s', 's'], ['book', 'book'], ['books', 'books']],
    entries: ['check cheque'],
  },
  {
    name: 'tyre',
    convention: BRITISH_NOT_CANADA,
    oneWay: true,
    suffixes: [['s', 's']],
    entries: ['tire tyre', 'curb kerb'],
  },
  {
    name: 'metre',
    convention: BRITISH,
    oneWay: true,
    suffixes: [['s', 's']],
    entries: ['meter metre'],
  },
  {
    // programme: British and Indian English (not for software); Australia and Canada write program.
    name: 'programme',
    convention: { 'en-US': 'us', 'en-GB': 'uk', 'en-CA': 'us', 'en-AU': 'us', 'en-IN': 'uk' },
    oneWay: true,
    suffixes: [['s', 's'], ['d', 'd'], ['ming', 'ming']],
    entries: ['program programme'],
  },
];
