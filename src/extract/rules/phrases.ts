// Whole-line and whole-heading phrase lexicons of the block pass (precision.ts): recirculation headings, prompts, credits, metadata lines.
import { lexicon } from './lexicon.ts';

export const RELATED_HEADING = lexicon({
  id: 'phrases.related-heading',
  reason: 'Headings that open recirculation, sharing and newsletter blocks, in the languages the dev sets carry most.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:.!?]?$', flags: 'i', terms: [
    'related',
    'related (posts?|articles?|stories|content|reading|links|products|resources|topics|questions|news|videos?)',
    'read (more|next|also)',
    'more (from|stories|articles|posts|news|videos|like this|to read|on this topic|in)( [\\w&\'’-]+){0,4}',
    'you (may|might|will) also (like|enjoy|be interested in)',
    'recommended( for you| reading| articles| posts| stories)?',
    '(most )?popular( posts| stories| articles| this week| now)?', 'trending( now| stories| articles)?',
    'top (videos?|stories)', 'latest (news|posts|articles|stories|blogs?|updates|videos?)', 'see also',
    'also (read|on [\\w ]+)', 'most (read|popular|viewed|shared)( [\\w ]+)?',
    'share( this)?( article| post| page| story)?', 'share (on|via) [\\w ]+', 'tags?', 'categories', 'filed under',
    'about the author', 'further reading', 'recent (posts|articles|stories)', 'newsletter', 'subscribe( to [\\w ]+)?',
    'sign up for [\\w ]+', 'keep reading', 'up next', 'in case you missed it', 'next (article|post|story)',
    '(advertisement|sponsored( content)?|werbung|anzeige): .{1,80}', 'über (den|die) autor(in|en)?', 'mehr zum thema',
    'mehr (aus|von|zu) [\\w äöüß-]+',
    'weitere (artikel|beiträge|nachrichten|themen|news|informationen|links)( [\\w äöüß-]+)?', 'auch interessant',
    'das könnte (sie|dich) (auch )?interessieren', 'lesen sie auch( die folgenden beiträge)?', 'zum weiterlesen',
    'weiterführende links?', 'neueste beiträge', 'ähnliche (artikel|beiträge)', 'verwandte (artikel|themen|beiträge)',
    'empfehlungen', 'schlagworte', 'diesen (artikel|beitrag) teilen', 'vorschau auf den nächsten (artikel|beitrag)',
    'entdecke (weitere|mehr) [\\w äöüß-]+', 'kommende (events|termine|veranstaltungen)',
    'das (könnte|dürfte) (sie|dich) auch interessieren', 'vous aimerez aussi',
    '(audios et )?vidéos sur le (même )?sujet',
  ] },
  example: 'Related posts',
  counterExample: 'Popular distribution channels',
});

export const COMMENT_HEADING = lexicon({
  id: 'phrases.comment-heading',
  reason: 'Comment-section headings: recirculation on articles, the content itself on forums.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:.!?]?$', flags: 'i', terms: [
    'leave a (reply|comment)', 'add a comment', 'comments?( \\(\\d+\\))?',
    '\\d+ (comments?|responses?|replies|kommentare?|commentaires?|comentarios?|comentários|commenti|reacties|reacciones|réactions)',
    '(\\d+ )?(reader )?(comments?|responses?|reactions)', 'kommentare?( \\(\\d+\\))?', '(\\d+ )?leserkommentare?',
    'so können sie kommentieren', 'kommentieren', 'commentaires?',
  ] },
  example: '12 Comments',
  counterExample: 'Comments on the draft bill',
});

export const REVIEW_HEADING = lexicon({
  id: 'phrases.review-heading',
  reason: 'Review headings on product pages ("Customer reviews", "Reviews (159)", "Kundenbewertungen"), and a marketplace\'s ("Top reviews from the United States", "Be the first to review this item"). A seller\'s feedback is not among them: a marketplace listing shows it as the seller\'s record, and references disagree on whether it is content.',
  appliesTo: ['product'],
  match: { kind: 'pattern', shape: '%TERMS%', flags: 'i', terms: [
    '^((customer|product|guest|user|verified) )?(reviews?|ratings?( (&|and) reviews)?)( \\(\\d+\\))?( \\d[\\d,.]* reviews?.*)?',
    '\\d[\\d,.]* (customer )?reviews?.*', 'bewertungen( \\(\\d+\\))?', '^top (reviews|ratings)( from .{1,40})?$',
    '^(photos|images) from reviews$', '^be the first to review this (item|product)$',
  ] },
  example: 'Customer reviews',
  counterExample: 'How we review products',
});

