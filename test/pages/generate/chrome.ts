// The parts of a page a reader does not want — menus, rails, recirculation, banners, footers, comment sections —
// generated from small phrase lists with a seeded RNG, in four languages. Only the main content of each page is
// written by hand; chrome is deliberately repetitive and link-dense, as on real sites, and every generator takes a
// class-naming scheme so the same part appears as BEM, utility CSS, hashed CSS-module names or bare tags.
import { esc, hashed, pick, shuffle, slug, type Rand } from './lib.ts';

export type Lang = 'en' | 'de' | 'fr' | 'es';
export type Scheme = 'bem' | 'utility' | 'hashed' | 'bare';

interface Pack {
  sections: string[];
  subjects: string[];
  verbs: string[];
  objects: string[];
  deks: string[];
  words: Record<
    | 'breaking'
    | 'moreFrom'
    | 'newsletter'
    | 'newsletterText'
    | 'subscribe'
    | 'email'
    | 'cookie'
    | 'accept'
    | 'reject'
    | 'settings'
    | 'comments'
    | 'reply'
    | 'share'
    | 'search'
    | 'login'
    | 'rights'
    | 'privacy'
    | 'terms'
    | 'contact'
    | 'about'
    | 'careers'
    | 'help'
    | 'follow'
    | 'trending'
    | 'readMore'
    | 'recent'
    | 'categories'
    | 'tags'
    | 'cart'
    | 'account'
    | 'minutes',
    string
  >;
  commenters: string[];
  commentTexts: string[];
}

