// Small stop-word lists (the most frequent function words) for the languages the reading sets carry most. Enough to
// tell running prose ("the article talking": dense in function words) from labels, bylines, link lists and teaser
// headlines (nouns and names), in the spirit of jusText; not a language detector beyond picking the best list.
const LISTS: Record<string, string> = {
  en: 'the of and to a in is that for it as was with be by on not he i this are or his from at which but have an they you were her she there been one all we their has would when if so no will more can its who my your our into than them these then only also about out up what some could do did other after over such',
  de: 'der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei ich wir ihr ihre kann können',
  fr: 'de la le et les des en un du une que est pour qui dans par plus pas au sur ne se il elle ce sont avec mais ou son sa ses nous vous leur leurs été être cette comme aux tout on y a lui été fait bien',
  es: 'de la que el en y a los del se las por un para con no una su al es lo como más pero sus le ya o fue este ha sí porque esta entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante uno ni contra ese eso',
  pt: 'de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele das tem à seu sua ou ser quando muito há nos já está também só pelo pela até isso ela entre era depois sem mesmo aos ter seus',
  it: 'di e il la che in a per un è del non una con le si i da sono al della lo gli come ma più anche ha dei nel alla se ci questo su delle o essere era molto tra sua suo loro quando',
  nl: 'de en van het een in is dat op te zijn met voor niet aan er die ook als door maar om bij dan nog wel of naar uit tot wordt worden zijn hij zij we je ze over meer kan heeft hebben was',
  ru: 'и в не на что я с он как а то все она так его но да ты к у же вы за бы по только ее мне было вот от меня еще нет о из ему теперь когда уже для при это этот были быть может которые который',
  pl: 'i w nie na z się to że do jest o jak ale po co tak za od już przez jego tylko czy być może który które która są oraz dla jako ich',
  cs: 'a v se na je že s z do to o k i jako ale by pro jsou jeho které který která po tak jak už od při také nebo',
  sv: 'och i att det som en på är av för med till den har de inte om ett han men var jag sig från vi så kan man när år',
  tr: 've bir bu da de için ile çok gibi daha ama ne o en olarak sonra kadar olan ya değil her',
  hu: 'a az és hogy nem is egy de van meg csak már ez azt mint ki el volt még kell lesz vagy mert',
};

const SETS: Array<[string, Set<string>]> = Object.entries(LISTS).map(([lang, words]) => [lang, new Set(words.split(' '))]);

/** Words of a text, lower-cased, as letters and digits (apostrophes split: "l'article" → "l", "article"). */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The stop-word list that covers most of `words`, with its share; undefined when none covers 10 % (CJK, Arabic …). */
export function pickStopwords(words: string[]): { lang: string; set: Set<string>; share: number } | undefined {
  if (words.length === 0) return undefined;
  let best: { lang: string; set: Set<string>; share: number } | undefined;
  for (const [lang, set] of SETS) {
    let hits = 0;
    for (const w of words) if (set.has(w)) hits++;
    const share = hits / words.length;
    if (!best || share > best.share) best = { lang, set, share };
  }
  return best && best.share >= 0.1 ? best : undefined;
}