export const PRODUCT_AUTHOR_HEADING = lexicon({
  id: 'phrases.product-author-heading',
  reason: 'On a product page "About the author" presents the book\'s author, a fact of the product, not the page\'s writer.',
  appliesTo: ['product'],
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:.!?]?$', flags: 'i', terms: [
    'about the author', 'über den autor',
  ] },
  example: 'About the author',
  counterExample: 'About the book',
});

export const RESIDUE = lexicon({
  id: 'phrases.residue',
  reason: 'Script residue printed as text by a broken template (`false`, `undefined`, `[object Object]`): never a sentence of the page.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)$', flags: 'i', terms: [
    'false', 'true', 'null', 'undefined', '\\[object object\\]', '\\{\\}', '\\[\\]',
  ] },
  example: 'undefined',
  counterExample: 'undefined behaviour',
});

export const CREDIT_LEAD = lexicon({
  id: 'phrases.credit-lead',
  reason: 'A photo credit opens with its label ("Foto: …", "Photo by …", "Crédito: …"): the line names the picture\'s source, not the story.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(\\(?(%TERMS%)\\b\\s*(by|von|:|©|\\/)?)', flags: 'i', terms: [
    'foto', 'fotos', 'photo', 'bild', 'image', 'images', 'credit', 'credits', 'crédito', 'crédits?( photos?)?',
    'quelle', 'source', 'abbildung', 'illustration', 'video', 'titelbild', 'beitragsbild',
  ] },
  example: 'Foto: dpa',
  counterExample: 'Photographers gathered at the harbour',
});

export const CREDIT_MARK = lexicon({
  id: 'phrases.credit-mark',
  reason: 'Agencies, stock libraries and copyright signs that mark a line as a photo credit wherever they sit in it.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(%TERMS%)', flags: 'i', terms: [
    '©', '\\(c\\)', 'getty ?images', 'shutterstock', 'istock(photo)?', 'picture[ -]alliance', '\\bdpa\\b', 'reuters',
    '\\bafp\\b', 'unsplash', 'fotolia', 'adobe ?stock', '\\bepa\\b', '\\bfoto:', '\\bbild:', '\\bphoto:',
  ] },
  example: 'Picture: Getty Images',
  counterExample: 'A quiet morning in the harbour',
});

export const CREDIT_END = lexicon({
  id: 'phrases.credit-end',
  reason: 'A credit closing a line: "© Name", "(Foto: Name)", "Bild: Name" after the caption\'s words.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(^|[\\s|(–—-])(©|\\(c\\)|(%TERMS%)\\s*:)\\s*[^.!?©:]{2,60}\\)?$', flags: 'iu', terms: [
    'foto', 'fotos', 'photo', 'photos', 'bild', 'bilder', 'credit', 'credits', 'crédito', 'quelle', 'image', 'imagen',
  ] },
  example: 'The harbour at dawn (Foto: Max Muster)',
  counterExample: 'The harbour at dawn.',
});

export const PROMPT_LABEL = lexicon({
  id: 'phrases.prompt-label',
  reason: 'Prompts that are never the article: share, comment, rate, log in, subscribe, print. Whole-line matches.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '(%TERMS%)', flags: 'i', terms: [
    'share your thoughts( with (your )?friends)?', 'share (this|the) (article|post|story|page)( with [\\w ]+)?',
    'share on [\\w ]+', '(jetzt |artikel |beitrag |news |diesen artikel |diesen beitrag )?teilen',
    'möchten sie den artikel teilen', 'be sociable, share', 'tweet( this)?', 'e-?mail( this)?', 'comments are closed',
    'kommentieren', 'be the first to comment', '\\d+ (comments?|kommentare?)', 'leave a (reply|comment)',
    'sie müssen sich (einloggen|anmelden).*', 'war (der|dieser) (artikel|beitrag) (hilfreich|nützlich)',
    '\\(?noch keine bewertungen\\)?', 'gefällt mir:?', 'print( this)?( article| page)?', 'drucken', 'externer inhalt',
    'advertisement', 'anzeige', 'sponsored( content)?', 'zurück (zum|zur) [\\w äöüß-]+', 'back to [\\w ]+',
    'sorted by:?.*', 'perma(lien|link)( https?://\\S+)?',
    '(showing|zeige|mostrando|affichage( de)?|visualizzazione( di)?) (results? )?\\d+\\s*(-|–|bis|to|à|a|al)\\s*\\d+ (of|von|de|sur|di)( insgesamt)? \\d+( [\\w äöüß]+)?',
    'es werden (die )?([\\w äöüß]+ )?\\d+ bis \\d+ von (insgesamt )?\\d+( [\\w äöüß]+)? angezeigt',
    '(please )?(sign|log) ?in (or (register|sign up|create an account) )?to (add|save|see|set|follow|view|track|get|rate|buy|purchase|create|use|access|manage|vote|like|bookmark|download|wishlist) .{0,100}',
    'you\'?re not (signed|logged) in!?( .{0,120})?',
    '(oops!? )?something went wrong([.!]? please try again( later)?)?', 'please try again( later)?',
    'there was a problem [^.]{1,60}[.!]? please try again( later)?', 'rezept drucken', 'print (the )?recipe',
    '(bei|auf) pinterest (speichern|merken|pinnen)', '([\\w äöüß-]+ )?als pdf (herunterladen|downloaden|speichern)',
    'download (this|the) [\\w ]+ as (a )?pdf',
  ] },
  example: 'Share this article',
  counterExample: 'Share prices fell',
});

