/**
 * Common English irregular verbs: base, simple past, past participle (alternatives with '/', the
 * first is the one we write). Curated by hand, shared by the grammar engine (its lexicon) and the
 * humanizer (verb forms); regular verbs follow the spelling rules of each.
 */
export const IRREGULAR_VERBS: readonly string[] = `
arise arose arisen
awake awoke awoken
be was/were been
bear bore borne/born
beat beat beaten
become became become
begin began begun
bend bent bent
beset beset beset
bet bet bet
bid bid bid
bind bound bound
bite bit bitten
bleed bled bled
blow blew blown
break broke broken
breed bred bred
bring brought brought
broadcast broadcast broadcast
build built built
burn burned/burnt burned/burnt
burst burst burst
buy bought bought
cast cast cast
catch caught caught
choose chose chosen
cling clung clung
come came come
cost cost cost
creep crept crept
cut cut cut
deal dealt dealt
dig dug dug
do did done
draw drew drawn
dream dreamed/dreamt dreamed/dreamt
drink drank drunk
drive drove driven
dwell dwelt/dwelled dwelt/dwelled
eat ate eaten
fall fell fallen
feed fed fed
feel felt felt
fight fought fought
find found found
flee fled fled
fling flung flung
fly flew flown
forbid forbade forbidden
forecast forecast forecast
forget forgot forgotten
forgive forgave forgiven
forsake forsook forsaken
freeze froze frozen
get got got/gotten
give gave given
go went gone
grind ground ground
grow grew grown
hang hung hung
have had had
hear heard heard
hide hid hidden
hit hit hit
hold held held
hurt hurt hurt
keep kept kept
kneel knelt knelt
knit knit/knitted knit/knitted
know knew known
lay laid laid
lead led led
lean leaned/leant leaned/leant
leap leaped/leapt leaped/leapt
learn learned/learnt learned/learnt
leave left left
lend lent lent
let let let
lie lay lain
light lit lit
lose lost lost
make made made
mean meant meant
meet met met
mislead misled misled
mistake mistook mistaken
mow mowed mown/mowed
offset offset offset
outbid outbid outbid
overcome overcame overcome
oversee oversaw overseen
overtake overtook overtaken
pay paid paid
prove proved proven/proved
put put put
quit quit quit
read read read
rid rid rid
ride rode ridden
ring rang rung
rise rose risen
run ran run
say said said
see saw seen
seek sought sought
sell sold sold
send sent sent
set set set
sew sewed sewn
shake shook shaken
shed shed shed
shine shone shone
shoot shot shot
show showed shown
shrink shrank shrunk
shut shut shut
sing sang sung
sink sank sunk
sit sat sat
slay slew slain
sleep slept slept
slide slid slid
sling slung slung
slink slunk slunk
slit slit slit
smite smote smitten
sow sowed sown/sowed
speak spoke spoken
speed sped sped
spell spelled/spelt spelled/spelt
spend spent spent
spill spilled/spilt spilled/spilt
spin spun spun
spit spat/spit spat/spit
split split split
spread spread spread
spring sprang sprung
stand stood stood
steal stole stolen
stick stuck stuck
sting stung stung
stink stank stunk
strike struck struck
strive strove striven
sublet sublet sublet
swear swore sworn
sweep swept swept
swell swelled swollen/swelled
swim swam swum
swing swung swung
take took taken
teach taught taught
tear tore torn
tell told told
think thought thought
throw threw thrown
thrust thrust thrust
undergo underwent undergone
understand understood understood
undertake undertook undertaken
upset upset upset
wake woke woken
wear wore worn
weave wove woven
wed wed/wedded wed/wedded
weep wept wept
wet wet/wetted wet/wetted
win won won
wind wound wound
withdraw withdrew withdrawn
withhold withheld withheld
wring wrung wrung
write wrote written
`
  .trim()
  .split('\n')
  .map((l) => l.trim());

/** One irregular verb of the table: its base and every listed past and participle (the first is the one we write). */
export interface IrregularVerb {
  base: string;
  past: string[];
  participle: string[];
}

/** The table parsed, one entry per verb, in table order. */
export const IRREGULAR_VERB_FORMS: readonly IrregularVerb[] = IRREGULAR_VERBS.map((row) => {
  const [base, past, participle] = row.split(' ');
  return { base, past: past.split('/'), participle: participle.split('/') };
});