const PACKS: Record<Lang, Pack> = {
  en: {
    sections: ['News', 'World', 'Business', 'Technology', 'Science', 'Climate', 'Culture', 'Sport', 'Opinion', 'Travel', 'Food', 'Health'],
    subjects: ['City council', 'Regional rail operator', 'University researchers', 'Harbour authority', 'State regulators', 'A small startup', 'Hospital trust', "Farmers' cooperative", 'School board', 'Museum curators', 'Transit union', 'Coastal towns', 'Energy ministry', 'Wildlife rangers'],
    verbs: ['approves', 'delays', 'unveils', 'rethinks', 'expands', 'cuts back', 'tests', 'defends', 'questions', 'doubles'],
    objects: ['new bus lanes', 'its winter budget', 'a flood barrier plan', 'a four-day week trial', 'night train routes', 'school meal funding', 'a solar farm bid', 'rent caps', 'the river clean-up', 'a heat warning system', 'library opening hours', 'ferry timetables'],
    deks: ['What the decision means for commuters this winter.', 'Critics say the figures do not add up.', 'The vote came after months of hearings.', 'Residents have until Friday to respond.', 'A look at the numbers behind the plan.', 'Officials expect the first results by spring.', 'Here is who gains and who pays.', 'The move surprised even its supporters.'],
    words: { breaking: 'Breaking News', moreFrom: 'More from', newsletter: 'Get the morning briefing', newsletterText: 'The five stories you need, in your inbox before 7 a.m.', subscribe: 'Sign up', email: 'Email address', cookie: 'We use cookies and similar technologies to personalise content, measure traffic and show you relevant ads. You can change your choice at any time in the privacy settings.', accept: 'Accept all', reject: 'Reject all', settings: 'Manage preferences', comments: 'Comments', reply: 'Reply', share: 'Share', search: 'Search', login: 'Log in', rights: 'All rights reserved.', privacy: 'Privacy policy', terms: 'Terms of use', contact: 'Contact us', about: 'About us', careers: 'Careers', help: 'Help centre', follow: 'Follow us', trending: 'Trending now', readMore: 'Read more', recent: 'Recent posts', categories: 'Categories', tags: 'Tags', cart: 'Cart', account: 'My account', minutes: 'min read' },
    commenters: ['pedalpower77', 'MarthaK', 'old_harbour_guy', 'j.whitfield', 'northside_mum', 'DaveInAccounts', 'quietreader', 'Rosa P.'],
    commentTexts: ['Great piece, thanks for covering this properly.', 'I have lived here twenty years and never seen it this bad.', 'Who is actually paying for all of this?', 'Completely agree with the previous comment.', 'This is exactly what we warned about last year.', 'Interesting, but the article leaves out the cost side.'],
  },
  de: {
    sections: ['Politik', 'Ausland', 'Wirtschaft', 'Wissenschaft', 'Netzwelt', 'Kultur', 'Sport', 'Reise', 'Gesundheit', 'Panorama', 'Meinung', 'Regional'],
    subjects: ['Der Stadtrat', 'Die Landesregierung', 'Forscher der Universität', 'Die Bahn', 'Ein Start-up aus Leipzig', 'Der Bauernverband', 'Die Kultusminister', 'Das Klinikum', 'Die Verbraucherzentrale', 'Der Hafenbetreiber'],
    verbs: ['beschließt', 'verschiebt', 'prüft', 'stoppt', 'erweitert', 'kritisiert', 'testet', 'verteidigt'],
    objects: ['neue Radwege', 'den Haushalt', 'die Mietpreisbremse', 'längere Öffnungszeiten', 'ein Tempolimit', 'den Ausbau der Windkraft', 'höhere Gebühren', 'das Schulessen', 'den Nachtzug', 'die Sanierung der Brücke'],
    deks: ['Was die Entscheidung für Pendler bedeutet.', 'Kritiker halten die Zahlen für geschönt.', 'Die Abstimmung war knapp.', 'Ein Überblick über die wichtigsten Fragen.', 'Betroffene können bis Freitag Einspruch erheben.', 'Die ersten Ergebnisse werden im Frühjahr erwartet.'],
    words: { breaking: 'Eilmeldung', moreFrom: 'Mehr aus dem Ressort', newsletter: 'Der Morgen-Newsletter', newsletterText: 'Die wichtigsten Nachrichten des Tages, jeden Morgen kostenlos.', subscribe: 'Jetzt anmelden', email: 'E-Mail-Adresse', cookie: 'Wir verwenden Cookies und ähnliche Technologien, um Inhalte zu personalisieren, Zugriffe zu analysieren und Werbung anzuzeigen. Sie können Ihre Auswahl jederzeit in den Datenschutz-Einstellungen ändern.', accept: 'Alle akzeptieren', reject: 'Ablehnen', settings: 'Einstellungen', comments: 'Kommentare', reply: 'Antworten', share: 'Teilen', search: 'Suche', login: 'Anmelden', rights: 'Alle Rechte vorbehalten.', privacy: 'Datenschutz', terms: 'Nutzungsbedingungen', contact: 'Kontakt', about: 'Über uns', careers: 'Jobs', help: 'Hilfe', follow: 'Folgen Sie uns', trending: 'Meistgelesen', readMore: 'Weiterlesen', recent: 'Neueste Beiträge', categories: 'Kategorien', tags: 'Schlagwörter', cart: 'Warenkorb', account: 'Mein Konto', minutes: 'Min. Lesezeit' },
    commenters: ['Radler_HH', 'Gisela M.', 'kaffeetrinker', 'Th. Brandt', 'nordlicht83', 'M. Yilmaz'],
    commentTexts: ['Endlich berichtet mal jemand ausführlich darüber.', 'Das hätte man vor zehn Jahren machen müssen.', 'Und wer bezahlt das am Ende?', 'Sehr einseitiger Artikel, finde ich.', 'Danke für die Zusammenfassung!'],
  },
  fr: {
    sections: ['Actualité', 'International', 'Économie', 'Sciences', 'Planète', 'Culture', 'Sport', 'Voyage', 'Santé', 'Opinions', 'Régions', 'Tech'],
    subjects: ['Le conseil municipal', 'La région', 'Des chercheurs lyonnais', 'La SNCF', 'Une jeune pousse nantaise', 'Les agriculteurs', 'Le ministère', "L'hôpital", 'Les syndicats', 'Le port autonome'],
    verbs: ['adopte', 'reporte', 'lance', 'revoit', 'étend', 'conteste', 'teste', 'défend'],
    objects: ['de nouvelles pistes cyclables', 'son budget', 'un plan anti-inondation', 'la semaine de quatre jours', 'un train de nuit', 'les tarifs de la cantine', 'un parc solaire', "l'encadrement des loyers", 'la rénovation du pont'],
    deks: ['Ce que la décision change pour les usagers.', 'Les opposants contestent les chiffres.', 'Le vote a été serré.', 'Les points clés à retenir.', 'Les habitants ont jusqu’à vendredi pour réagir.', 'Premiers résultats attendus au printemps.'],
    words: { breaking: 'Alerte info', moreFrom: 'À lire aussi dans la rubrique', newsletter: 'La lettre du matin', newsletterText: 'L’essentiel de l’actualité, chaque matin dans votre boîte mail.', subscribe: "S'inscrire", email: 'Adresse e-mail', cookie: 'Nous utilisons des cookies pour personnaliser les contenus, mesurer l’audience et vous proposer des publicités adaptées. Vous pouvez modifier vos choix à tout moment.', accept: 'Tout accepter', reject: 'Continuer sans accepter', settings: 'Paramétrer', comments: 'Commentaires', reply: 'Répondre', share: 'Partager', search: 'Rechercher', login: 'Se connecter', rights: 'Tous droits réservés.', privacy: 'Confidentialité', terms: "Conditions d'utilisation", contact: 'Contact', about: 'Qui sommes-nous', careers: 'Recrutement', help: 'Aide', follow: 'Suivez-nous', trending: 'Les plus lus', readMore: 'Lire la suite', recent: 'Articles récents', categories: 'Catégories', tags: 'Étiquettes', cart: 'Panier', account: 'Mon compte', minutes: 'min de lecture' },
    commenters: ['velo_lyon', 'Mireille D.', 'jpbernard', 'la_fourmi', 'Karim B.'],
    commentTexts: ['Merci pour cet article très clair.', 'Encore une décision prise sans consulter les habitants.', 'Qui va payer la facture ?', 'Je ne suis pas d’accord avec la conclusion.'],
  },
  es: {
    sections: ['Actualidad', 'Internacional', 'Economía', 'Ciencia', 'Tecnología', 'Cultura', 'Deportes', 'Viajes', 'Salud', 'Opinión', 'Local', 'Gastronomía'],
    subjects: ['El ayuntamiento', 'El Gobierno regional', 'Investigadores de Valencia', 'Renfe', 'Una startup sevillana', 'Los agricultores', 'El ministerio', 'El hospital', 'Los sindicatos', 'La autoridad portuaria'],
    verbs: ['aprueba', 'aplaza', 'presenta', 'revisa', 'amplía', 'recorta', 'prueba', 'defiende'],
    objects: ['nuevos carriles bici', 'el presupuesto', 'un plan contra inundaciones', 'la semana de cuatro días', 'un tren nocturno', 'los comedores escolares', 'un parque solar', 'el tope a los alquileres', 'la reforma del puente'],
    deks: ['Qué supone la decisión para los vecinos.', 'La oposición cuestiona las cifras.', 'La votación fue ajustada.', 'Las claves para entenderlo.', 'Los primeros resultados llegarán en primavera.'],
    words: { breaking: 'Última hora', moreFrom: 'Más noticias de', newsletter: 'El boletín de la mañana', newsletterText: 'Las noticias más importantes, cada mañana en tu correo.', subscribe: 'Suscribirme', email: 'Correo electrónico', cookie: 'Utilizamos cookies propias y de terceros para personalizar contenidos, analizar el tráfico y mostrar publicidad. Puedes cambiar la configuración en cualquier momento.', accept: 'Aceptar todo', reject: 'Rechazar', settings: 'Configurar', comments: 'Comentarios', reply: 'Responder', share: 'Compartir', search: 'Buscar', login: 'Iniciar sesión', rights: 'Todos los derechos reservados.', privacy: 'Política de privacidad', terms: 'Aviso legal', contact: 'Contacto', about: 'Quiénes somos', careers: 'Trabaja con nosotros', help: 'Ayuda', follow: 'Síguenos', trending: 'Lo más leído', readMore: 'Leer más', recent: 'Entradas recientes', categories: 'Categorías', tags: 'Etiquetas', cart: 'Carrito', account: 'Mi cuenta', minutes: 'min de lectura' },
    commenters: ['ciclista_bcn', 'Lola G.', 'paco1970', 'maria.t', 'vecino_del_puerto'],
    commentTexts: ['Muy buen artículo, gracias.', 'Siempre lo mismo, nadie pregunta a los vecinos.', '¿Y quién lo paga?', 'Totalmente de acuerdo.'],
  },
};