export const CHROME_SENTENCE = lexicon({
  id: 'phrases.chrome-sentence',
  reason: 'Site chrome written as a sentence, found anywhere in a short block: subscription and paywall pitches, "follow us / join our channel" promotions, affiliate and opinion disclaimers, copyright and consent notices. Each phrase is one that running article text does not use about itself (an article *about* subscriptions says "subscribers", not "already a subscriber? Log in").',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '%TERMS%', flags: 'iu', terms: [
    'already an? (subscriber|member)',
    'to (view|read|continue reading|unlock) (the full|this|the rest of (this|the)) (story|article|post)',
    '(subscribe|sign up|register) (now|today) (to|for|and)', 'subscribe to (read|continue|unlock|get unlimited)',
    'instant access to the full', 'vorteile sichern', 'lesen oder verschenken', 'zeigen sie ihre wertschätzung',
    '(unterstütze|unterstützen sie) ([\\p{L}]+|unsere arbeit|unseren journalismus) (bereits |schon )?mit (\\d|einer spende|einem abo)',
    'cancela cuando quieras',
    '(follow|join) us on (facebook|twitter|x|instagram|telegram|whatsapp|youtube|linkedin|tiktok)',
    '(join|subscribe to|follow) our (telegram|whatsapp|youtube|newsletter|channel)',
    'canal de (telegram|whatsapp|youtube)', 'folgen sie uns (auf|bei)', 'letters? to the editor via',
    '(^|[.!?:]\\s+|\\s(and|or|und|oder|o|y|ou|et)\\s)(follow|folgen sie|folge|seguir a|siga a|sigue a|suivez)( [\\p{L}\\p{N}.@&\'’-]+){1,4} (on|auf|bei|en|sur) (facebook|twitter|instagram|telegram|whatsapp|youtube|linkedin|tiktok|mastodon|threads)',
    '(nichts|keine (news|nachrichten|folge|ausgabe)) (mehr )?(verpassen|versäumen)',
    'never miss (a|an|another) (story|post|article|update|issue|thing)',
    '(zum|für den|für unseren) newsletter anmelden',
    '(we )?may (receive|earn) (a |an )?(affiliate )?(compensation|commission)',
    'contains (affiliate links|references to products)',
    'by (signing up|subscribing|clicking [\\p{L} ]{1,30}|submitting|registering|entering your e-?mail)[^.]{0,80}, you (agree|consent|confirm|acknowledge|accept)',
    'msg (&|and) data rates may apply', 'this site is protected by recaptcha',
    'thanks? (you )?for (signing up|subscribing)', 'sign up for (our|the) [\\p{L} ]{0,40}newsletter',
    '(delivered|sent) (straight |directly )?to your inbox',
    'gibt die meinung de[rs] (autors?|autorin|verfassers) wieder', 'nicht notwendigerweise die de[rs] redaktion',
    'all rights reserved', 'ohne (dein|ihr) einverständnis keine verbindung', 'einstellungen verwalten',
    'alle angaben ohne gewähr', 'copyright ©', '(^|\\s)©\\s*(19|20)\\d{2}\\b', 'copyright (19|20)\\d{2}\\b',
    'sofern nicht anders (angegeben|ausgewiesen|vermerkt|gekennzeichnet),? (stehen|sind|ist|gelten) (die |alle )?(inhalte|texte|beiträge)',
    'der beitrag wurde am .{4,60} veröffentlicht', 'download (the|our) [\\p{L}\\p{N} .&\'’-]{1,40} apps?\\b',
    '(news|stories|updates|headlines) (straight|directly) to your (phone|device|mobile)',
    '(would|will) you consider (supporting|donating|a donation|becoming a)',
    'if you (enjoyed|liked|like|appreciate)( reading)? (this|our) (post|article|story|work|content)',
    'wenn (ihnen|dir) (unser|dieser|der) (artikel|beitrag|text) gefallen hat', 'hazte (miembro|socio|suscriptor)',
    'first-time subscribers', '(jetzt|ab sofort) an jedem (\\p{L}*kiosk|zeitschriftenhandel)',
    'als abo oder (als )?einzelheft', 'klicken sie auf (den|diesen) (unteren )?button,? um (den inhalt|inhalte) von',
    'wurde erfolgreich hinzugefügt', 'add the ingredients to your (basket|cart)', 'captcha failed to load',
  ] },
  example: 'Already a subscriber? Log in.',
  counterExample: 'The number of subscribers grew.',
});

