/**
 * The closed-class and most frequent English words (articles, pronouns, auxiliaries, modals,
 * prepositions, conjunctions, common adverbs and determiners). Curated by hand. Used as the
 * high-frequency prior when choosing among spelling candidates (WordNet covers only content words)
 * and as the stop-word evidence that a text is English.
 */
export const FUNCTION_WORDS: readonly string[] = `
a about above across after afterwards again against ago all almost alone along already also although
always am among amongst an and another any anybody anyone anything anyway anywhere are around as at
away back be became because become becomes been before beforehand behind being below beside besides
between beyond both but by can cannot could did do does doing done down during each either else
elsewhere enough even ever every everybody everyone everything everywhere except few first for former
formerly from further furthermore had has have having he her here hers herself him himself his how
however i if in indeed instead into is it its itself just last latter least less let like many may me
meanwhile might mine more moreover most mostly much must my myself neither never nevertheless next no
nobody none nor not nothing now nowhere of off often on once one only onto or other others otherwise
our ours ourselves out over own per perhaps please quite rather same second several shall she should
since so some somebody somehow someone something sometimes somewhere still such than that the their
theirs them themselves then there thereby therefore these they third this those though through
throughout thus to together too toward towards two under unless until up upon us very via was we well
were what whatever when whenever where whereas wherever whether which while who whoever whole whom
whose why will with within without would yet you your yours yourself yourselves
isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't mustn't
haven't hasn't hadn't i'm i've i'll i'd you're you've you'll you'd he's she's it's we're we've we'll
they're they've they'll that's there's what's let's
people time year years day days thing things way man men woman women child children life world
school work home house family friend friends country city government money example problem problems
part place case week company system group number point fact hand eye job word business issue side
kind head service area student students teacher question idea reason reasons society technology
good new old great big small large long little important different same able bad best better high
low young right possible necessary public real sure certain free true whole easy hard
get got make made go went gone going take took taken see saw seen know knew known think thought
come came give gave given find found tell told say said use used want need feel felt try tried
leave left call called ask asked seem seemed help show showed shown play run ran move live lived
believe believed bring brought happen happened write wrote written provide sit stand lose lost pay
paid meet met include continue set learn learned change lead understand understood watch follow stop
create speak spoke spoken read allow add spend spent grow grew grown open walk win won offer remember
love consider appear buy bought wait serve die send sent expect build built stay fall fell cut reach
kill remain suggest raise pass sell sold require report decide pull really also actually usually
probably especially finally recently today tomorrow yesterday
`
  .split(/\s+/)
  .filter((w) => w !== '');

/** The hundred or so most frequent English words (a higher prior than the rest of the list). */
export const TOP_WORDS: readonly string[] = `
the of and to a in is it you that he was for on are with as i his they be at one have this from or
had by not but what all were we when your can said there use an each which she do how their if will
up other about out many then them these so some her would make like him into time has look two more
write go see number no way could people my than first been call who its now find long down day did
get come made may part should because also very much after where most over think know just those
our any new only even such through still being while does must
`
  .split(/\s+/)
  .filter((w) => w !== '');

/**
 * The prepositions writers put for one another: the confusable set of preposition-in-phrase, and the classes
 * the preposition slot model is trained on (its file names them, so the engine reads them from there).
 */
/** Articles, demonstratives and possessives: a noun phrase follows them. */
export const DETERMINERS: ReadonlySet<string> = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'our', 'my', 'your']);

export const COMMON_PREPOSITIONS: readonly string[] = ['in', 'on', 'at', 'of', 'for', 'to', 'with', 'about', 'from', 'by', 'into', 'over'];

/** Linking verbs: an adjective after them describes the subject ("it is too hard", "she seems in complete control"). */
export const LINKING_VERBS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', "'s", "'re", "'m", 'look', 'looks', 'looked', 'seem', 'seems', 'seemed', 'feel', 'feels', 'felt', 'become', 'becomes', 'became', 'get', 'gets', 'got', 'sound', 'sounds']);