export const words = (lang: Lang): Pack['words'] => PACKS[lang].words;

/** Class names for a part in a scheme: `cls('bem', 'site-header', 'nav')`. */
export function cls(scheme: Scheme, block: string, element?: string, utility = ''): string {
  switch (scheme) {
    case 'bem':
      return ` class="${element ? `${block}__${element}` : block}"`;
    case 'utility':
      return utility ? ` class="${utility}"` : '';
    case 'hashed':
      return ` class="${hashed(block.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase()), element ?? 'root')}"`;
    case 'bare':
      return '';
  }
}

export function headline(r: Rand, lang: Lang): string {
  const p = PACKS[lang];
  return `${pick(r, p.subjects)} ${pick(r, p.verbs)} ${pick(r, p.objects)}`;
}

function date(r: Rand, lang: Lang): string {
  const d = 1 + Math.floor(r() * 28);
  const m = Math.floor(r() * 12);
  const months: Record<Lang, string[]> = {
    en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
    de: ['Jan.', 'Feb.', 'März', 'Apr.', 'Mai', 'Juni', 'Juli', 'Aug.', 'Sept.', 'Okt.', 'Nov.', 'Dez.'],
    fr: ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.'],
    es: ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'],
  };
  return lang === 'en' ? `${months.en[m]} ${d}, 2025` : `${d}. ${months[lang][m]} 2025`.replace(/^(\d+)\. (?=[a-zé])/, '$1 ');
}