export const META_LINE = lexicon({
  id: 'phrases.meta-line',
  reason: 'Metadata lines: a date, a time, a byline, a label. Only dropped in an article\'s tail (see refineBlocks).',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^((%TERMS%)\\b.{0,80}|\\d+ ?(min|mins|minutes?|minuten|minutos|minut|minuty)\\.?( read| lesezeit| de lecture| de lectura| de leitura| di lettura| czytania| leestijd| lesen)?|(about |vor )?(an?|\\d+) (seconds?|minutes?|hours?|days?|weeks?|months?|years?|sekunden|minuten|stunden|tagen?|wochen|monaten|jahren) ago|vor (einer|einem|\\d+) (sekunden?|minuten?|stunden?|tag(en)?|wochen?|monat(en)?|jahr(en)?)|[\\d.,:/\\s-]+(uhr|am|pm)?|\\p{L}+,? \\d{1,2}\\.? \\p{L}+ \\d{4}([,| ]+(um |at |à |a las )?\\d{1,2}[:.]\\d{2}( ?(uhr|am|pm|h))?)?|\\p{L}+ \\d{1,2}, \\d{4}.*|\\d{1,2}\\.? \\p{L}+,? \\d{4}.*)$', flags: 'iu', terms: [
    'by', 'von', 'par', 'por', 'di', 'door', 'autor(in)?', 'author', 'redaktion', 'text', 'posted( by| on| in)?',
    'veröffentlicht( am)?', 'veröffentlichung', 'erstellt am', 'aktualisiert( am)?', 'datum', 'publicado( el| por)?',
    'actualizado( el)?', 'fecha', 'mis à jour( le)?', 'date', 'updated', 'last (modified|updated)', 'letzte änderung',
    'stand', 'published( on)?', 'publié le', 'filed under', 'tags?', 'schlagworte', 'kategorie(n)?', 'categories',
    'category', 'topics?', 'themen', 'this entry was posted.*', 'lesezeit', 'read(ing)? time', 'temps de lecture',
    'tiempo de lectura',
  ] },
  example: 'By Jane Doe',
  counterExample: 'The committee met on Monday to discuss the plan.',
});

export const QUOTE_ATTRIBUTION = lexicon({
  id: 'phrases.quote-attribution',
  reason: 'The attribution a forum prints over a quote ("14 hours ago, Joe said:", "MELso wrote:").',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '\\b(%TERMS%)\\s*:?\\s*$', flags: 'iu', terms: [
    'said', 'wrote',
  ] },
  example: 'MELso wrote:',
  counterExample: 'He wrote the book',
});

export const READ_ALSO_LEAD = lexicon({
  id: 'phrases.read-also-lead',
  reason: 'The lead-in of a "read also" callout set between an article\'s paragraphs ("PUEDES VER: <headline>", "Lesen Sie auch: <headline>", "Read more: <headline>"): the rest of the line is a link to another story.',
  appliesTo: 'all',
  match: { kind: 'pattern', shape: '^(%TERMS%)\\s*[:|»›>]\\s*', flags: 'iu', terms: [
    'puedes ver', 'mira( también| además)?', 'lesen sie (auch|hier|mehr)', 'mehr zum thema', 'read (more|also|next)',
    'also read', 'see also', 'related',
  ] },
  example: 'Lesen Sie auch: Die Wahl',
  counterExample: 'Read more about the study in the appendix',
});