const ICON = '<svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24"><path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 3a7 7 0 1 1 0 14 7 7 0 0 1 0-14z"/></svg>';

/** A news site's mega-menu: every section with its sub-links and, optionally, a teaser story per section. */
export function megaMenu(r: Rand, lang: Lang, scheme: Scheme, teasers: boolean): string {
  const p = PACKS[lang];
  const items = p.sections
    .map((s) => {
      const subs = shuffle(r, p.objects)
        .slice(0, 5)
        .map((o) => `<li${cls(scheme, 'mega-menu', 'sub-item', 'py-1')}><a href="/${slug(s)}/${slug(o)}"${cls(scheme, 'mega-menu', 'link', 'text-sm hover:underline')}>${esc(o.replace(/^\w/, (c) => c.toUpperCase()))}</a></li>`)
        .join('');
      const teaser = teasers
        ? `<div${cls(scheme, 'mega-menu', 'teaser', 'col-span-2 p-4')}><a href="/${slug(s)}/story-${Math.floor(r() * 9000 + 1000)}"><img src="/img/teaser-${slug(s)}.jpg" alt=""><h3${cls(scheme, 'mega-menu', 'teaser-title', 'font-bold')}>${esc(headline(r, lang))}</h3><p>${esc(pick(r, p.deks))}</p></a></div>`
        : '';
      return `<li${cls(scheme, 'mega-menu', 'item', 'relative group')}><a href="/${slug(s)}"${cls(scheme, 'mega-menu', 'section', 'px-3 font-semibold')}>${esc(s)}</a><div${cls(scheme, 'mega-menu', 'panel', 'hidden group-hover:grid grid-cols-4')}><ul>${subs}</ul>${teaser}</div></li>`;
    })
    .join('\n');
  return `<nav${cls(scheme, 'mega-menu', undefined, 'border-b')} aria-label="Sections"><ul${cls(scheme, 'mega-menu', 'list', 'flex')}>\n${items}\n</ul></nav>`;
}

export function topBar(r: Rand, lang: Lang, scheme: Scheme, site: string, extra: string[] = []): string {
  const w = PACKS[lang].words;
  return `<header${cls(scheme, 'site-header', undefined, 'flex items-center justify-between px-6 py-3')}>
<a href="/"${cls(scheme, 'site-header', 'logo', 'text-2xl font-black')}>${esc(site)}</a>
<form action="/search"${cls(scheme, 'site-header', 'search', 'hidden md:block')}><label>${ICON}<input type="search" name="q" placeholder="${w.search}"></label></form>
<ul${cls(scheme, 'site-header', 'tools', 'flex gap-4')}>${[...extra, w.login, w.account].map((x) => `<li><a href="/${slug(x)}">${esc(x)}</a></li>`).join('')}</ul>
</header>`;
}

export function simpleNav(items: string[], scheme: Scheme, label = 'Main'): string {
  return `<nav aria-label="${label}"${cls(scheme, 'main-nav', undefined, 'flex gap-6 text-sm')}><ul>${items.map((x) => `<li${cls(scheme, 'main-nav', 'item')}><a href="/${slug(x)}/">${esc(x)}</a></li>`).join('')}</ul></nav>`;
}

export function breakingRail(r: Rand, lang: Lang, scheme: Scheme, n = 7): string {
  const w = PACKS[lang].words;
  const items = Array.from({ length: n }, (_, i) => `<li${cls(scheme, 'breaking', 'item', 'flex gap-2 py-2 border-b')}><time${cls(scheme, 'breaking', 'time', 'text-red-600')}>${String(7 + i).padStart(2, '0')}:${String(Math.floor(r() * 60)).padStart(2, '0')}</time><a href="/live/${1000 + i}">${esc(headline(r, lang))}</a></li>`).join('\n');
  return `<aside${cls(scheme, 'breaking', undefined, 'bg-gray-50 p-4')} aria-label="${w.breaking}"><h2${cls(scheme, 'breaking', 'title', 'uppercase text-red-700')}>${w.breaking}</h2><ol>\n${items}\n</ol></aside>`;
}

/** "More from …": a run of cards, each a linked heading with a one-line dek (and a date). */
export function recirculation(r: Rand, lang: Lang, scheme: Scheme, n: number, section?: string): string {
  const p = PACKS[lang];
  const sec = section ?? pick(r, p.sections);
  const cards = Array.from({ length: n }, () => {
    const h = headline(r, lang);
    return `<div${cls(scheme, 'story-card', undefined, 'flex flex-col gap-1 py-3')}><a href="/${slug(sec)}/${slug(h)}"${cls(scheme, 'story-card', 'link', 'block')}><img src="/img/${slug(h).slice(0, 20)}.jpg" alt="" loading="lazy"${cls(scheme, 'story-card', 'image', 'w-full aspect-video')}><h3${cls(scheme, 'story-card', 'title', 'text-lg font-semibold')}>${esc(h)}</h3></a><p${cls(scheme, 'story-card', 'dek', 'text-sm text-gray-600')}>${esc(pick(r, p.deks))}</p><span${cls(scheme, 'story-card', 'meta', 'text-xs')}>${date(r, lang)}</span></div>`;
  }).join('\n');
  return `<section${cls(scheme, 'recirculation', undefined, 'mt-12 border-t pt-6')}><h2${cls(scheme, 'recirculation', 'title', 'text-xl font-bold')}>${p.words.moreFrom} ${esc(sec)}</h2><div${cls(scheme, 'recirculation', 'grid', 'grid grid-cols-1 md:grid-cols-3 gap-6')}>\n${cards}\n</div></section>`;
}

export function newsletterBox(lang: Lang, scheme: Scheme): string {
  const w = PACKS[lang].words;
  return `<div${cls(scheme, 'newsletter-signup', undefined, 'rounded-xl bg-blue-50 p-6 my-8')}><h3${cls(scheme, 'newsletter-signup', 'title', 'font-bold')}>${w.newsletter}</h3><p>${w.newsletterText}</p><form action="/newsletter" method="post"><input type="email" placeholder="${w.email}" aria-label="${w.email}"><button type="submit">${w.subscribe}</button></form></div>`;
}

export function cookieBanner(lang: Lang, scheme: Scheme): string {
  const w = PACKS[lang].words;
  return `<div id="cookie-consent" role="dialog" aria-live="polite"${cls(scheme, 'cookie-banner', undefined, 'fixed bottom-0 inset-x-0 z-50 bg-white shadow-lg p-4')}><p${cls(scheme, 'cookie-banner', 'text', 'text-sm')}>${w.cookie} <a href="/privacy">${w.privacy}</a></p><div${cls(scheme, 'cookie-banner', 'actions', 'flex gap-2')}><button>${w.accept}</button><button>${w.reject}</button><button>${w.settings}</button></div></div>`;
}

export function shareBar(lang: Lang, scheme: Scheme): string {
  const w = PACKS[lang].words;
  return `<div${cls(scheme, 'share-bar', undefined, 'flex gap-3 my-4')} aria-label="${w.share}"><span>${w.share}</span>${['Facebook', 'X', 'LinkedIn', 'WhatsApp', 'Email'].map((s) => `<a href="https://share.example/${s.toLowerCase()}" aria-label="${s}"${cls(scheme, 'share-bar', 'button', 'rounded-full p-2')}>${ICON}<span>${s}</span></a>`).join('')}</div>`;
}

/** A comment section under an article (not content: the reader wants the story). */
export function commentsSection(r: Rand, lang: Lang, scheme: Scheme, n: number): string {
  const p = PACKS[lang];
  const items = Array.from({ length: n }, (_, i) => `<li id="comment-${4100 + i}"${cls(scheme, 'comment', undefined, 'py-4 border-b')}><div${cls(scheme, 'comment', 'meta', 'text-sm')}><strong${cls(scheme, 'comment', 'author')}>${esc(pick(r, p.commenters))}</strong> <time>${date(r, lang)}</time></div><div${cls(scheme, 'comment', 'body')}><p>${esc(pick(r, p.commentTexts))}</p></div><a href="#reply-${4100 + i}"${cls(scheme, 'comment', 'reply')}>${p.words.reply}</a></li>`).join('\n');
  return `<section id="comments"${cls(scheme, 'comments', undefined, 'mt-10')}><h2>${p.words.comments} (${n})</h2><ol${cls(scheme, 'comments', 'list')}>\n${items}\n</ol><form id="respond"><textarea name="comment"></textarea><button>${p.words.reply}</button></form></section>`;
}

export function sidebarWidgets(r: Rand, lang: Lang, scheme: Scheme): string {
  const p = PACKS[lang];
  const recent = Array.from({ length: 6 }, () => `<li><a href="/${slug(headline(r, lang))}/">${esc(headline(r, lang))}</a></li>`).join('');
  const cats = shuffle(r, p.sections)
    .slice(0, 8)
    .map((s) => `<li class="cat-item"><a href="/category/${slug(s)}/">${esc(s)}</a> (${Math.floor(r() * 40 + 2)})</li>`)
    .join('');
  return `<aside${cls(scheme, 'sidebar', undefined, 'w-72 shrink-0')} role="complementary"><section${cls(scheme, 'widget', undefined, 'mb-8')}><h2${cls(scheme, 'widget', 'title')}>${p.words.recent}</h2><ul>${recent}</ul></section><section${cls(scheme, 'widget', undefined, 'mb-8')}><h2${cls(scheme, 'widget', 'title')}>${p.words.categories}</h2><ul>${cats}</ul></section><section${cls(scheme, 'widget', undefined, 'mb-8')}><h2${cls(scheme, 'widget', 'title')}>${p.words.trending}</h2><ol>${Array.from({ length: 5 }, () => `<li><a href="/t/${Math.floor(r() * 1e5)}">${esc(headline(r, lang))}</a></li>`).join('')}</ol></section></aside>`;
}

const SERVICE_LINKS: Record<Lang, [string, string[]]> = {
  en: ['Customer service', ['Delivery', 'Returns', 'FAQ', 'Gift cards', 'Find us']],
  de: ['Kundenservice', ['Versand', 'Rückgabe', 'FAQ', 'Gutscheine', 'Anfahrt']],
  fr: ['Service client', ['Livraison', 'Retours', 'FAQ', 'Cartes cadeaux', 'Nous trouver']],
  es: ['Atención al cliente', ['Envíos', 'Devoluciones', 'Preguntas frecuentes', 'Tarjetas regalo', 'Dónde estamos']],
};

/** A site footer; `kind: 'news'` lists the paper's sections, `'site'` (shops, services, listings) customer-service links. */
export function footer(r: Rand, lang: Lang, scheme: Scheme, site: string, kind: 'news' | 'site' = 'news'): string {
  const p = PACKS[lang];
  const w = p.words;
  const cols: Array<readonly [string, readonly string[]]> = [
    [site, [w.about, w.careers, w.contact, w.help]],
    kind === 'news' ? [p.sections[0], p.sections.slice(1, 7)] : SERVICE_LINKS[lang],
    [w.follow, ['Facebook', 'Instagram', 'YouTube', 'LinkedIn', 'RSS']],
    ['Legal', [w.privacy, w.terms, 'Cookies', 'Impressum']],
  ] as const;
  return `<footer${cls(scheme, 'site-footer', undefined, 'bg-gray-900 text-gray-300 mt-16 px-6 py-10')}><div${cls(scheme, 'site-footer', 'columns', 'grid grid-cols-2 md:grid-cols-4 gap-8')}>${cols
    .map(([h, links]) => `<div><h4${cls(scheme, 'site-footer', 'heading', 'font-semibold text-white')}>${esc(h)}</h4><ul>${links.map((l) => `<li><a href="/${slug(l)}">${esc(l)}</a></li>`).join('')}</ul></div>`)
    .join('')}</div><p${cls(scheme, 'site-footer', 'legal', 'text-xs mt-8')}>© 2025 ${esc(site)}. ${w.rights}</p></footer>`;
}

/** Tracking and app-shell scripts real pages carry: bulk an extractor must skip, never text. */
export function scripts(r: Rand, extra = ''): string {
  const id = Math.floor(r() * 1e9);
  return `<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());gtag('config','G-${id.toString(36).toUpperCase()}',{anonymize_ip:true});</script>
<script async src="https://www.googletagmanager.com/gtag/js?id=G-${id}"></script>
${extra}`;
}

export function jsonLd(obj: Record<string, unknown>): string {
  return `<script type="application/ld+json">${JSON.stringify({ '@context': 'https://schema.org', ...obj })}</script>`;
}

export const styleBlock = (css: string): string => `<style>${css}</style>`;

export const BASE_CSS = `:root{--fg:#111;--bg:#fff;--accent:#0b5fff}*{box-sizing:border-box}body{margin:0;font:16px/1.6 system-ui,sans-serif;color:var(--fg);background:var(--bg)}a{color:var(--accent)}img{max-width:100%;height:auto}.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`;

export { date as randomDate };
